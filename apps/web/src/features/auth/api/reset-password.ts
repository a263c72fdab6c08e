import { api, type ResetPasswordBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST auth/reset-password/ {token, password}: every session of the account ends. */
export function resetPassword(body: ResetPasswordBody) {
  return apiCall(api.accountEmail.resetPassword, { body }, { credentials: { kind: 'none' }, expireOn401: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
