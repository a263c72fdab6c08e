import { api, type StaffUserLookupBody } from '@tokendesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST staff/users/lookup/: an account by username or e-mail address (a body: no address in a URL). */
export function lookupUser(body: StaffUserLookupBody) {
  return apiCall(api.staffAccounts.lookupUser, { body });
}

export function useLookupUser() {
  return useMutation({ mutationFn: lookupUser, gcTime: 0 });
}
