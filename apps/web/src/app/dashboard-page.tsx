import { useQuery } from '@tanstack/react-query';
import { alertTypesQueryOptions } from '../features/alerts/api/get-alert-types';
import { alertsSummaryQueryOptions } from '../features/alerts/api/get-alerts-summary';
import { DashboardRoute } from '../features/dashboard/routes/dashboard-route';
import { latestFundsQueryOptions } from '../features/pools/api/get-latest-funds';
import { poolsSummaryQueryOptions } from '../features/pools/api/get-pools-summary';
import { projectsSummaryQueryOptions } from '../features/projects/api/get-projects-summary';
import { useOpenAddProject } from './layout/add-project';

const HOLDER_COUNT_POLL_MS = 10_000;

/** The dashboard summarises several features; features do not import each other, so it is assembled here. */
export function DashboardPage() {
  const projects = useQuery({
    ...projectsSummaryQueryOptions,
    // A holder count still being indexed is shown as such; ask again until every one is known (a
    // token whose holders cannot be counted is not waited for).
    refetchInterval: (query) =>
      query.state.data?.recent_projects.some((project) => project.holder_count === null && project.holders_available) ? HOLDER_COUNT_POLL_MS : false,
  });
  const pools = useQuery(poolsSummaryQueryOptions);
  const funds = useQuery(latestFundsQueryOptions);
  const alerts = useQuery(alertsSummaryQueryOptions);
  const alertTypes = useQuery(alertTypesQueryOptions);
  const openAddProject = useOpenAddProject();
  return (
    <DashboardRoute
      projects={projects}
      pools={pools}
      funds={funds}
      alerts={alerts}
      alertTypes={alertTypes.data}
      onCreateProject={openAddProject}
    />
  );
}
