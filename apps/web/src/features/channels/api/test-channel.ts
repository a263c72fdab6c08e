import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { channelsRootKey } from '../../../lib/query-keys';

/** POST account/channels/{id}/test/: sends a test message at once and says how it went. */
export function testChannel(id: number) {
  return apiCall(api.channels.test, { params: { id }, body: {} });
}

export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testChannel,
    // The delivery log has a new row, and a failure may have paused the channel.
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsRootKey }),
  });
}
