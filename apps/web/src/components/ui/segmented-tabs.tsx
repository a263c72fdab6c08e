import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';

/** The look of one segment of a segmented control (tabs, or a group of pressed buttons). */
export const segmentClass = (active: boolean) =>
  cn(
    'inline-flex h-7 cursor-pointer items-center gap-1.5 rounded-md px-3 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
    active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

/** The option a key moves to from `index` (WAI-ARIA tabs: arrows wrap, Home and End); null for other keys. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A range or interval switch of a chart card: a tablist of segments, one tab stop (the selected
 * one), arrows move and select (selection follows focus: each choice is one cheap query). Tab
 * `${idPrefix}-${option}` labels the panel `panelId`, which the card renders.
 */
export function SegmentedTabs<T extends string>({
  label,
  options,
  value,
  onChange,
  labels,
  idPrefix,
  panelId,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (next: T) => void;
  labels: Record<T, string>;
  idPrefix: string;
  panelId: string;
}) {
  const tabs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = tabKeyTarget(event.key, options.indexOf(value), options.length);
    if (target === null) return;
    event.preventDefault();
    const next = options[target]!;
    onChange(next);
    tabs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-0.5" onKeyDown={onKeyDown}>
      {options.map((option) => (
        <button
          key={option}
          ref={(node) => {
            tabs.current[option] = node;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${option}`}
          aria-selected={value === option}
          aria-controls={panelId}
          tabIndex={value === option ? 0 : -1}
          onClick={() => onChange(option)}
          className={segmentClass(value === option)}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}
