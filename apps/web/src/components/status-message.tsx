import { AlertCircle, Loader2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

export function LoadingState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 px-4 py-12 text-sm text-slate-500', className)}
    >
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      {children}
    </div>
  );
}

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-4 py-10 text-center', className)}>
      <span className="grid h-12 w-12 place-items-center rounded-full bg-slate-100 text-slate-400" aria-hidden="true">
        <Icon className="h-6 w-6" />
      </span>
      <p className="mt-4 text-sm font-semibold text-slate-900">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A load failure with 'Try Again'. */
export function ErrorState({ title, message, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center px-4 py-10 text-center', className)}>
      <span className="grid h-12 w-12 place-items-center rounded-full bg-red-50 text-red-500" aria-hidden="true">
        <AlertCircle className="h-6 w-6" />
      </span>
      {title && <p className="mt-4 text-sm font-semibold text-slate-900">{title}</p>}
      <p className={cn('max-w-sm text-sm text-slate-600', title ? 'mt-1' : 'mt-4')}>{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-5" onClick={onRetry} disabled={retrying} loading={retrying}>
          Try Again
        </Button>
      )}
    </div>
  );
}
