import { api, type createPoolBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

export interface CreatePoolInput {
  projectId: number;
  body: z.output<typeof createPoolBodySchema>;
}

/**
 * POST projects/pool/{projectId}/ → 201 the pool. The server checks on chain that the address is
 * that DEX's pool of exactly these two tokens (400 otherwise); 409 when it is already attached.
 */
export function createPool({ projectId, body }: CreatePoolInput) {
  return apiCall(api.pools.create, { params: { projectId }, body });
}

export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPool,
    // Project pools, funds, prices and the dashboard all read pools.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolsRootKey }),
  });
}
