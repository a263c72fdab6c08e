import {
  activityKinds,
  activityMessages,
  isWholeTrader,
  normalTraderFilter,
  shortenAddress,
  TRADER_FILTER_RE,
  type ActivityKind,
  type Pool,
  type Project,
} from '@tokendesk/contract';
import { useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { PoolOption, poolOptionLabel } from '../../../components/pool-option';
import { Label } from '../../../components/ui/label';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { Select } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { ActivityFilters as Filters } from '../api/get-activity';
import { poolFilterOptionsQueryOptions, projectFilterOptionsQueryOptions } from '../api/get-filter-options';
import { activityKindLabels } from './activity-kind-badge';

/** Typing settles for this long before the server is asked (as the alert form's pool select). */
export const FILTER_SEARCH_DEBOUNCE_MS = 250;

export const ALL_PROJECTS = 'All projects';
export const ALL_POOLS = 'All pools';

/** What the user chose, with its label (the screen shows it without the option being loaded). */
export interface FilterChoice {
  id: number;
  label: string;
  /** A pool's project: choosing another project keeps the pool only when it belongs to it. */
  projectId?: number;
}

export interface ActivityFiltersProps {
  filters: Filters;
  /** The labels of the chosen project and pool, when known (else 'Project #id' / 'Pool #id'). */
  projectLabel: string | undefined;
  poolLabel: string | undefined;
  /** The pool filter's project, when known. */
  poolProjectId: number | undefined;
  /** A trader in the address that is no filter (e.g. '0x70'): shown in the field with its error, never dropped unsaid. */
  invalidTrader?: string | undefined;
  onChange: (filters: Filters, chosen: { project?: FilterChoice; pool?: FilterChoice }) => void;
}

export function projectOptionLabel(project: Pick<Project, 'name' | 'token_symbol'>): string {
  return `${project.name} (${project.token_symbol})`;
}

/**
 * Product §2.9: project, pool, kind and trader; choosing a project narrows the pools to its own.
 * Project and pool are searchable selects over the server's paged lists, so any of thousands can be
 * chosen; the first option of each, while nothing is typed, is 'All'.
 */
export function ActivityFilters({
  filters,
  projectLabel,
  poolLabel,
  poolProjectId,
  invalidTrader,
  onChange,
}: ActivityFiltersProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="activity-project">Project</Label>
        <FilterSelect<Project>
          id="activity-project"
          allLabel={ALL_PROJECTS}
          chosenId={filters.project}
          chosenLabel={filters.project === undefined ? ALL_PROJECTS : (projectLabel ?? `Project #${filters.project}`)}
          useOptions={useProjectOptions}
          getLabel={projectOptionLabel}
          renderOption={(project) => (
            <>
              <span className="block truncate font-medium">{project.name}</span>
              <span className="block truncate text-xs text-slate-500">{project.token_symbol}</span>
            </>
          )}
          placeholder="Search projects by name, symbol or address"
          noun="projects"
          onSelect={(project) => {
            if (!project) return onChange({ ...filters, project: undefined }, {});
            // A pool of another project would leave nothing to show.
            const keepPool = filters.pool !== undefined && poolProjectId === project.id;
            onChange(
              { ...filters, project: project.id, pool: keepPool ? filters.pool : undefined },
              { project: { id: project.id, label: projectOptionLabel(project) } },
            );
          }}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="activity-pool">Pool</Label>
        <FilterSelect<Pool>
          // A new project means a new list of pools: start from its newest.
          key={filters.project ?? 'all'}
          id="activity-pool"
          allLabel={ALL_POOLS}
          chosenId={filters.pool}
          chosenLabel={filters.pool === undefined ? ALL_POOLS : (poolLabel ?? `Pool #${filters.pool}`)}
          useOptions={usePoolOptions}
          scope={filters.project}
          getLabel={poolOptionLabel}
          renderOption={(pool) => <PoolOption pool={pool} />}
          placeholder="Search pools by token, DEX or address"
          noun="pools"
          onSelect={(pool) =>
            onChange(
              { ...filters, pool: pool?.id },
              pool ? { pool: { id: pool.id, label: poolOptionLabel(pool), projectId: pool.project.id } } : {},
            )
          }
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor="activity-kind">Kind</Label>
        <Select
          id="activity-kind"
          value={filters.kind ?? ''}
          onChange={(e) =>
            onChange({ ...filters, kind: (e.target.value || undefined) as ActivityKind | undefined }, {})
          }
        >
          <option value="">All kinds</option>
          {activityKinds.map((kind) => (
            <option key={kind} value={kind}>
              {activityKindLabels[kind]}
            </option>
          ))}
        </Select>
      </div>
      {/* A new trader from the address (a row's trader link) replaces what was typed. */}
      <TraderFilter
        key={filters.trader ?? invalidTrader ?? ''}
        trader={filters.trader}
        initialText={invalidTrader}
        onChange={(trader) => onChange({ ...filters, trader }, {})}
      />
    </div>
  );
}

/**
 * Whether `text` is a trader filter the server accepts: an address or its start of at least 4 hex
 * digits ('0x' optional, any case); '' clears the filter.
 */
export function traderFilterError(text: string): string | null {
  const value = text.trim();
  return value === '' || TRADER_FILTER_RE.test(value) ? null : activityMessages.traderInvalid;
}

