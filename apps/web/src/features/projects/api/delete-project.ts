import { detailSchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { activityRootKey, alertsRootKey, poolsRootKey, projectsRootKey, weeklyReportQueryKey } from '../../../lib/query-keys';
import { discoveredPoolsQueryKey } from './discovered-pools';
import { holdersQueryKey } from './get-holders';
import { projectMarketQueryKey } from './get-project-market';
import { projectQueryKey } from './get-project';
import { projectPoolsQueryKey } from './get-project-pools';

/** DELETE projects/{id}/: the project, its pools and their alerts. */
export function deleteProject(id: number) {
  return apiRequest(`/projects/${id}/`, { method: 'DELETE', schema: detailSchema });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_detail, id) => {
      // The deleted project's own queries leave the cache first: invalidating them would refetch
      // them while the detail screen is still mounted (404s), and Back must not show stale data.
      // Removal does not notify their observers, and the screen is left right after this.
      queryClient.removeQueries({ queryKey: projectQueryKey(id), exact: true });
      queryClient.removeQueries({ queryKey: projectPoolsQueryKey(id), exact: true });
      queryClient.removeQueries({ queryKey: holdersQueryKey(id) });
      queryClient.removeQueries({ queryKey: discoveredPoolsQueryKey(id), exact: true });
      queryClient.removeQueries({ queryKey: projectMarketQueryKey(id), exact: true });
      queryClient.removeQueries({ queryKey: weeklyReportQueryKey(id), exact: true });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectsRootKey }),
        queryClient.invalidateQueries({ queryKey: poolsRootKey }),
        // The pools' alerts and events went with them.
        queryClient.invalidateQueries({ queryKey: alertsRootKey }),
        queryClient.invalidateQueries({ queryKey: activityRootKey }),
      ]);
    },
  });
}
