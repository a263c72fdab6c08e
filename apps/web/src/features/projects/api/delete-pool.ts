import { detailSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

/** DELETE projects/pool/delete/{id}/: detaches the pool from TokenDesk (nothing happens on chain). */
export function deletePool(poolId: number) {
  return apiRequest(`/projects/pool/delete/${poolId}/`, { method: 'DELETE', schema: detailSchema });
}

export function useDeletePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolsRootKey }),
  });
}
