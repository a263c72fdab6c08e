import { api, type ForgotPasswordBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST auth/forgot-password/ → the same {detail} whether or not an account uses the address. */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiCall(api.accountEmail.forgotPassword, { body }, { credentials: { kind: 'none' } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
