import type { ReactNode } from 'react';

export interface ReadOnlyValueProps {
  label: string;
  value: string;
  hint?: ReactNode;
}

/** A labelled value that cannot be edited here; empty values read 'Not set'. */
export function ReadOnlyValue({ label, value, hint }: ReadOnlyValueProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">
        {value.trim() ? value : <span className="text-slate-500 italic">Not set</span>}
      </dd>
      {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}
