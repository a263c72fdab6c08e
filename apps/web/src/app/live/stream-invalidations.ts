import type { StreamChange } from '@tokendesk/contract';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { projectPoolsQueryKey } from '../../features/projects/api/get-project-pools';
import { projectsSummaryQueryKey } from '../../features/projects/api/get-projects-summary';
import { ticketQueryKey } from '../../features/tickets/api/get-ticket';
import { staffTicketQueryKey } from '../../features/tickets/api/get-staff-ticket';
import { ticketsQueryKey } from '../../features/tickets/api/get-tickets';
import {
  activityRootKey,
  alertsRootKey,
  discoveredPoolsRootKey,
  holdersQueryKey,
  notificationsRootKey,
  poolsQueryKey,
  poolsRootKey,
  projectMarketQueryKey,
  projectQueryKey,
  projectsQueryKey,
  projectsRootKey,
  ticketsRootKey,
} from '../../lib/query-keys';

/*
 * Which cached queries a live change touches (issue 31): the stream names WHAT changed, and only the
 * queries showing it refetch (a swap in one pool does not refetch another pool's page, the holders or
 * the tickets). invalidateQueries refetches those on screen at once and marks the rest stale, so a
 * screen opened later asks anew. Keys are read from the features' own key builders: a renamed key
 * breaks this file's tests, not the live updates silently.
 */

function startsWith(key: QueryKey, prefix: readonly unknown[]): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => key[index] === part);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A filter object's id field: absent (the list spans every project/pool) or this id. */
function filterAllows(filter: Record<string, unknown>, field: string, allowed: (id: number) => boolean): boolean {
  const value = filter[field];
  return value === undefined || value === null || (typeof value === 'number' && allowed(value));
}

function touchedByPool(change: Extract<StreamChange, { topic: 'pool' }>, key: QueryKey): boolean {
  const pools = new Set(change.pool_ids);
  const project = change.project_id;
  if (startsWith(key, activityRootKey)) {
    const [, kind, arg] = key;
    // The /activities feed with its filters; a pool page's recent activity.
    if (kind === 'feed')
      return (
        isRecord(arg) &&
        filterAllows(arg, 'project', (id) => id === project) &&
        filterAllows(arg, 'pool', (id) => pools.has(id))
      );
    if (kind === 'pool') return typeof arg === 'number' && pools.has(arg);
    return false;
  }
  if (startsWith(key, poolsQueryKey)) {
    const arg = key[poolsQueryKey.length];
    // One pool's page: figures, candles, history, traders.
    if (typeof arg === 'number') return pools.has(arg);
    // A list of pools with figures (the pools screen, the dashboard's latest funds).
    return isRecord(arg) && filterAllows(arg, 'project', (id) => id === project);
  }
  if (startsWith(key, projectMarketQueryKey(project)) || startsWith(key, projectPoolsQueryKey(project))) return true;
  if (startsWith(key, [...poolsRootKey, 'project-market-list']))
    return Array.isArray(key[2]) && key[2].includes(project);
  // Market Prices, the dashboard's pool summary and USD liquidity, the newest pools with prices.
  return ['prices', 'summary', 'liquidity-usd', 'user'].some((part) => startsWith(key, [...poolsRootKey, part]));
}

/** Does `change` touch the query under `key`? */
export function isTouchedBy(change: StreamChange, key: QueryKey): boolean {
  switch (change.topic) {
    case 'reset':
      return true;
    case 'pool':
      return touchedByPool(change, key);
    case 'notifications':
      // The bell; its own effect then refreshes alerts, tickets and discovered pools when a new one came.
      return startsWith(key, notificationsRootKey);
    case 'holders':
      return (
        startsWith(key, holdersQueryKey(change.project_id)) ||
        startsWith(key, projectQueryKey(change.project_id)) ||
        // Holder counts on the projects list and the dashboard.
        startsWith(key, projectsQueryKey) ||
        startsWith(key, projectsSummaryQueryKey)
      );
    case 'tickets':
      if (change.ticket_id === null) return startsWith(key, ticketsRootKey);
      return (
        startsWith(key, ticketQueryKey(change.ticket_id)) ||
        startsWith(key, staffTicketQueryKey(change.ticket_id)) ||
        startsWith(key, ticketsQueryKey) ||
        startsWith(key, [...ticketsRootKey, 'staff', 'list'])
      );
    case 'lists':
      // Added or removed projects and pools: their lists, the figures of the pools and what hangs off them.
      return [projectsRootKey, poolsRootKey, activityRootKey, alertsRootKey, discoveredPoolsRootKey].some((root) =>
        startsWith(key, root),
      );
  }
}

/** Applies one change to the cache: refetches what is on screen and touched, marks the rest stale. */
export function applyStreamChange(queryClient: QueryClient, change: StreamChange): Promise<void> {
  // A refetch already under way is joined, not restarted: a burst of changes (one per indexed block,
  // a list change heard twice) must not multiply requests past the user's concurrency budget (429).
  const joined = { cancelRefetch: false } as const;
  if (change.topic === 'reset') return queryClient.invalidateQueries(undefined, joined);
  if (change.topic === 'lists') {
    // A project or pool was added or removed: every list refetches, but a query of one entity (its
    // key names an id: a project's detail, pools, holders, market) is only marked stale. The entity
    // may be the one just deleted, from this very tab, whose screen is still mounted: refetching it
    // answers 404, while the deleting tab removes those queries itself. Marked stale, they refetch
    // when next shown.
    const touched = (query: { queryKey: QueryKey }) => isTouchedBy(change, query.queryKey);
    for (const query of queryClient
      .getQueryCache()
      .findAll({ predicate: touched, type: 'active', fetchStatus: 'fetching' })) {
      if (!namesAnEntity(query.queryKey)) refetchWhenSettled(queryClient, query);
    }
    return queryClient
      .invalidateQueries({ predicate: touched, refetchType: 'none' })
      .then(() =>
        queryClient.refetchQueries(
          { predicate: (query) => touched(query) && !namesAnEntity(query.queryKey), type: 'active' },
          joined,
        ),
      );
  }
  const touched = (query: { queryKey: QueryKey }) => isTouchedBy(change, query.queryKey);
  // A read under way started before this change was stored: joining it would show the old rows
  // until the next change (a missed swap), so it is fetched once more when it ends.
  for (const query of queryClient
    .getQueryCache()
    .findAll({ predicate: touched, type: 'active', fetchStatus: 'fetching' })) {
    refetchWhenSettled(queryClient, query);
  }
  return queryClient.invalidateQueries({ predicate: touched }, joined);
}

/** Queries with a follow-up read already promised (a burst of changes during one read asks once). */
const followUps = new WeakSet<Query>();

/** Refetches `query` once after its fetch under way has ended, if it is still on screen. */
function refetchWhenSettled(queryClient: QueryClient, query: Query): void {
  if (followUps.has(query)) return;
  followUps.add(query);
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    const ended =
      event.type === 'removed' ||
      (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error'));
    if (!ended) return;
    unsubscribe();
    followUps.delete(query);
    if (event.type === 'updated' && query.isActive()) {
      void queryClient.refetchQueries(
        { queryKey: query.queryKey, exact: true, type: 'active' },
        { cancelRefetch: false },
      );
    }
  });
}

/** A key with an id in it (a number) is one entity's query, not a list. */
const namesAnEntity = (key: QueryKey): boolean => key.some((part) => typeof part === 'number');
