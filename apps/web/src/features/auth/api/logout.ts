import { detailSchema } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST user/logout/ revokes this session on the server. */
export function logout({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/user/logout/', {
    method: 'POST',
    schema: detailSchema,
    signal,
    // An already revoked session answers 401; the user is signing out anyway.
    expireOn401: false,
  });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
