import type { AlertTrigger } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatAmount, formatDateTime, UNKNOWN } from '../../../lib/format';

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** 'change_pct' → 'Change %': the server names the figures; they are shown as it sends them. */
function valueLabel(key: string): string {
  const words = key
    .split('_')
    .map((word) => (word === 'pct' ? '%' : word))
    .join(' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Decimal strings keep six significant digits (a price of 0.0000984434… shows as 0.0000984434);
 * the exact figure is in the tooltip. Other values are shown as sent.
 */
function valueText(value: string | number | null): string {
  if (value === null) return UNKNOWN;
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : UNKNOWN;
  if (!DECIMAL_RE.test(value)) return value;
  const [whole = '', fraction = ''] = value.replace(/^-/, '').split('.');
  const leadingZeros = /^0*$/.test(whole) ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  return formatAmount(value, { minDecimals: 0, maxDecimals: Math.min(leadingZeros + 6, 36) });
}

/** SPEC §2.10: every firing with its time, message and the figures that fired it. */
export function TriggerHistory({ triggers }: { triggers: UseQueryResult<AlertTrigger[]> }) {
  return (
    <Card aria-labelledby="trigger-history-title">
      <CardHeader
        titleId="trigger-history-title"
        icon={<History className="h-5 w-5" aria-hidden="true" />}
        title="Trigger History"
        description={triggers.data && triggers.data.length > 0 ? `${triggers.data.length} firing${triggers.data.length === 1 ? '' : 's'}, newest first` : undefined}
      />
      {triggers.isPending ? (
        <LoadingState>Loading trigger history...</LoadingState>
      ) : triggers.isError && !triggers.data ? (
        <ErrorState
          message="The trigger history could not be loaded. Please try again."
          onRetry={() => void triggers.refetch()}
          retrying={triggers.isFetching}
        />
      ) : triggers.data.length === 0 ? (
        <EmptyState icon={History} title="This alert has not fired yet" description="Each time it fires, the time and the figures that fired it appear here." />
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Trigger history">
          {triggers.data.map((trigger) => {
            const entries = Object.entries(trigger.values);
            return (
              <li key={trigger.id} className="px-5 py-4 sm:px-6">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="min-w-0 text-sm font-medium break-words text-slate-900">{trigger.message}</p>
                  <time dateTime={trigger.triggered_at} className="shrink-0 text-xs text-slate-500">
                    {formatDateTime(trigger.triggered_at)}
                  </time>
                </div>
                {entries.length > 0 && (
                  <dl className="mt-2 flex flex-wrap gap-2">
                    {entries.map(([key, value]) => (
                      <div key={key} className="flex min-w-0 items-baseline gap-1.5 rounded-md bg-slate-50 px-2 py-1 text-xs ring-1 ring-slate-200 ring-inset">
                        <dt className="text-slate-500">{valueLabel(key)}</dt>
                        <dd className="font-medium break-all text-slate-900 tabular-nums" title={value === null ? undefined : String(value)}>
                          {valueText(value)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
