import { api, type RegisterBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST user/register/ → 201 {user}. The user signs in afterwards; no session is created here. */
export function register(body: RegisterBody) {
  return apiCall(api.account.register, { body }, { credentials: { kind: 'none' } });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
