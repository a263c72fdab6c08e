import type { Pool, Project } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LatestFundsCard } from '../components/latest-funds-card';
import { RecentProjectsCard } from '../components/recent-projects-card';
import { SummaryCards } from '../components/summary-cards';

export interface DashboardRouteProps {
  projects: UseQueryResult<Project[]>;
  /** Pools without chain reads (counts, rows). */
  pools: UseQueryResult<Pool[]>;
  /** Pools with reserves (balances). */
  funds: UseQueryResult<Pool[]>;
  onCreateProject: () => void;
}

/**
 * SPEC §2.6. The data comes from the projects and funds features; app/ fetches it and passes it in,
 * since features do not import each other.
 */
export function DashboardRoute({ projects, pools, funds, onCreateProject }: DashboardRouteProps) {
  useDocumentTitle('Dashboard');
  const loading = projects.isFetching || pools.isFetching || funds.isFetching;

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
            }}
            disabled={loading}
          >
            <RefreshCw className={loading ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <SummaryCards projects={projects} pools={pools} />
        <div className="grid gap-6 @6xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <RecentProjectsCard projects={projects} onCreateProject={onCreateProject} />
          <LatestFundsCard pools={pools} funds={funds} />
        </div>
      </div>
    </div>
  );
}
