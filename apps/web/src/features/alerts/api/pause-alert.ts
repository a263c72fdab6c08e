import { alertSchema, type Alert } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';
import { alertQueryKey } from './get-alert';
import { updateLoadedAlerts } from './get-alerts';

/** POST projects/alerts/{id}/pause/: the alert stops firing until it is resumed. */
export function pauseAlert(id: number) {
  return apiRequest(`/projects/alerts/${id}/pause/`, { method: 'POST', body: {}, schema: alertSchema });
}

export function usePauseAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseAlert,
    onMutate: (id) => {
      // The status flips at once in the list (every loaded page) and the detail; the refetch confirms it.
      const flip = (alert: Alert) => (alert.id === id ? { ...alert, is_active: false } : alert);
      updateLoadedAlerts(queryClient, flip);
      queryClient.setQueryData<Alert>(alertQueryKey(id), (alert) => (alert ? flip(alert) : alert));
    },
    onSuccess: (alert) => {
      queryClient.setQueryData(alertQueryKey(alert.id), alert);
      updateLoadedAlerts(queryClient, (item) => (item.id === alert.id ? alert : item));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsRootKey }),
  });
}
