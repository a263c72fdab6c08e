import { userSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** DELETE account/email/pending/: the link sent to the new address stops working. */
export function cancelEmailChange() {
  return apiRequest('/account/email/pending/', { method: 'DELETE', schema: userSchema });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
