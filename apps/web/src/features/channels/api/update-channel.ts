import { channelSchema, type UpdateChannelBody } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

export interface UpdateChannel {
  id: number;
  body: UpdateChannelBody;
}

/** PATCH account/channels/{id}/: rename, change the destination, or `status: 'active'` to resume. */
export function updateChannel({ id, body }: UpdateChannel) {
  return apiRequest(`/account/channels/${id}/`, { method: 'PATCH', body, schema: channelSchema });
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
