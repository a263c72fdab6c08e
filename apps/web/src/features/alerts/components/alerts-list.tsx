import type { Alert, AlertKind, AlertType } from '@tokendesk/contract';
import { ChevronRight } from 'lucide-react';
import { InitialsBadge } from '../../../components/initials-badge';
import { RowLink } from '../../../components/row-link';
import { Card } from '../../../components/ui/card';
import { alertKindLabel } from '../../../lib/alert-kinds';
import { formatDateTime, formatNotificationTime } from '../../../lib/format';
import { AlertStatusBadge } from './alert-status-badge';
import { alertDescription, alertDexLabel, alertPoolLabel, alertSummary } from './alert-text';
import { AlertToggleButton } from './alert-toggle-button';
import { KindIcon } from './kind-icon';
import { paths } from '../../../lib/paths';

const KIND_ORDER: readonly AlertKind[] = ['price_move', 'liquidity_drop', 'large_swap'];

export interface AlertsListProps {
  alerts: Alert[];
  types: AlertType[] | undefined;
  /** Every alert is loaded: the sections' counts are the totals (with more pages, only the footer counts). */
  complete: boolean;
}

/**
 * Product §2.10: one section per kind, in the order the server lists the kinds, of the alerts loaded so
 * far. Rows name their pool from the alert's own label, so an alert of any pool is labelled.
 */
export function AlertsList({ alerts, types, complete }: AlertsListProps) {
  const order = types?.map((type) => type.kind) ?? KIND_ORDER;
  const kinds = [...order, ...KIND_ORDER.filter((kind) => !order.includes(kind))];

  return (
    <div className="flex flex-col gap-6">
      {kinds.map((kind) => {
        const ofKind = alerts.filter((alert) => alert.kind === kind);
        if (ofKind.length === 0) return null;
        const label = alertKindLabel(kind, types);
        const type = types?.find((t) => t.kind === kind);
        const titleId = `alerts-${kind}-title`;
        return (
          <Card key={kind} aria-labelledby={titleId}>
            <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
              <KindIcon kind={kind} />
              <div className="min-w-0">
                <h2 id={titleId} className="text-base font-semibold text-slate-900">
                  {label}{' '}
                  {complete && (
                    <span className="ml-1 text-sm font-normal text-slate-500 tabular-nums">{ofKind.length}</span>
                  )}
                </h2>
                {type?.description && <p className="mt-0.5 text-sm text-slate-500">{type.description}</p>}
              </div>
            </div>
            <ul className="@container divide-y divide-slate-100" aria-label={`${label} alerts`}>
              {ofKind.map((alert) => (
                <AlertRow key={alert.id} alert={alert} />
              ))}
            </ul>
          </Card>
        );
      })}
    </div>
  );
}

function AlertRow({ alert }: { alert: Alert }) {
  const poolLabel = alertPoolLabel(alert);
  const summary = alertSummary(alert, undefined);
  const dex = alertDexLabel(alert);
  const description = alertDescription(alert, undefined);

  return (
    <li className="relative grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-5 py-4 transition-colors hover:bg-slate-50 sm:px-6 @2xl:grid-cols-[auto_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto_1rem]">
      <InitialsBadge id={alert.project.id} name={alert.project.name} className="row-span-2 @2xl:row-span-1" />
      <div className="min-w-0">
        <RowLink
          to={paths.alert(alert.id)}
          // A label, not an sr-only span: positioned against the row, that span sat after the whole
          // untruncated name and widened the page on a phone.
          aria-label={`${poolLabel}, ${description}`}
          title={poolLabel}
        >
          {poolLabel}
        </RowLink>
        <p className="truncate text-xs text-slate-500">{dex}</p>
      </div>
      <p className="col-start-2 row-start-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm @2xl:col-start-3 @2xl:row-start-1">
        <span className="font-medium text-slate-900 tabular-nums" title={description}>
          {summary}
        </span>
        <span className="@2xl:hidden">
          <AlertStatusBadge active={alert.is_active} />
        </span>
      </p>
      <div className="col-span-2 col-start-2 row-start-3 flex min-w-0 items-center gap-2 text-xs text-slate-500 @2xl:col-span-1 @2xl:col-start-4 @2xl:row-start-1 @2xl:flex-col @2xl:items-start @2xl:gap-1">
        <span className="hidden @2xl:inline-flex">
          <AlertStatusBadge active={alert.is_active} />
        </span>
        <LastFired alert={alert} />
      </div>
      <div className="relative z-10 col-start-3 row-span-2 row-start-1 @2xl:col-start-5 @2xl:row-span-1">
        <AlertToggleButton alert={alert} label={alert.label} />
      </div>
      <ChevronRight className="hidden h-4 w-4 text-slate-400 @2xl:block" aria-hidden="true" />
    </li>
  );
}

export function LastFired({ alert }: { alert: Alert }) {
  if (!alert.last_triggered_at) return <span>Never fired</span>;
  return (
    <span title={formatDateTime(alert.last_triggered_at)}>
      Last fired{' '}
      <time dateTime={alert.last_triggered_at} className="text-slate-700">
        {formatNotificationTime(alert.last_triggered_at)}
      </time>
    </span>
  );
}
