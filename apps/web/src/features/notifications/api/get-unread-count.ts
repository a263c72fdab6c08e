import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { notificationsRootKey } from '../../../lib/query-keys';
import { pollInterval } from '../../../lib/live/connection-store';

/** Product §6: the unread count is polled every 10 s. */
export const UNREAD_COUNT_REFRESH_MS = 10_000;

export const unreadCountQueryKey = [...notificationsRootKey, 'new-count'] as const;

/** GET projects/notifications/new-count/ → {unread_count}. */
export async function getUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  const { unread_count } = await apiCall(api.notifications.unreadCount, {}, { signal });
  return unread_count;
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountQueryKey,
  queryFn: ({ signal }) => getUnreadCount({ signal }),
  refetchInterval: pollInterval(UNREAD_COUNT_REFRESH_MS),
  // Coming back to the tab asks at once instead of waiting for the next tick.
  refetchOnWindowFocus: 'always',
  staleTime: 0,
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
