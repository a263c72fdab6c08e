import { channelWithSecretSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/** POST account/channels/{id}/rotate-secret/ → the channel with its new signing secret (shown this once). */
export function rotateChannelSecret(id: number) {
  return apiRequest(`/account/channels/${id}/rotate-secret/`, { method: 'POST', body: {}, schema: channelWithSecretSchema });
}

export function useRotateChannelSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateChannelSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
