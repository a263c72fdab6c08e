import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey, channelsRootKey } from '../../../lib/query-keys';
import { deliveriesQueryOptions } from './get-deliveries';

/** DELETE account/channels/{id}/: its alerts stay, without it. */
export function deleteChannel(id: number) {
  return apiCall(api.channels.delete, { params: { id } });
}

export interface DeleteChannelOptions {
  /** Called once the channel is deleted and its log is out of the cache, before the lists refresh. */
  onGone: (id: number) => void;
}

/** The same order as deleting a project (features/projects/api/delete-project.ts). */
export function useDeleteChannel({ onGone }: DeleteChannelOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: async (_answer, id) => {
      // Its delivery log leaves the cache first: refreshed with the channels below while the row is
      // still on screen (open, it is an active query), it asked for the gone channel and got 404.
      const log = { queryKey: deliveriesQueryOptions(id).queryKey, exact: true };
      await queryClient.cancelQueries(log);
      queryClient.removeQueries(log);
      // Here, not in mutate()'s own onSuccess: the refreshed list drops the row, and mutate()'s
      // callbacks do not run once the component that called it is gone (the toast never showed).
      onGone(id);
      // The alerts that delivered to it no longer list it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelsRootKey }),
        queryClient.invalidateQueries({ queryKey: alertsRootKey }),
      ]);
    },
  });
}
