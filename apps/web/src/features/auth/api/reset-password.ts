import { detailSchema, type ResetPasswordBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST auth/reset-password/ {token, password}: every session of the account ends. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/auth/reset-password/', { method: 'POST', body, credentials: { kind: 'none' }, expireOn401: false, schema: detailSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
