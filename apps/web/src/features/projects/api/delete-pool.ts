import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { activityRootKey, alertsRootKey, poolsRootKey } from '../../../lib/query-keys';

/** DELETE projects/pool/delete/{id}/: detaches the pool from TokenDesk (nothing happens on chain). */
export function deletePool(poolId: number) {
  return apiCall(api.pools.delete, { params: { id: poolId } });
}

export interface DeletePoolOptions {
  /**
   * Called once the server has detached the pool, before the lists refresh. The refreshed list
   * drops the pool's row, and mutate()'s own callbacks do not run once their caller is unmounted:
   * a toast there never showed.
   */
  onGone: (id: number) => void;
}

export function useDeletePool({ onGone }: DeletePoolOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePool,
    onSuccess: (_answer, id) => {
      onGone(id);
      // The pool's alerts and events leave with it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: poolsRootKey }),
        queryClient.invalidateQueries({ queryKey: alertsRootKey }),
        queryClient.invalidateQueries({ queryKey: activityRootKey }),
      ]);
    },
  });
}
