import { useQuery } from '@tanstack/react-query';
import { Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { InitialsBadge } from '../../../components/initials-badge';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_MIN_LENGTH, searchProjectsQueryOptions } from '../api/search-projects';
import { paths } from '../../../lib/paths';

/** Product §4: searches run 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

export interface ProjectSearchProps {
  /** Focus the field on mount (the mobile overlay). */
  autoFocus?: boolean;
  /** After a result was opened; the mobile overlay closes itself. */
  onNavigate?: () => void;
  className?: string;
}

/**
 * The header search (product §2.2), an ARIA 1.2 combobox: the field keeps focus, ArrowUp/ArrowDown move
 * the active option (aria-activedescendant), Enter opens it, Escape and a click outside close the box.
 */
export function ProjectSearch({ autoFocus = false, onNavigate, className }: ProjectSearchProps) {
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const containerRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useQuery(searchProjectsQueryOptions(debounced));
  const searchable = trimmed.length >= SEARCH_MIN_LENGTH;
  // Until the debounce settles (or the answer for the current text arrives) the results are stale.
  const settled = debounced === trimmed && !search.isPlaceholderData;
  const results = searchable ? (search.data ?? []) : [];
  const showBox = open && searchable;
  const expanded = showBox && results.length > 0;

  useEffect(() => {
    if (!showBox) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [showBox]);

  // A new result list starts without an active option.
  useEffect(() => setActiveIndex(-1), [search.data]);

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, baseId]);

  function openProject(id: number) {
    setOpen(false);
    setQuery('');
    setActiveIndex(-1);
    navigate(paths.project(id));
    onNavigate?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (results.length) setActiveIndex((i) => (i + 1) % results.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (results.length) setActiveIndex((i) => (i <= 0 ? results.length - 1 : i - 1));
        break;
      case 'Enter': {
        const target = showBox ? results[activeIndex >= 0 ? activeIndex : 0] : undefined;
        // Enter without a highlighted option opens the only or first match, as a search box would.
        if (target && (activeIndex >= 0 || settled)) {
          event.preventDefault();
          openProject(target.id);
        }
        break;
      }
      case 'Escape':
        if (showBox) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        break;
      default:
        break;
    }
  }

  const activeId = expanded && activeIndex >= 0 ? `${baseId}-option-${activeIndex}` : undefined;
  let status: string | null = null;
  if (showBox && results.length === 0) {
    if (search.isError) status = 'Search failed. Please try again.';
    else if (!settled || search.isFetching) status = 'Searching...';
    else status = `No projects found for "${trimmed}"`;
  }

  return (
    <div
      ref={containerRef}
      className={cn('relative w-full', className)}
      onBlur={(event) => {
        // Tabbing away closes the box like a click outside does.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        type="search"
        role="combobox"
        aria-label="Search projects"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder="Search projects..."
        value={query}
        maxLength={100}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={cn(
          'block h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-400',
          'focus:border-indigo-500 focus:bg-white focus:ring-2 focus:ring-indigo-500/30 focus:outline-none',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {showBox && search.isFetching && results.length > 0 && (
        <Loader2
          className="absolute top-1/2 right-9 h-4 w-4 -translate-y-1/2 animate-spin text-slate-400"
          aria-hidden="true"
        />
      )}
      {query && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setQuery('');
            setActiveIndex(-1);
            containerRef.current?.querySelector('input')?.focus();
          }}
          className="absolute top-1/2 right-1.5 grid h-7 w-7 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}

      <div
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg',
          !showBox && 'hidden',
        )}
      >
        {/* The listbox always exists so aria-controls points at something; it is empty when closed. */}
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Matching projects"
          className={cn('max-h-[300px] overflow-y-auto py-1', results.length === 0 && 'hidden')}
        >
          {showBox &&
            results.map((result, index) => (
              <li
                key={result.id}
                id={`${baseId}-option-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps focus in the field, so the click does not blur-close the box first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openProject(result.id)}
                onMouseMove={() => setActiveIndex(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  index === activeIndex ? 'bg-indigo-50' : 'hover:bg-slate-50',
                  !settled && 'opacity-60',
                )}
              >
                <InitialsBadge id={result.id} name={result.name} size="sm" />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{result.name}</span>
                <span className="shrink-0 text-xs font-medium text-slate-500">{result.token_symbol}</span>
              </li>
            ))}
        </ul>
        {status && (
          <p role="status" className="px-3 py-3 text-sm break-words text-slate-500">
            {status}
          </p>
        )}
      </div>
    </div>
  );
}
