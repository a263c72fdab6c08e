import { Check, Copy } from 'lucide-react';
import { cn } from '../lib/cn';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard';

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: 'Copy contract address'. */
  label: string;
  className?: string;
}

/** Copies a value; shows 'copied' for 2 s (product §6). Stops the click so a clickable row stays put. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const { copy, copied, failed } = useCopyToClipboard();
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        copy(value);
      }}
      onKeyDown={(event) => event.stopPropagation()}
      aria-label={copied ? `${label}: copied` : label}
      title={failed ? 'Copy failed' : copied ? 'Copied' : label}
      className={cn(
        'inline-flex h-7 shrink-0 cursor-pointer items-center gap-1 rounded-md px-1.5 text-xs font-medium text-slate-500 transition-colors',
        'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        copied && 'text-emerald-700 hover:text-emerald-800',
        className,
      )}
    >
      {copied ? (
        <Check className="h-3.5 w-3.5" aria-hidden="true" />
      ) : (
        <Copy className="h-3.5 w-3.5" aria-hidden="true" />
      )}
      {copied && <span>copied</span>}
      <span className="sr-only" role="status">
        {copied ? 'Copied to the clipboard' : failed ? 'Copy failed' : ''}
      </span>
    </button>
  );
}
