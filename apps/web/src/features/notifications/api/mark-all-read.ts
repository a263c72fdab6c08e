import { api, type Notification } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** POST projects/notifications/mark-all-read/: every notification of the user, not only the newest 50. */
export function markAllRead() {
  return apiCall(api.notifications.markAllRead, { body: {} });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: ({ unread_count }) => {
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.map((item) => ({ ...item, is_read: true })),
      );
      // 0, unless new ones arrived meanwhile.
      queryClient.setQueryData<number>(unreadCountQueryKey, unread_count);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
  });
}
