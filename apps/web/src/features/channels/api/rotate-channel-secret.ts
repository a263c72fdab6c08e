import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/** POST account/channels/{id}/rotate-secret/ → the channel with its new signing secret (shown this once). */
export function rotateChannelSecret(id: number) {
  return apiCall(api.channels.rotateSecret, { params: { id }, body: {} });
}

export function useRotateChannelSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateChannelSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
