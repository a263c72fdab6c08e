import { api, type ChangePasswordBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST user/change-password/. On success the server revokes every session of the user. */
export function changePassword(body: ChangePasswordBody) {
  return apiCall(api.account.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
