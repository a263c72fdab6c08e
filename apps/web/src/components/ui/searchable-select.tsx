import { Check, ChevronDown, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { activeAfterChange, comboboxKey } from './combobox-keys';
import { inputClasses } from './input';

export interface SearchableSelectProps<T> {
  /** The text field's id (the <label htmlFor>). */
  id: string;
  /** The chosen option's key, null for none. */
  selectedKey: string | number | null;
  /** The chosen option's label, shown in the field while the list is closed (known even when the option is not loaded). */
  selectedLabel: string;
  onSelect: (option: T) => void;
  /** What the user typed; the parent asks the server with it. */
  query: string;
  onQueryChange: (query: string) => void;
  onOpenChange?: (open: boolean) => void;
  options: readonly T[];
  getKey: (option: T) => string | number;
  getLabel: (option: T) => string;
  renderOption?: (option: T) => ReactNode;
  /** The listbox's accessible name. Not the field's label: tests and assistive tech find the field by that alone. */
  listLabel: string;
  placeholder?: string;
  /** The first page for the current text is on its way and nothing older is shown. */
  loading: boolean;
  /** The options shown answer an older text (the newer answer is on its way): dimmed. */
  stale?: boolean;
  error?: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Shown when the current text matches nothing. */
  noMatchText: (query: string) => string;
  /** Shown when there is nothing at all to choose. */
  emptyText: string;
  /** Options at the head of the list that are not rows of the server's list ('All pools'): left out of the count shown. */
  leadingOptions?: number;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Rows from the end of the list at which scrolling asks for the next page. */
const LOAD_AHEAD_PX = 48;

/**
 * A select whose options come from the server a page at a time, narrowed by what the user types
 * (WAI-ARIA APG editable combobox with list autocomplete). A native <select> needs every option in
 * the page, which a user with thousands of pools cannot have. Focus stays in the text field; the
 * highlighted option is announced through aria-activedescendant; ArrowDown on the last loaded
 * option, scrolling to the end or 'Load more' fetch the next page.
 *
 * The list opens below the field in the document flow rather than floating, so a dialog's
 * scrolling body never clips it.
 */
export function SearchableSelect<T>({
  id,
  selectedKey,
  selectedLabel,
  onSelect,
  query,
  onQueryChange,
  onOpenChange,
  options,
  getKey,
  getLabel,
  renderOption,
  listLabel,
  placeholder = 'Search...',
  loading,
  stale = false,
  error = null,
  hasMore,
  loadingMore,
  onLoadMore,
  noMatchText,
  emptyText,
  leadingOptions = 0,
  disabled = false,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: SearchableSelectProps<T>) {
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpenState] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const keysSignature = options.map((option) => String(getKey(option))).join('\n');
  const previousKeys = useRef<string[]>(keysSignature ? keysSignature.split('\n') : []);
  // A page appended below keeps the highlight; a new result list starts without one.
  useEffect(() => {
    const next = keysSignature ? keysSignature.split('\n') : [];
    setActiveIndex((index) => activeAfterChange(previousKeys.current, next, index));
    previousKeys.current = next;
  }, [keysSignature]);

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  function setOpen(next: boolean) {
    if (next === open) return;
    setOpenState(next);
    setActiveIndex(-1);
    // A closed list forgets the search: the next opening starts from the newest options.
    if (!next && query) onQueryChange('');
    onOpenChange?.(next);
  }

  function choose(index: number) {
    const option = options[index];
    if (option === undefined) return;
    onSelect(option);
    setOpen(false);
  }

  function loadMore() {
    // A failed next page is asked again on the next request (arrow, scroll or 'Load more').
    if (hasMore && !loadingMore) onLoadMore();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const result = comboboxKey(event.key, { open, activeIndex, count: options.length, hasMore }, { alt: event.altKey });
    switch (result.kind) {
      case 'ignore':
        return;
      case 'move':
        event.preventDefault();
        if (!open) {
          setOpenState(true);
          onOpenChange?.(true);
        }
        setActiveIndex(result.activeIndex);
        if (result.loadMore) loadMore();
        return;
      case 'select':
        event.preventDefault();
        choose(result.index);
        return;
      case 'close':
        event.preventDefault();
        setOpen(false);
        return;
    }
  }

  const activeId = open && activeIndex >= 0 && activeIndex < options.length ? optionId(activeIndex) : undefined;
  const trimmed = query.trim();
  let status: string | null = null;
  if (open) {
    if (error && options.length === 0) status = error;
    else if (loading) status = 'Loading...';
    else if (options.length === 0) status = trimmed ? noMatchText(trimmed) : emptyText;
  }

  return (
    <div
      className="relative min-w-0"
      onBlur={(event) => {
        // Leaving the field and its list (Tab, a click elsewhere) closes it, like a native select.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={ariaInvalid}
          aria-describedby={ariaDescribedBy}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          maxLength={100}
          // Open, the field holds the search text; the chosen option stays visible as the placeholder.
          value={open ? query : selectedLabel}
          placeholder={open ? selectedLabel || placeholder : placeholder}
          onChange={(event) => {
            onQueryChange(event.target.value);
            if (!open) {
              setOpenState(true);
              onOpenChange?.(true);
            }
            setActiveIndex(-1);
          }}
          onClick={() => {
            if (!open) setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, 'pr-9')}
        />
        {/* A pointer affordance only (APG): the keyboard opens the list with the arrows, so the
            button is out of the tab order and of the accessibility tree. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          // Keeps focus in the field, so the press does not blur-close the list first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen(!open);
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-1 grid h-8 w-8 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-slate-400 hover:text-slate-700 disabled:cursor-not-allowed"
        >
          {open && (loading || stale) ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
          )}
        </button>
      </div>

      <div
        className={cn('mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', !open && 'hidden')}
      >
        {/* The listbox always exists so aria-controls points at something; it is empty when closed. */}
        <ul
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-label={listLabel}
          aria-busy={loading || stale || loadingMore}
          onScroll={(event) => {
            const list = event.currentTarget;
            if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_AHEAD_PX) loadMore();
          }}
          className={cn('max-h-60 overflow-y-auto py-1', (!open || options.length === 0) && 'hidden')}
        >
          {open &&
            options.map((option, index) => {
              const key = getKey(option);
              const chosen = key === selectedKey;
              return (
                <li
                  key={key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(index)}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActiveIndex(index);
                  }}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900',
                    index === activeIndex ? 'bg-indigo-50' : 'hover:bg-slate-50',
                    stale && 'opacity-60',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    {renderOption ? renderOption(option) : <span className="block truncate">{getLabel(option)}</span>}
                  </span>
                  {chosen && <Check className="h-4 w-4 shrink-0 text-indigo-600" aria-label="Chosen" />}
                </li>
              );
            })}
        </ul>
        {open && (status || hasMore || loadingMore || (error && options.length > 0)) && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-3 py-2 text-xs text-slate-500 first:border-t-0">
            <p role="status" className="min-w-0 break-words">
              {status ??
                (error
                  ? error
                  : loadingMore
                    ? 'Loading more...'
                    : `${options.length - leadingOptions} shown, scroll or type to find more`)}
            </p>
            {hasMore && options.length > 0 && (
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  loadMore();
                  inputRef.current?.focus();
                }}
                disabled={loadingMore}
                className="cursor-pointer rounded-md px-2 py-1 font-medium text-indigo-600 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {loadingMore ? 'Loading...' : 'Load more'}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * For a dialog around a searchable select (Radix onEscapeKeyDown): Escape in an open list closes the
 * list, not the dialog. Radix hears the key first (a capturing listener on the document), so the
 * field's own handler cannot stop it.
 */
export function keepDialogOpenForOpenList(event: KeyboardEvent | globalThis.KeyboardEvent) {
  const target = event.target;
  if (
    target instanceof HTMLElement &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  ) {
    event.preventDefault();
  }
}
