import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const userInfoQueryKey = ['account', 'user-info'] as const;

/** GET user/info/: the signed-in user. Also the app's auth check. */
export function getUserInfo({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.account.info, {}, { signal });
}

export const userInfoQueryOptions = queryOptions({
  queryKey: userInfoQueryKey,
  queryFn: ({ signal }) => getUserInfo({ signal }),
});

export function useUserInfo() {
  return useQuery(userInfoQueryOptions);
}
