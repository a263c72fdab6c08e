import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** DELETE account/email/pending/: the link sent to the new address stops working. */
export function cancelEmailChange() {
  return apiCall(api.accountEmail.cancelEmailChange, {});
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
