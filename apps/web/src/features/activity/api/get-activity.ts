import { type ActivityKind, api } from '@tokendesk/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { activityRootKey } from '../../../lib/query-keys';

export interface ActivityFilters {
  project?: number;
  pool?: number;
  kind?: ActivityKind;
  /** A transaction sender (an address); only its events. */
  trader?: string;
}

export interface ActivityRequest extends ActivityFilters {
  cursor?: string;
  limit?: number;
}

/** A page of the activity feed. */
export const ACTIVITY_PAGE_SIZE = 50;
/** Product §2.11: a fund shows its pool's last 20 events. */
export const POOL_ACTIVITY_LIMIT = 20;

/** GET projects/activity/?project=&pool=&kind=&trader=&cursor=&limit=: the user's pool events, newest first. */
export function getActivity(
  { project, pool, kind, trader, cursor, limit }: ActivityRequest,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(
    api.activity.list,
    {
      query: {
        project: project?.toString(),
        pool: pool?.toString(),
        kind,
        trader,
        cursor,
        limit: limit?.toString(),
      },
    },
    { signal },
  );
}

/** The /activities feed: cursor pages behind 'Load more'. */
export function activityFeedQueryOptions(filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: [...activityRootKey, 'feed', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      getActivity({ ...filters, cursor: pageParam, limit: ACTIVITY_PAGE_SIZE }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useActivityFeed(filters: ActivityFilters) {
  return useInfiniteQuery(activityFeedQueryOptions(filters));
}

/** The newest events of one pool (the fund detail). */
export function poolActivityQueryOptions(poolId: number) {
  return queryOptions({
    queryKey: [...activityRootKey, 'pool', poolId] as const,
    queryFn: ({ signal }) => getActivity({ pool: poolId, limit: POOL_ACTIVITY_LIMIT }, { signal }),
  });
}

export function usePoolActivity(poolId: number) {
  return useQuery(poolActivityQueryOptions(poolId));
}
