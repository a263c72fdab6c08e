import { api, type Notification } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** POST projects/notifications/mark-read/ {ids} → {marked, unread_count}; ids of other users are ignored by the server. */
export function markRead(ids: number[]) {
  return apiCall(api.notifications.markRead, { body: { ids } });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (ids) => {
      // The highlight and the badge follow at once; the server's answer confirms them.
      const read = new Set(ids);
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list?.map((item) => (read.has(item.id) ? { ...item, is_read: true } : item)),
      );
    },
    // The answer carries the unread count after it: the badge needs no extra request.
    onSuccess: ({ unread_count }) => queryClient.setQueryData(unreadCountQueryKey, unread_count),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: notificationsQueryKey, refetchType: 'none' })]),
  });
}
