import { activityKinds, TRADER_FILTER_RE, type ActivityKind } from '@tokendesk/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowUp, Download, History, RefreshCw } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { poolOptionLabel } from '../../../components/pool-option';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { useActivityFeed, type ActivityFilters as Filters } from '../../../features/activity/api/get-activity';
import { filterPoolQueryOptions, filterProjectQueryOptions } from '../../../features/activity/api/get-filter-options';
import {
  ActivityFilters,
  projectOptionLabel,
  traderSummary,
  type FilterChoice,
} from '../../../features/activity/components/activity-filters';
import { activityKindLabels } from '../../../features/activity/components/activity-kind-badge';
import { ActivityRow } from '../../../features/activity/components/activity-row';
import { BookedAmountsNote } from '../../../features/activity/components/booked-amounts-note';
import { ExportActivityDialog } from '../../../features/activity/components/export-activity-dialog';
import { userPoolsQueryOptions } from '../../../features/pools/api/get-user-pools';
import { useLoadErrorText } from '../../../lib/live/connection-store';
import { useLiveListRows } from '../../../lib/live/new-rows';

function positiveId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

function filtersFrom(params: URLSearchParams): Filters {
  const kind = params.get('kind');
  const trader = params.get('trader');
  return {
    project: positiveId(params.get('project')),
    pool: positiveId(params.get('pool')),
    kind: kind && (activityKinds as readonly string[]).includes(kind) ? (kind as ActivityKind) : undefined,
    trader: trader && TRADER_FILTER_RE.test(trader) ? trader : undefined,
  };
}

