import { api } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST user/logout/ revokes this session on the server. */
export function logout({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.account.logout, {}, { expireOn401: false, signal });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
