import { detailSchema, type ForgotPasswordBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST auth/forgot-password/ → the same {detail} whether or not an account uses the address. */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest('/auth/forgot-password/', { method: 'POST', body, credentials: { kind: 'none' }, schema: detailSchema });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
