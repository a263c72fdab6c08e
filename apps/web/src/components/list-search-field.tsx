import { Loader2, Search, X } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../lib/cn';

export interface ListSearchFieldProps {
  /** The field's accessible name, e.g. 'Search funds'. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The server is answering the current text. */
  searching?: boolean;
  className?: string;
}

/** The search box above a paged list: the text goes to the server, not through rows already loaded. */
export function ListSearchField({
  label,
  placeholder,
  value,
  onChange,
  searching = false,
  className,
}: ListSearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={cn('relative w-full', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={100}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
        className={cn(
          'block h-10 w-full rounded-lg border border-slate-300 bg-white pr-16 pl-9 text-sm text-slate-900 placeholder:text-slate-400 shadow-sm',
          'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {searching && (
        <Loader2
          className="absolute top-1/2 right-10 h-4 w-4 -translate-y-1/2 animate-spin text-slate-400"
          aria-hidden="true"
        />
      )}
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-1.5 grid h-7 w-7 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
