import { api, type updateAlertBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';
import { alertQueryKey } from './get-alert';

export interface UpdateAlertInput {
  id: number;
  body: z.output<typeof updateAlertBodySchema>;
}

/** PATCH projects/alerts/{id}/: the kind's own fields and the cooldown; kind and pool stay. */
export function updateAlert({ id, body }: UpdateAlertInput) {
  return apiCall(api.alerts.update, { params: { id }, body });
}

export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: (alert) => {
      queryClient.setQueryData(alertQueryKey(alert.id), alert);
      return queryClient.invalidateQueries({ queryKey: alertsRootKey });
    },
  });
}
