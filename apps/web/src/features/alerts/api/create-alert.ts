import { api, type createAlertBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

/** POST projects/alerts/ → 201 the alert; 400 with field errors (product §4), 404 for a foreign pool. */
export function createAlert(body: z.output<typeof createAlertBodySchema>) {
  return apiCall(api.alerts.create, { body });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsRootKey }),
  });
}
