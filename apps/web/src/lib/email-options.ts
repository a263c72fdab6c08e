import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';

/**
 * GET auth/options/: whether this server sends e-mail (decision 0039). Both the signed-out pages
 * (forgot password) and the signed-in ones (the verification banner, Settings) read it, so it
 * lives here rather than in one feature. It changes only when the server is restarted.
 */
export const emailOptionsQueryOptions = queryOptions({
  queryKey: ['auth', 'email-options'] as const,
  queryFn: ({ signal }) => apiCall(api.accountEmail.options, {}, { credentials: { kind: 'none' }, signal }),
  staleTime: Infinity,
});

export function useEmailOptions() {
  return useQuery(emailOptionsQueryOptions);
}
