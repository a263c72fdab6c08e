import { api, type UpdateChannelBody } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

export interface UpdateChannel {
  id: number;
  body: UpdateChannelBody;
}

/** PATCH account/channels/{id}/: rename, change the destination, or `status: 'active'` to resume. */
export function updateChannel({ id, body }: UpdateChannel) {
  return apiCall(api.channels.update, { params: { id }, body });
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
