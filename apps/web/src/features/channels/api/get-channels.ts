import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

export const channelListQueryKey = [...channelsRootKey, 'list'] as const;

/** GET account/channels/: the user's channels (destinations masked), and whether e-mail can be sent. */
export function getChannels({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.channels.list, {}, { signal });
}

export const channelListQueryOptions = queryOptions({
  queryKey: channelListQueryKey,
  queryFn: ({ signal }) => getChannels({ signal }),
  // A channel TokenDesk pauses after failures changes without the user doing anything.
  refetchInterval: 60_000,
});

export function useChannels() {
  return useQuery(channelListQueryOptions);
}
