import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';
import { alertQueryKey } from './get-alert';
import { alertTriggersQueryKey } from './get-alert-triggers';
import { alertsQueryKey } from './get-alerts';

/** DELETE projects/alerts/{id}/: the alert and its trigger history. */
export function deleteAlert(id: number) {
  return apiCall(api.alerts.delete, { params: { id } });
}

export interface DeleteAlertOptions {
  /** Called once the alert is deleted and out of the cache, before the other lists refresh: leave the detail screen here. */
  onGone: (id: number) => void;
}

/** The same order as deleting a project (delete-project.ts): the screen is left before anything refetches. */
export function useDeleteAlert({ onGone }: DeleteAlertOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: async (_answer, id) => {
      // A refresh in flight is aborted and the detail queries leave the cache: the detail screen
      // refreshes every minute, and a refresh of the gone alert would answer 404.
      const own = [alertQueryKey(id), alertTriggersQueryKey(id)];
      await Promise.all(own.map((queryKey) => queryClient.cancelQueries({ queryKey, exact: true })));
      own.forEach((queryKey) => queryClient.removeQueries({ queryKey, exact: true }));
      // The list the user lands on loads afresh rather than showing the deleted alert meanwhile.
      const list = queryClient.resetQueries({ queryKey: alertsQueryKey });
      onGone(id);
      // cancelRefetch off: the list's fetch that the reset started is kept, not aborted and sent again.
      await Promise.all([list, queryClient.invalidateQueries({ queryKey: alertsRootKey }, { cancelRefetch: false })]);
    },
  });
}