/** The filter as the list's summary names it: one trader shortened, or the start every shown trader shares. */
export function traderSummary(trader: string): string {
  return isWholeTrader(trader) ? `trader ${shortenAddress(trader)}` : `traders starting ${normalTraderFilter(trader)}`;
}

export const TRADER_HINT = 'An address or its first characters; Enter applies';

/** The trader (a transaction's sender) to show the events of; applied on Enter or when the field is left. */
export function TraderFilter({
  trader,
  initialText,
  onChange,
}: {
  trader: string | undefined;
  /** Text to start with when there is no valid filter (from the address): its error shows at once. */
  initialText?: string | undefined;
  onChange: (trader: string | undefined) => void;
}) {
  const [text, setText] = useState(trader ?? initialText ?? '');
  const [error, setError] = useState<string | null>(() =>
    trader === undefined && initialText ? traderFilterError(initialText) : null,
  );
  function apply(event?: FormEvent) {
    event?.preventDefault();
    const problem = traderFilterError(text);
    setError(problem);
    if (problem) return;
    const value = text.trim() || undefined;
    if (value?.toLowerCase() !== trader?.toLowerCase()) onChange(value);
  }
  return (
    <form className="flex min-w-0 flex-col gap-1.5" onSubmit={apply} role="search" aria-label="Trader filter">
      <Label htmlFor="activity-trader">Trader</Label>
      <Input
        id="activity-trader"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => apply()}
        placeholder="0x… address or its start"
        spellCheck={false}
        autoComplete="off"
        className="font-mono"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'activity-trader-error' : 'activity-trader-hint'}
      />
      {error ? (
        <p id="activity-trader-error" className="text-xs text-red-600">
          {error}
        </p>
      ) : (
        <p id="activity-trader-hint" className="text-xs text-slate-500">
          {TRADER_HINT}
        </p>
      )}
    </form>
  );
}

/** One search's options, a page at a time. */
interface OptionsAnswer<T> {
  rows: T[];
  query: UseInfiniteQueryResult<unknown>;
}

function useProjectOptions(q: string, enabled: boolean): OptionsAnswer<Project> {
  const query = useInfiniteQuery({ ...projectFilterOptionsQueryOptions(q), enabled });
  return { rows: query.data?.pages.flatMap((page) => page.projects) ?? [], query };
}

function usePoolOptions(q: string, enabled: boolean, project?: number): OptionsAnswer<Pool> {
  const query = useInfiniteQuery({ ...poolFilterOptionsQueryOptions(q, project), enabled });
  return { rows: query.data?.pages.flatMap((page) => page.pools) ?? [], query };
}

interface FilterSelectProps<T extends { id: number }> {
  id: string;
  allLabel: string;
  chosenId: number | undefined;
  chosenLabel: string;
  /** A hook: the options for the search text (within `scope`, e.g. a project), asked only once `enabled`. */
  useOptions: (q: string, enabled: boolean, scope?: number) => OptionsAnswer<T>;
  scope?: number;
  getLabel: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  placeholder: string;
  noun: string;
  /** null: 'All'. */
  onSelect: (option: T | null) => void;
}

const ALL_KEY = 'all';

/** A searchable select whose first option, while nothing is typed, is 'All' (no filter). */
function FilterSelect<T extends { id: number }>({
  id,
  allLabel,
  chosenId,
  chosenLabel,
  useOptions,
  scope,
  getLabel,
  renderOption,
  placeholder,
  noun,
  onSelect,
}: FilterSelectProps<T>) {
  const [query, setQuery] = useState('');
  // Nothing is asked until the list first opens: the screen itself does not need the options.
  const [opened, setOpened] = useState(false);
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, FILTER_SEARCH_DEBOUNCE_MS);
  const { rows, query: answer } = useOptions(debounced, opened, scope);
  const stale = debounced !== trimmed || answer.isPlaceholderData;
  // 'All' heads the unsearched list; a search lists only what matches.
  const shown: (T | null)[] = trimmed === '' ? [null, ...rows] : rows;

  return (
    <SearchableSelect<T | null>
      id={id}
      selectedKey={chosenId ?? ALL_KEY}
      selectedLabel={chosenLabel}
      onSelect={onSelect}
      query={query}
      onQueryChange={setQuery}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      options={shown}
      getKey={(option) => option?.id ?? ALL_KEY}
      getLabel={(option) => (option ? getLabel(option) : allLabel)}
      renderOption={(option) =>
        option ? renderOption(option) : <span className="block truncate font-medium">{allLabel}</span>
      }
      // Not the field's name: getByLabel('Pool') and assistive tech must find the field alone.
      listLabel="Search results"
      placeholder={placeholder}
      loading={opened && answer.isPending}
      stale={stale}
      error={
        answer.isError ? (serverMessage(answer.error) ?? `The ${noun} could not be loaded. Please try again.`) : null
      }
      hasMore={answer.hasNextPage}
      loadingMore={answer.isFetchingNextPage}
      onLoadMore={() => void answer.fetchNextPage()}
      noMatchText={(text) => `No ${noun} match "${text}"`}
      emptyText={`You have no ${noun} yet`}
      leadingOptions={shown.length - rows.length}
    />
  );
}
