import { api, type VerifyEmailBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST account/verify-email/ {token}: a verification or change-of-address link; no credential needed. */
export function verifyEmail(body: VerifyEmailBody) {
  return apiCall(api.accountEmail.verifyEmail, { body }, { credentials: { kind: 'none' }, expireOn401: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
