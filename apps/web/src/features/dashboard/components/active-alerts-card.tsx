import type { AlertSummary, AlertType } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { BellRing, ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/status-message';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { alertKindLabel } from '../../../lib/alert-kinds';
import { paths } from '../../../lib/paths';

export interface ActiveAlertsCardProps {
  /** The counts and the five newest active alerts (alerts/summary/). */
  alerts: UseQueryResult<AlertSummary>;
  alertTypes: AlertType[] | undefined;
}

/** Product §2.6: the first five active alerts. */
export function ActiveAlertsCard({ alerts, alertTypes }: ActiveAlertsCardProps) {
  const active = alerts.data?.active_alerts ?? [];
  return (
    <Card aria-labelledby="active-alerts-list-title" className="flex flex-col">
      <CardHeader
        titleId="active-alerts-list-title"
        title="Active Alerts"
        actions={
          alerts.data && alerts.data.alert_count > 0 ? (
            <Link to={paths.alerts} className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-700">
              View all
            </Link>
          ) : undefined
        }
      />
      {alerts.isPending ? (
        <ul aria-label="Loading alerts" className="divide-y divide-slate-100">
          {[0, 1, 2].map((n) => (
            <li key={n} className="flex items-center gap-3 px-5 py-3 sm:px-6">
              <div className="flex flex-1 flex-col gap-1.5">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-20" />
              </div>
              <Skeleton className="h-5 w-14 rounded-full" />
            </li>
          ))}
        </ul>
      ) : alerts.isError && !alerts.data ? (
        <ErrorState
          message="Failed to load alerts. Please try again."
          onRetry={() => void alerts.refetch()}
          retrying={alerts.isFetching}
        />
      ) : active.length === 0 ? (
        <EmptyState
          icon={BellRing}
          title="No active alerts"
          description="Create an alert to hear about price and liquidity changes"
          action={
            <Link to={paths.alerts} className={buttonClasses('primary')}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Create Alert
            </Link>
          }
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Active alerts">
          {active.map((alert) => (
            <li key={alert.id}>
              <Link
                to={paths.alert(alert.id)}
                className="flex items-center gap-3 px-5 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset sm:px-6"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-slate-900" title={alert.label}>
                    {alert.label}
                  </span>
                  <span className="block text-xs text-slate-500">{alertKindLabel(alert.kind, alertTypes)}</span>
                </span>
                <Badge tone="success">Active</Badge>
                <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
