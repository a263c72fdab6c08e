import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** POST account/verify-email/resend/: a new verification link to the account's address. */
export function resendVerification() {
  return apiCall(api.accountEmail.resendVerification, {});
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    // 409 'already verified' (verified in another tab): the banner goes once the user is reread.
    onError: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}
