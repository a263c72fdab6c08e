import type { AlertSummary, AlertType, Pool, PoolSummary, ProjectSummary } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActiveAlertsCard } from '../components/active-alerts-card';
import { LatestFundsCard } from '../components/latest-funds-card';
import { RecentProjectsCard } from '../components/recent-projects-card';
import { SummaryCards } from '../components/summary-cards';

/**
 * Counts and the first five rows from the summary routes: the dashboard of a user with thousands of
 * pools reads five of them, not all (product §6: dashboard lists show at most 5).
 */
export interface DashboardRouteProps {
  projects: UseQueryResult<ProjectSummary>;
  /** Pools without chain reads (count, rows). */
  pools: UseQueryResult<PoolSummary>;
  /** The same five pools with reserves (balances). */
  funds: UseQueryResult<Pool[]>;
  alerts: UseQueryResult<AlertSummary>;
  /** For the kind labels; optional (the labels have fallbacks). */
  alertTypes: AlertType[] | undefined;
  onCreateProject: () => void;
}

/**
 * Product §2.6. The data comes from the projects and funds features; app/ fetches it and passes it in,
 * since features do not import each other.
 */
export function DashboardRoute({ projects, pools, funds, alerts, alertTypes, onCreateProject }: DashboardRouteProps) {
  useDocumentTitle('Dashboard');
  const loading = projects.isFetching || pools.isFetching || funds.isFetching || alerts.isFetching;

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
              void funds.refetch();
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
        <LatestFundsCard pools={pools} funds={funds} />
      </div>
    </div>
  );
}
