import { api, type UpdateProfileBody } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** PATCH user/info/update/. Only first and last name: the server rejects any other field. */
export function updateProfile({ first_name, last_name }: UpdateProfileBody) {
  return apiCall(api.account.updateInfo, { body: { first_name, last_name } });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the updated user: header, menu and profile show it without another request.
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
