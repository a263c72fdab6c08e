import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { notificationsRootKey } from '../../../lib/query-keys';

export const notificationsQueryKey = [...notificationsRootKey, 'list'] as const;

/** GET projects/notifications/: the newest 50, newest first. */
export function getNotifications({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.notifications.list, {}, { signal });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: ({ signal }) => getNotifications({ signal }),
});

/** Fetched when the dropdown opens (product §2.2), not in the background. */
export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}
