import { useQuery } from '@tanstack/react-query';
import { alertTypesQueryOptions } from '../features/alerts/api/get-alert-types';
import { alertsQueryOptions } from '../features/alerts/api/get-alerts';
import { DashboardRoute } from '../features/dashboard/routes/dashboard-route';
import { fundsQueryOptions } from '../features/funds/api/get-funds';
import { userPoolsQueryOptions } from '../features/funds/api/get-user-pools';
import { projectsQueryOptions } from '../features/projects/api/get-projects';
import { useOpenAddProject } from './layout/add-project';

const HOLDER_COUNT_POLL_MS = 10_000;

/** The dashboard summarises several features; features do not import each other, so it is assembled here. */
export function DashboardPage() {
  const projects = useQuery({
    ...projectsQueryOptions,
    // A holder count still being indexed is shown as such; ask again until every one is known.
    refetchInterval: (query) => (query.state.data?.some((project) => project.holder_count === null) ? HOLDER_COUNT_POLL_MS : false),
  });
  const pools = useQuery(userPoolsQueryOptions);
  const funds = useQuery(fundsQueryOptions);
  const alerts = useQuery(alertsQueryOptions);
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
