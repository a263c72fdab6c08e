import { formatUsdCompact, type AlertSummary, type PoolSummary, type ProjectSummary } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Activity,
  ArrowRight,
  BellRing,
  CircleDollarSign,
  Droplets,
  FolderKanban,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UsdFigure } from '../../../components/usd-figure';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { UNKNOWN } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { usePoolsLiquidity } from '../api/get-pools-liquidity';

export interface SummaryCardsProps {
  projects: UseQueryResult<ProjectSummary>;
  pools: UseQueryResult<PoolSummary>;
  alerts: UseQueryResult<AlertSummary>;
}

/** A count while loading is a skeleton, after a failure '—': never a made-up 0. */
function Count({ query, count }: { query: UseQueryResult<unknown>; count: number | undefined }) {
  if (query.isPending) return <Skeleton className="h-9 w-12" />;
  if (query.isError && !query.data) return <span className="text-slate-500">{UNKNOWN}</span>;
  return <>{count ?? UNKNOWN}</>;
}

/** 'active/total', e.g. '2/3'; a skeleton while loading and '—' after a failure. */
function AlertCount({ query }: { query: UseQueryResult<AlertSummary> }) {
  if (query.isPending) return <Skeleton className="h-9 w-16" />;
  if (query.isError && !query.data) return <span className="text-slate-500">{UNKNOWN}</span>;
  const { active_alert_count: active, alert_count: total } = query.data;
  return (
    <>
      {active}
      <span className="text-xl font-medium text-slate-500">/{total}</span>
      <span className="sr-only"> active of {total}</span>
    </>
  );
}

/**
 * Total USD liquidity of the user's pools (docs/decisions/0032), with how many pools it leaves out:
 * a total that silently skipped pools without a USD route would overstate nothing but understate
 * without saying so.
 */
function TotalLiquidity() {
  const liquidity = usePoolsLiquidity();
  if (liquidity.isPending) return <Skeleton className="h-9 w-24" />;
  if (liquidity.isError && !liquidity.data) return <span className="text-slate-500">{UNKNOWN}</span>;
  const { total_liquidity_usd: total, usd, pools_not_valued: notValued, pools_valued: valued } = liquidity.data;
  const reason =
    valued + notValued === 0
      ? 'No pools attached yet.'
      : 'None of your pools has a USD value: no route from their tokens to a USD stablecoin.';
  return (
    <>
      <UsdFigure
        value={total}
        source={usd}
        reason={reason}
        reasonAs="title"
        format={formatUsdCompact}
        testId="total-liquidity-usd"
      />
      {notValued > 0 && (
        <span className="mt-0.5 block text-xs font-normal text-slate-500" data-testid="pools-not-valued">
          {notValued === 1 ? '1 pool not valued' : `${notValued.toLocaleString('en-US')} pools not valued`}
        </span>
      )}
    </>
  );
}

/** Product §2.6: 'Total Projects', 'Active Alerts', 'Liquidity Pools', 'Total Liquidity' and 'Status Overview'. */
export function SummaryCards({ projects, pools, alerts }: SummaryCardsProps) {
  const projectCount = projects.data?.project_count;
  const poolCount = pools.data?.pool_count;
  const alertTotal = alerts.data?.alert_count;
  const alertActive = alerts.data?.active_alert_count;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 @3xl:grid-cols-3 @5xl:grid-cols-5">
      <CountCard
        id="total-projects"
        icon={FolderKanban}
        title="Total Projects"
        value={<Count query={projects} count={projectCount} />}
        link={{ to: paths.projects, label: 'View all projects' }}
      />
      <CountCard
        id="active-alerts"
        icon={BellRing}
        title="Active Alerts"
        value={<AlertCount query={alerts} />}
        link={{ to: paths.alerts, label: 'Manage alerts' }}
      />
      <CountCard
        id="liquidity-pools"
        icon={Droplets}
        title="Liquidity Pools"
        value={<Count query={pools} count={poolCount} />}
        link={{ to: paths.pools, label: 'View all pools' }}
      />
      <CountCard
        id="total-liquidity"
        icon={CircleDollarSign}
        title="Total Liquidity"
        value={<TotalLiquidity />}
        link={{ to: paths.pools, label: 'View funds' }}
      />
      <Card aria-labelledby="status-overview-title" className="col-span-2 @5xl:col-span-1">
        <div className="px-5 py-4">
          <h2 id="status-overview-title" className="flex items-center gap-2 text-sm font-medium text-slate-500">
            <Activity className="h-4 w-4 text-indigo-600" aria-hidden="true" />
            Status Overview
          </h2>
          <div className="mt-4 flex flex-col gap-4">
            <StatusBar label="Projects" count={projectCount} />
            <AlertsBar active={alertActive} total={alertTotal} />
            <StatusBar label="Funds" count={poolCount} barClassName="bg-emerald-500" />
          </div>
        </div>
      </Card>
    </div>
  );
}

interface CountCardProps {
  id: string;
  icon: LucideIcon;
  title: string;
  value: ReactNode;
  link: { to: string; label: string };
}

function CountCard({ id, icon: Icon, title, value, link }: CountCardProps) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className="flex h-full flex-col px-4 py-4 sm:px-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="text-sm font-medium text-slate-500">
            {title}
          </h2>
          <span
            className="hidden h-9 w-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600 @md:grid"
            aria-hidden="true"
          >
            <Icon className="h-4 w-4" />
          </span>
        </div>
        <div className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums" data-testid={`${id}-count`}>
          {value}
        </div>
        <Link
          to={link.to}
          className="mt-3 inline-flex items-center gap-1 self-start rounded text-sm font-medium text-indigo-600 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {link.label}
          <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}

/** Full when there is at least one (product §2.6); an unknown count shows '—' and an empty bar. */
function StatusBar({
  label,
  count,
  barClassName,
}: {
  label: string;
  count: number | undefined;
  barClassName?: string;
}) {
  const value = count === undefined ? 0 : count > 0 ? 100 : 0;
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-500 tabular-nums">{count ?? UNKNOWN}</span>
      </div>
      <ProgressBar value={value} label={`${label}: ${count ?? 'unknown'}`} barClassName={barClassName} />
    </div>
  );
}

/** The share of alerts that are active (product §2.6), capped at 100%; '—' when unknown. */
function AlertsBar({ active, total }: { active: number | undefined; total: number | undefined }) {
  const known = active !== undefined && total !== undefined;
  const value = known && total > 0 ? (active / total) * 100 : 0;
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">Alerts</span>
        <span className="text-slate-500 tabular-nums">{known ? `${active}/${total} active` : UNKNOWN}</span>
      </div>
      <ProgressBar
        value={value}
        label={known ? `Alerts: ${active} of ${total} active` : 'Alerts: unknown'}
        barClassName="bg-amber-500"
      />
    </div>
  );
}
