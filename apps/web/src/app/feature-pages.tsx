import type { Pool } from '@tokendesk/contract';
import { useQuery } from '@tanstack/react-query';
import { PoolActivityCard } from '../features/activity/components/pool-activity-card';
import { ActivitiesRoute } from '../features/activity/routes/activities-route';
import { AlertDetailRoute } from '../features/alerts/routes/alert-detail-route';
import { AlertsRoute } from '../features/alerts/routes/alerts-route';
import { userPoolsQueryOptions } from '../features/pools/api/get-user-pools';
import { PoolSummaryCard } from '../features/pools/components/pool-summary-card';
import { FundDetailRoute } from '../features/pools/routes/fund-detail-route';
import { AddPoolRoute } from '../features/projects/routes/add-pool-route';
import { SupportRoute } from '../features/tickets/routes/support-route';
import { useOpenAddProject } from './layout/add-project';

/*
 * Screens that show data of more than one feature. Features do not import each other, so the
 * pieces meet here: the pools (funds) label the activity and the alerts, a fund shows its activity,
 * an alert shows its pool.
 */

export function ActivitiesPage() {
  const pools = useQuery(userPoolsQueryOptions);
  return <ActivitiesRoute pools={pools} />;
}

export function AlertsPage() {
  return <AlertsRoute />;
}

const renderAlertPool = (poolId: number) => <PoolSummaryCard poolId={poolId} />;

export function AlertDetailPage() {
  return <AlertDetailRoute renderPool={renderAlertPool} />;
}

const renderFundActivity = (pool: Pool) => <PoolActivityCard pool={pool} />;

export function FundDetailPage() {
  return <FundDetailRoute renderActivity={renderFundActivity} />;
}

export function SupportPage() {
  return <SupportRoute />;
}

/** /funds/new: a fund is a pool, and a pool is added to a project (the Add Project dialog is the app's). */
export function AddFundPage() {
  const openAddProject = useOpenAddProject();
  return <AddPoolRoute onCreateProject={openAddProject} />;
}
