import { api, type WeeklyReport } from '@tokendesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { weeklyReportQueryKey } from '../../../lib/query-keys';

export { weeklyReportQueryKey };

/** GET projects/{id}/weekly-report/: whether the weekly e-mail report is on, and whether it can be sent. */
export function getWeeklyReport(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.reports.get, { params: { id: projectId } }, { signal });
}

export function useWeeklyReport(projectId: number) {
  return useQuery(
    queryOptions({
      queryKey: weeklyReportQueryKey(projectId),
      queryFn: ({ signal }) => getWeeklyReport(projectId, { signal }),
    }),
  );
}

/** PUT projects/{id}/weekly-report/ {enabled}: 409 when e-mail is not configured on the server. */
export function setWeeklyReport({ projectId, enabled }: { projectId: number; enabled: boolean }) {
  return apiCall(api.reports.update, { params: { id: projectId }, body: { enabled } });
}

export function useSetWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWeeklyReport,
    onSuccess: (answer: WeeklyReport) => queryClient.setQueryData(weeklyReportQueryKey(answer.project_id), answer),
  });
}
