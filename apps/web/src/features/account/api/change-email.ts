import { api, type ChangeEmailBody } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** POST user/change-email/ → the updated user. */
export function changeEmail(body: ChangeEmailBody) {
  return apiCall(api.account.changeEmail, { body });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
