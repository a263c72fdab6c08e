import { api, type Alert } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';
import { alertQueryKey } from './get-alert';
import { updateLoadedAlerts } from './get-alerts';

export interface SetAlertActive {
  id: number;
  /** false: POST …/pause/, the alert stops firing until it is resumed; true: POST …/resume/, it watches its pool again. */
  active: boolean;
}

/** POST projects/alerts/{id}/pause/ or projects/alerts/{id}/resume/. */
export function setAlertActive({ id, active }: SetAlertActive) {
  return apiCall(active ? api.alerts.resume : api.alerts.pause, { params: { id }, body: {} });
}

export function useSetAlertActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAlertActive,
    onMutate: ({ id, active }) => {
      // The status flips at once in the list (every loaded page) and the detail; the refetch confirms it.
      const flip = (alert: Alert) => (alert.id === id ? { ...alert, is_active: active } : alert);
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
