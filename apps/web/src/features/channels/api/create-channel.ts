import { channelWithSecretSchema, type createChannelBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/** POST account/channels/ → 201 the channel, with a webhook's signing secret (shown this once). */
export function createChannel(body: z.output<typeof createChannelBodySchema>) {
  return apiRequest('/account/channels/', { method: 'POST', body, schema: channelWithSecretSchema });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
