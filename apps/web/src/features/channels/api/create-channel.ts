import { api, type createChannelBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/** POST account/channels/ → 201 the channel, with a webhook's signing secret (shown this once). */
export function createChannel(body: z.output<typeof createChannelBodySchema>) {
  return apiCall(api.channels.create, { body });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
