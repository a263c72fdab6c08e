import { verifyEmailResponseSchema, type VerifyEmailBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST account/verify-email/ {token}: a verification or change-of-address link; no credential needed. */
export function verifyEmail(body: VerifyEmailBody) {
  return apiRequest('/account/verify-email/', { method: 'POST', body, credentials: { kind: 'none' }, expireOn401: false, schema: verifyEmailResponseSchema });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
