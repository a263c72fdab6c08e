import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { auditEventsQueryKey } from './get-audit-events';

/** POST staff/users/{id}/reset-link/: a one-time reset link, in this answer only (decision 0058). */
export function issueResetLink({ userId }: { userId: number }) {
  return apiCall(api.staffAccounts.issueResetLink, { params: { id: userId }, body: {} });
}

export function useIssueResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueResetLink,
    // The link lives in the dialog's state only: the mutation cache drops its copy as soon as the
    // dialog (its only observer) is gone, rather than keeping it for the default five minutes.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditEventsQueryKey }),
  });
}
