import { userSchema, type ChangeEmailBody } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** POST user/change-email/ → the updated user. */
export function changeEmail(body: ChangeEmailBody) {
  return apiRequest('/user/change-email/', { method: 'POST', body, schema: userSchema });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
