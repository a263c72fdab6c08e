import { detailSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';
import { alertQueryKey } from './get-alert';
import { alertTriggersQueryKey } from './get-alert-triggers';

/** DELETE projects/alerts/{id}/: the alert and its trigger history. */
export function deleteAlert(id: number) {
  return apiRequest(`/projects/alerts/${id}/`, { method: 'DELETE', schema: detailSchema });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: (_answer, id) => {
      // Gone from the cache first, so the detail screen does not refetch a 404 on its way out.
      queryClient.removeQueries({ queryKey: alertQueryKey(id), exact: true });
      queryClient.removeQueries({ queryKey: alertTriggersQueryKey(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: alertsRootKey });
    },
  });
}
