import { alertMessages, type Alert, type AlertType } from '@tokendesk/contract';
import { BellOff, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { BackLink, DetailNotFound, DetailPage, useRecordId } from '../../../components/detail-page';
import { Button } from '../../../components/ui/button';
import { alertKindLabel } from '../../../lib/alert-kinds';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatTime, UNKNOWN } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAlert } from '../../../features/alerts/api/get-alert';
import { useAlertTriggers } from '../../../features/alerts/api/get-alert-triggers';
import { useAlertTypes } from '../../../features/alerts/api/get-alert-types';
import { AlertFormDialog, type AlertFormTarget } from '../../../features/alerts/components/alert-form-dialog';
import { AlertStatusBadge } from '../../../features/alerts/components/alert-status-badge';
import {
  alertDescription,
  alertPoolLabel,
  alertSummary,
  formatMinAmount,
  formatPercent,
} from '../../../features/alerts/components/alert-text';
import { AlertToggleButton } from '../../../features/alerts/components/alert-toggle-button';
import { DeleteAlertDialog } from '../../../features/alerts/components/delete-alert-dialog';
import { KindIcon } from '../../../features/alerts/components/kind-icon';
import { TriggerHistory } from '../../../features/alerts/components/trigger-history';
import { PoolSummaryCard } from '../../../features/pools/components/pool-summary-card';
import { paths } from '../../../lib/paths';

const back = <BackLink to={paths.alerts}>Back to Alerts</BackLink>;

/** Product §2.10: one alert, its pool and its trigger history, refreshed every 60 s. */
export function AlertDetailRoute() {
  const id = useRecordId();
  return id === null ? <AlertNotFound /> : <AlertDetail key={id} id={id} />;
}

function AlertNotFound() {
  return (
    <DetailNotFound
      back={back}
      width="5xl"
      documentTitle="Alert not found"
      icon={BellOff}
      title={alertMessages.alertNotFound}
      listLink={{ to: paths.alerts, label: 'View all alerts' }}
    />
  );
}

function AlertDetail({ id }: { id: number }) {
  const alert = useAlert(id);
  const triggers = useAlertTriggers(id, { enabled: !alert.isError });
  const types = useAlertTypes();
  const label = alert.data ? alertKindLabel(alert.data.kind, types.data) : null;
  useDocumentTitle(label ? `${label} Alert` : 'Alert');

  return (
    <DetailPage
      back={back}
      width="5xl"
      query={alert}
      notFound={<AlertNotFound />}
      loadingText="Loading alert..."
      errorTitle="Failed to load alert"
      errorMessage="Unable to load alert information. Please try again later."
      // The page says 'refresh failed' itself and keeps the alert it has.
      keepDataOnError
    >
      {(data) => (
        <AlertDetails
          alert={data}
          types={types.data}
          refreshing={alert.isFetching || triggers.isFetching}
          refreshFailed={alert.isError || triggers.isError}
          updatedAt={Math.max(alert.dataUpdatedAt, triggers.dataUpdatedAt)}
          onRefresh={() => {
            void alert.refetch();
            void triggers.refetch();
          }}
          // The connected pool card (price, reserves, link to /funds/{id}) comes from the pools feature.
          poolCard={<PoolSummaryCard poolId={data.pool_id} />}
          triggerHistory={<TriggerHistory triggers={triggers} alert={data} />}
        />
      )}
    </DetailPage>
  );
}

interface AlertDetailsProps {
  alert: Alert;
  types: AlertType[] | undefined;
  refreshing: boolean;
  refreshFailed: boolean;
  updatedAt: number;
  onRefresh: () => void;
  poolCard: ReactNode;
  triggerHistory: ReactNode;
}

function AlertDetails({
  alert,
  types,
  refreshing,
  refreshFailed,
  updatedAt,
  onRefresh,
  poolCard,
  triggerHistory,
}: AlertDetailsProps) {
  const [editing, setEditing] = useState<AlertFormTarget | null>(null);
  const [deleting, setDeleting] = useState(false);
  const kindLabel = alertKindLabel(alert.kind, types);
  // Named from the alert's own label: its pool may be any of thousands, none of them loaded here.
  const poolLabel = alertPoolLabel(alert);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-4">
          <KindIcon kind={alert.kind} className="h-12 w-12 [&>svg]:h-6 [&>svg]:w-6" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl">
                {kindLabel} Alert
              </h1>
              <AlertStatusBadge active={alert.is_active} />
            </div>
            <p className="mt-1 text-sm break-all text-slate-600">
              <span className="font-medium text-slate-900">{alert.label}</span>
              <span className="text-slate-400" aria-hidden="true">
                {' '}
                ·{' '}
              </span>
              <span className="tabular-nums">{alertSummary(alert, undefined)}</span>
            </p>
            <p className="mt-1 text-xs text-slate-500" aria-live="polite">
              Last updated {updatedAt > 0 ? formatTime(updatedAt) : UNKNOWN}
              {refreshFailed && <span className="text-red-600"> · refresh failed</span>}
              <span className="text-slate-500"> · refreshes every 60s</span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
          <Button variant="outline" size="sm" onClick={() => setEditing({ mode: 'edit', alert })}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <AlertToggleButton alert={alert} label={alert.label} />
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDeleting(true)}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>

      <section aria-labelledby="alert-configuration-title">
        <h2 id="alert-configuration-title" className="sr-only">
          Configuration
        </h2>
        <p className="mb-3 text-sm text-slate-600">{alertDescription(alert, undefined)}.</p>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {alert.kind === 'large_swap' ? (
            <ConfigCard label="Swap of at least">{formatMinAmount(alert, undefined)}</ConfigCard>
          ) : (
            <>
              <ConfigCard label={alert.kind === 'liquidity_drop' ? 'Drop of at least' : 'Price change of at least'}>
                {alert.kind === 'liquidity_drop' ? '\u2212' : '±'}
                {formatPercent(alert.threshold_pct)}
              </ConfigCard>
              <ConfigCard label="Within">
                {alert.window_minutes === null ? UNKNOWN : `${alert.window_minutes} min`}
              </ConfigCard>
            </>
          )}
          <ConfigCard label="Cooldown">{alert.cooldown_minutes} min</ConfigCard>
          <ConfigCard label="Times fired">{alert.trigger_count}</ConfigCard>
          <ConfigCard label="Last fired">
            {alert.last_triggered_at ? formatDateTime(alert.last_triggered_at) : 'Never fired'}
          </ConfigCard>
          <ConfigCard label="Created">{formatDateTime(alert.created_at)}</ConfigCard>
        </dl>
      </section>

      <section aria-labelledby="connected-pool-title">
        <h2 id="connected-pool-title" className="mb-3 text-base font-semibold wrap-anywhere text-slate-900">
          Connected Pool <span className="font-normal text-slate-500">· {poolLabel}</span>
        </h2>
        {poolCard}
      </section>

      {triggerHistory}

      <AlertFormDialog target={editing} onClose={() => setEditing(null)} types={types} />
      <DeleteAlertDialog alert={alert} kindLabel={kindLabel} open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}

function ConfigCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-base font-semibold break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
