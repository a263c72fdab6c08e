import { type Alert, type AlertPage, api, LIST_PAGE_LIMIT } from '@tokendesk/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

/** Every search's pages of the alerts list live under this key (one entry per search text). */
export const alertsQueryKey = [...alertsRootKey, 'list'] as const;

export interface AlertsRequest {
  /** Server-side search in the pool label ('PROJECT/PAIR - DEX'). */
  q?: string;
  cursor?: string;
  limit?: number;
}

/** GET projects/alerts/?q=&cursor=&limit=: one page of the user's alerts, newest first. */
export function getAlerts({ q, cursor, limit }: AlertsRequest = {}, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.alerts.list, { query: { q: q || undefined, cursor, limit: limit?.toString() } }, { signal });
}

/** The /alerts list: pages of LIST_PAGE_LIMIT behind 'Load more', one cache entry per search text (as /funds). */
export function alertsPagesQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...alertsQueryKey, { q }] as const,
    queryFn: ({ pageParam, signal }) => getAlerts({ q, cursor: pageParam, limit: LIST_PAGE_LIMIT }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // The previous text's rows stay (dimmed) until the new answer is in.
    placeholderData: keepPreviousData,
  });
}

export function useAlertsPages(q: string) {
  return useInfiniteQuery(alertsPagesQueryOptions(q));
}

/**
 * Replaces alerts in every loaded page of every search (pause and resume flip a row in place;
 * the refetch afterwards confirms it). Pages keep their cursors, so 'Load more' goes on from where it was.
 */
export function updateLoadedAlerts(queryClient: QueryClient, update: (alert: Alert) => Alert) {
  queryClient.setQueriesData<InfiniteData<AlertPage, string | undefined>>({ queryKey: alertsQueryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, alerts: page.alerts.map(update) })) } : data,
  );
}
