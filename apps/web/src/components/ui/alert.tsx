import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'success' | 'error' | 'info';

const tones: Record<AlertTone, { box: string; icon: typeof Info }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', icon: CheckCircle2 },
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: AlertCircle },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-800', icon: Info },
};

export interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  id?: string;
  className?: string;
}

/** An inline banner. Errors interrupt screen readers (role=alert); the rest are polite. */
export function Alert({ tone, children, id, className }: AlertProps) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', box, className)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
