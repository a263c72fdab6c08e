import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import {
  activityRootKey,
  alertsRootKey,
  discoveredPoolsQueryKey,
  holdersQueryKey,
  poolsRootKey,
  projectMarketQueryKey,
  projectQueryKey,
  projectsRootKey,
  tokenHealthQueryKey,
  weeklyReportQueryKey,
} from '../../../lib/query-keys';
import { projectPoolsQueryKey } from './get-project-pools';

/** DELETE projects/{id}/: the project, its pools and their alerts. */
export function deleteProject(id: number) {
  return apiCall(api.projects.delete, { params: { id } });
}

export interface DeleteProjectOptions {
  /**
   * Called once the server has deleted the project and its queries have left the cache, before the
   * other lists are refreshed: the caller leaves the detail screen here (see below).
   */
  onGone: (id: number) => void;
}

export function useDeleteProject({ onGone }: DeleteProjectOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_detail, id) => {
      // The deleted project's own queries: a read still in flight is aborted, then they leave the
      // cache, so nothing refetches them (404s) and Back does not show stale data.
      const own: { queryKey: QueryKey; exact?: boolean }[] = [
        { queryKey: projectQueryKey(id), exact: true },
        { queryKey: projectPoolsQueryKey(id), exact: true },
        { queryKey: holdersQueryKey(id) },
        { queryKey: discoveredPoolsQueryKey(id), exact: true },
        { queryKey: projectMarketQueryKey(id), exact: true },
        { queryKey: weeklyReportQueryKey(id), exact: true },
        { queryKey: tokenHealthQueryKey(id), exact: true },
      ];
      await Promise.all(own.map((filters) => queryClient.cancelQueries(filters)));
      own.forEach((filters) => queryClient.removeQueries(filters));
      // The project lists lose their cached pages rather than being refetched in the background:
      // the list the user lands on loads afresh instead of showing the deleted project meanwhile.
      const lists = queryClient.resetQueries({ queryKey: projectsRootKey });
      // Leaving now, not after the refetches below: removal does not stop the still-mounted
      // screen's polls (the holders card asks every 3 s while indexing), and under load the
      // refetches took long enough for a poll of the gone project to answer 404.
      onGone(id);
      await Promise.all([
        lists,
        queryClient.invalidateQueries({ queryKey: poolsRootKey }),
        // The pools' alerts and events went with them.
        queryClient.invalidateQueries({ queryKey: alertsRootKey }),
        queryClient.invalidateQueries({ queryKey: activityRootKey }),
      ]);
    },
  });
}
