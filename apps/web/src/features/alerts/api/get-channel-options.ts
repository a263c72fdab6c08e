import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/**
 * GET account/channels/: the channels an alert may deliver to. The channels screen reads the same
 * answer under the same key (a feature does not import another), so a change there shows here.
 */
export const channelOptionsQueryOptions = queryOptions({
  queryKey: [...channelsRootKey, 'list'] as const,
  queryFn: ({ signal }) => apiCall(api.channels.list, {}, { signal }),
});

export function useChannelOptions() {
  return useQuery(channelOptionsQueryOptions);
}