/** Product §2.9: every swap and liquidity change of the user's pools, newest first. */
export function ActivitiesRoute() {
  useDocumentTitle('Activity');
  // The user's newest pools (from the pools feature): the rows' DEX logos and explorer links. The
  // filters search the server's paged lists instead, so any pool can be chosen.
  const pools = useQuery(userPoolsQueryOptions);
  const [params, setParams] = useSearchParams();
  // The filters live in the address, so a filtered view can be reloaded and shared.
  const filters = useMemo(() => filtersFrom(params), [params]);
  const feed = useActivityFeed(filters);
  const loadErrorText = useLoadErrorText();
  const now = useNow(15_000);
  const [exporting, setExporting] = useState(false);
  const poolById = useMemo(() => new Map(pools.data?.map((pool) => [pool.id, pool])), [pools.data]);
  const events = useMemo(() => feed.data?.pages.flatMap((page) => page.events) ?? [], [feed.data]);
  // Issue 31: rows the live stream brings in land at the top without moving the reading position.
  const listRef = useRef<HTMLUListElement>(null);
  const eventIds = useMemo(() => events.map((event) => event.id), [events]);
  const { newCount, showNew } = useLiveListRows(listRef, eventIds);
  const filtered =
    filters.project !== undefined ||
    filters.pool !== undefined ||
    filters.kind !== undefined ||
    filters.trader !== undefined;

  // The chosen project's and pool's labels: remembered when chosen; after a reload or from a shared
  // link, from the loaded pools or the rows, else asked for (projects/{id}/, the pool's fund).
  const [chosen, setChosen] = useState<{ project?: FilterChoice; pool?: FilterChoice }>({});
  const chosenProject =
    filters.project !== undefined && chosen.project?.id === filters.project ? chosen.project : undefined;
  const chosenPool = filters.pool !== undefined && chosen.pool?.id === filters.pool ? chosen.pool : undefined;
  const filterProject = useQuery({
    ...filterProjectQueryOptions(filters.project ?? 0),
    enabled: filters.project !== undefined && !chosenProject,
  });
  const projectLabel =
    chosenProject?.label ?? (filterProject.data ? projectOptionLabel(filterProject.data) : undefined);
  const knownPool = filters.pool !== undefined ? poolById.get(filters.pool) : undefined;
  // The feed's rows carry their pool's label; only a pool without rows needs its own request.
  const eventLabel =
    filters.pool !== undefined ? events.find((event) => event.pool_id === filters.pool)?.pool_label : undefined;
  const filterPool = useQuery({
    ...filterPoolQueryOptions(filters.pool ?? 0),
    enabled:
      filters.pool !== undefined && !chosenPool && !knownPool && !eventLabel && pools.isFetched && feed.isFetched,
  });
  const loadedPool = knownPool ?? (filterPool.data?.id === filters.pool ? filterPool.data : undefined);
  const poolLabel = chosenPool?.label ?? (loadedPool ? poolOptionLabel(loadedPool) : eventLabel);
  const poolProjectId = chosenPool?.projectId ?? loadedPool?.project.id;

  const setFilters = (next: Filters, picked: { project?: FilterChoice; pool?: FilterChoice } = {}) => {
    setChosen((current) => ({ ...current, ...picked }));
    const search = new URLSearchParams();
    if (next.project !== undefined) search.set('project', String(next.project));
    if (next.pool !== undefined) search.set('pool', String(next.pool));
    if (next.kind) search.set('kind', next.kind);
    if (next.trader) search.set('trader', next.trader);
    setParams(search, { replace: true });
  };

  const summary = [
    filters.project !== undefined ? (projectLabel ?? `project #${filters.project}`) : null,
    filters.pool !== undefined ? (poolLabel ?? `pool #${filters.pool}`) : null,
    filters.kind ? activityKindLabels[filters.kind] : null,
    filters.trader ? traderSummary(filters.trader) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Activity"
        description="Swaps and liquidity changes of your pools, read from the chain"
        actions={
          <>
            <Button variant="outline" size="sm" onClick={() => void feed.refetch()} disabled={feed.isFetching}>
              <RefreshCw
                className={cn('h-4 w-4', feed.isFetching && !feed.isFetchingNextPage && 'animate-spin')}
                aria-hidden="true"
              />
              Refresh
            </Button>
            <Button variant="outline" size="sm" onClick={() => setExporting(true)}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </Button>
          </>
        }
      />
      <Card aria-label="Activity">
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <ActivityFilters
            filters={filters}
            onChange={setFilters}
            projectLabel={projectLabel}
            poolLabel={poolLabel}
            poolProjectId={poolProjectId}
            invalidTrader={filters.trader === undefined ? (params.get('trader') ?? undefined) : undefined}
          />
        </div>
        {feed.isPending ? (
          <LoadingState>Loading activity...</LoadingState>
        ) : feed.isError && !feed.data ? (
          <ErrorState
            message={loadErrorText(
              feed.error,
              serverMessage(feed.error) ?? 'Failed to load activity. Please try again.',
            )}
            onRetry={() => void feed.refetch()}
            retrying={feed.isFetching}
          />
        ) : events.length === 0 ? (
          <EmptyState
            icon={History}
            title={filtered ? 'No matching activity' : 'No activity yet'}
            description={
              filtered
                ? 'No swaps or liquidity changes match these filters.'
                : 'Swaps and liquidity changes in your pools will appear here'
            }
            action={
              filtered ? (
                <Button variant="outline" size="sm" onClick={() => setFilters({})}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            {newCount > 0 && (
              // No height of its own: the marker floats over the rows instead of pushing them down.
              <div className="sticky top-18 z-10 flex h-0 justify-center overflow-visible">
                <Button size="sm" className="mt-2 shadow-md" onClick={showNew}>
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  {newCount} new
                  <span className="sr-only"> event{newCount === 1 ? '' : 's'}: show them</span>
                </Button>
              </div>
            )}
            <ul
              ref={listRef}
              className="@container scroll-mt-20 divide-y divide-slate-100"
              aria-label="Activity events"
            >
              {events.map((event) => (
                <ActivityRow key={event.id} event={event} pool={poolById.get(event.pool_id)} now={now} />
              ))}
            </ul>
            <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-5 py-4 text-xs text-slate-500">
              <p>
                {events.length} event{events.length === 1 ? '' : 's'} shown
              </p>
              <BookedAmountsNote className="text-center" />
              {feed.hasNextPage && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void feed.fetchNextPage()}
                  disabled={feed.isFetchingNextPage}
                  loading={feed.isFetchingNextPage}
                >
                  {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              )}
              {feed.isFetchNextPageError && (
                <p className="text-red-600">More events could not be loaded. Please try again.</p>
              )}
            </div>
          </>
        )}
      </Card>
      <ExportActivityDialog
        open={exporting}
        onOpenChange={setExporting}
        filters={filters}
        filterSummary={summary || null}
      />
    </div>
  );
}
