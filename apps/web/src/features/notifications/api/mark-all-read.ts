import type { Notification } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** POST projects/notifications/mark-all-read/: every notification of the user, not only the newest 50. */
export function markAllRead() {
  return apiRequest('/projects/notifications/mark-all-read/', { method: 'POST', body: {}, schema: z.unknown() });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) => list?.map((item) => ({ ...item, is_read: true })));
      queryClient.setQueryData<number>(unreadCountQueryKey, 0);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
  });
}
