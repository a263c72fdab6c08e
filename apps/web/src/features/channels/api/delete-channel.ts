import { detailSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertsRootKey, channelsRootKey } from '../../../lib/query-keys';

/** DELETE account/channels/{id}/: its alerts stay, without it. */
export function deleteChannel(id: number) {
  return apiRequest(`/account/channels/${id}/`, { method: 'DELETE', schema: detailSchema });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: async () => {
      // The alerts that delivered to it no longer list it.
      await Promise.all([queryClient.invalidateQueries({ queryKey: channelsRootKey }), queryClient.invalidateQueries({ queryKey: alertsRootKey })]);
    },
  });
}
