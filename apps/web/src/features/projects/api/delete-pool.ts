import { detailSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { activityRootKey, alertsRootKey, poolsRootKey } from '../../../lib/query-keys';

/** DELETE projects/pool/delete/{id}/: detaches the pool from TokenDesk (nothing happens on chain). */
export function deletePool(poolId: number) {
  return apiRequest(`/projects/pool/delete/${poolId}/`, { method: 'DELETE', schema: detailSchema });
}

export function useDeletePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePool,
    // The pool's alerts and events leave with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: poolsRootKey }),
        queryClient.invalidateQueries({ queryKey: alertsRootKey }),
        queryClient.invalidateQueries({ queryKey: activityRootKey }),
      ]),
  });
}
