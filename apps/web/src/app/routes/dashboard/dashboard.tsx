import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActiveAlertsCard } from '../../../features/dashboard/components/active-alerts-card';
import { LatestPoolsCard } from '../../../features/dashboard/components/latest-pools-card';
import { RecentProjectsCard } from '../../../features/dashboard/components/recent-projects-card';
import { SummaryCards } from '../../../features/dashboard/components/summary-cards';
import { alertTypesQueryOptions } from '../../../features/alerts/api/get-alert-types';
import { alertsSummaryQueryOptions } from '../../../features/alerts/api/get-alerts-summary';
import { latestPoolsQueryOptions } from '../../../features/pools/api/get-latest-pools';
import { poolsSummaryQueryOptions } from '../../../features/pools/api/get-pools-summary';
import { projectsSummaryQueryOptions } from '../../../features/projects/api/get-projects-summary';
import { useOpenAddProject } from '../../layout/add-project';

const HOLDER_COUNT_POLL_MS = 10_000;

/**
 * Product §2.6. The dashboard summarises the projects, pools (funds) and alerts features: counts and
 * the first five rows from the summary routes, so the dashboard of a user with thousands of pools
 * reads five of them, not all (product §6: dashboard lists show at most 5).
 */
export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const projects = useQuery({
    ...projectsSummaryQueryOptions,
    // A holder count still being indexed is shown as such; ask again until every one is known (a
    // token whose holders cannot be counted is not waited for).
    refetchInterval: (query) =>
      query.state.data?.recent_projects.some((project) => project.holder_count === null && project.holders_available)
        ? HOLDER_COUNT_POLL_MS
        : false,
  });
  // Pools without chain reads (count, rows), and the same five pools with reserves (balances).
  const pools = useQuery(poolsSummaryQueryOptions);
  const livePools = useQuery(latestPoolsQueryOptions);
  const alerts = useQuery(alertsSummaryQueryOptions);
  // For the kind labels; optional (the labels have fallbacks).
  const alertTypes = useQuery(alertTypesQueryOptions).data;
  const onCreateProject = useOpenAddProject();
  const loading = projects.isFetching || pools.isFetching || livePools.isFetching || alerts.isFetching;

  return (
    <div className="@container mx-auto max-w-6xl">
      <PageHeader
        title="Dashboard"
        description="Welcome to your project overview"
        actions={
          <Button
            variant="outline"
            onClick={() => {
              void projects.refetch();
              void pools.refetch();
              void livePools.refetch();
              void alerts.refetch();
            }}
            disabled={loading}
          >
            <RefreshCw className={loading ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <SummaryCards projects={projects} pools={pools} alerts={alerts} />
        {/* grid-cols-1 is minmax(0, 1fr): without it a long name sized the column (677 px at 390; product §2.6). */}
        <div className="grid grid-cols-1 gap-6 @4xl:grid-cols-2">
          <RecentProjectsCard projects={projects} onCreateProject={onCreateProject} />
          <ActiveAlertsCard alerts={alerts} alertTypes={alertTypes} />
        </div>
        <LatestPoolsCard pools={pools} livePools={livePools} />
      </div>
    </div>
  );
}
