import { userSchema, type UpdateProfileBody } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userInfoQueryKey } from './get-user-info';

/** PATCH user/info/update/. Only first and last name: the server rejects any other field. */
export function updateProfile({ first_name, last_name }: UpdateProfileBody) {
  return apiRequest('/user/info/update/', {
    method: 'PATCH',
    body: { first_name, last_name },
    schema: userSchema,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the updated user: header, menu and profile show it without another request.
    onSuccess: (user) => queryClient.setQueryData(userInfoQueryKey, user),
  });
}
