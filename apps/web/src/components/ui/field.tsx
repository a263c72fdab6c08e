import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** A short explanation under the control; tie it with aria-describedby={`${id}-hint`}. */
  hint?: ReactNode;
  /** A message for this field; tie it with aria-describedby={`${id}-error`}. */
  error?: string | null;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error stacked, with ids the control can reference. */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby for a control inside <Field>, listing only the parts that are shown. */
export function describedBy(id: string, parts: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = [parts.hint && `${id}-hint`, parts.error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
