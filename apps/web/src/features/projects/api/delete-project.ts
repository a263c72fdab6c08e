import { detailSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poolsRootKey, projectsRootKey } from '../../../lib/query-keys';
import { projectQueryKey } from './get-project';

/** DELETE projects/{id}/: the project and its pools. */
export function deleteProject(id: number) {
  return apiRequest(`/projects/${id}/`, { method: 'DELETE', schema: detailSchema });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_detail, id) => {
      // The detail screen is left right away; refetching it would only produce a 404.
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsRootKey }),
        queryClient.invalidateQueries({ queryKey: poolsRootKey }),
      ]);
    },
  });
}
