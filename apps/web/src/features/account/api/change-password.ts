import { detailSchema, type ChangePasswordBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST user/change-password/. On success the server revokes every session of the user. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/user/change-password/', { method: 'POST', body, schema: detailSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
