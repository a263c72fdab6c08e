import { formatPrice, shortenAddress, type Alert, type AlertTrigger, type Pool } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatAmount, formatDateTime, formatNotificationTime, UNKNOWN } from '../../../lib/format';
import { pairSymbol } from './alert-text';

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** 'change_pct' → 'Change %': for a figure this screen has no words for yet, shown as the server names it. */
function valueLabel(key: string): string {
  const words = key
    .split('_')
    .map((word) => (word === 'pct' ? '%' : word))
    .join(' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Decimal strings (reserves, amounts) keep six significant digits; the exact figure is in the
 * tooltip. Other values are shown as sent.
 */
function valueText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return UNKNOWN;
  if (typeof value === 'number')
    return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : UNKNOWN;
  if (!DECIMAL_RE.test(value)) return value;
  const [whole = '', fraction = ''] = value.replace(/^-/, '').split('.');
  const leadingZeros = /^0*$/.test(whole) ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  return formatAmount(value, { minDecimals: 0, maxDecimals: Math.min(leadingZeros + 6, 36) });
}

/** '+6.52%' / '−3.1%': a change always says its direction. */
function signedPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || !DECIMAL_RE.test(String(value))) return UNKNOWN;
  const text = String(value);
  const negative = text.startsWith('-');
  return `${negative ? '\u2212' : '+'}${formatAmount(text.replace(/^-/, ''), { minDecimals: 0, maxDecimals: 2 })}%`;
}

/** A price by the one price format (product §6): '0.0₄98738', the exact figure in the tooltip. */
function priceText(value: string | number | null | undefined): string {
  if (typeof value === 'string' && !DECIMAL_RE.test(value)) return value;
  return formatPrice(value);
}

const exact = (value: string | number | null | undefined) =>
  value === null || value === undefined ? undefined : String(value);

interface Chip {
  key: string;
  label: string;
  value: string;
  /** The exact figures, for the tooltip. */
  title?: string;
}

/**
 * The figures of one firing in the words of the screen, in reading order ('Price from … to …', the
 * change, the alert's own setting, the transaction and block), with the paired token as the unit.
 * The server stores them as JSON whose key order is not kept; anything unknown follows as sent.
 */
function triggerChips(values: AlertTrigger['values'], alert: Alert, pool: Pool | undefined): Chip[] {
  const pair = pairSymbol(alert, pool);
  const unit = (text: string) => (pair ? `${text} ${pair}` : text);
  const known = new Set(['decimals']);
  const chips: Chip[] = [];
  const take = (...keys: string[]) => keys.forEach((key) => known.add(key));

  if ('price_from' in values || 'price_to' in values) {
    take('price_from', 'price_to');
    chips.push({
      key: 'price',
      label: 'Price',
      value: unit(`from ${priceText(values.price_from)} to ${priceText(values.price_to)}`),
      title: `from ${exact(values.price_from) ?? UNKNOWN} to ${exact(values.price_to) ?? UNKNOWN}`,
    });
  }
  if ('reserve_from' in values || 'reserve_to' in values) {
    take('reserve_from', 'reserve_to');
    chips.push({
      key: 'reserve',
      label: pair ? `${pair} reserve` : 'Reserve',
      value: unit(`from ${valueText(values.reserve_from)} to ${valueText(values.reserve_to)}`),
      title: `from ${exact(values.reserve_from) ?? UNKNOWN} to ${exact(values.reserve_to) ?? UNKNOWN}`,
    });
  }
  if ('amount_token' in values) {
    take('amount_token');
    chips.push({
      key: 'amount',
      label: 'Amount',
      value: unit(valueText(values.amount_token)),
      title: exact(values.amount_token),
    });
  }
  if ('change_pct' in values) {
    take('change_pct');
    chips.push({
      key: 'change',
      label: 'Change',
      value: signedPercent(values.change_pct),
      title: exact(values.change_pct),
    });
  }
  if ('drop_pct' in values) {
    take('drop_pct');
    chips.push({
      key: 'drop',
      label: 'Drop',
      value: signedPercent(values.drop_pct).replace(/^[+\u2212]/, ''),
      title: exact(values.drop_pct),
    });
  }
  if ('threshold_pct' in values) {
    take('threshold_pct', 'window_minutes');
    const sign = alert.kind === 'liquidity_drop' ? '\u2212' : '±';
    const within = values.window_minutes === undefined ? '' : ` within ${valueText(values.window_minutes)} min`;
    chips.push({ key: 'setting-pct', label: 'Fires at', value: `${sign}${valueText(values.threshold_pct)}%${within}` });
  }
  if ('min_amount' in values) {
    take('min_amount');
    chips.push({ key: 'setting-min', label: 'Fires at', value: `${unit(valueText(values.min_amount))} or more` });
  }
  if (typeof values.tx_hash === 'string') {
    take('tx_hash');
    chips.push({ key: 'tx', label: 'Transaction', value: shortenAddress(values.tx_hash), title: values.tx_hash });
  }
  if ('block_number' in values) {
    take('block_number');
    chips.push({ key: 'block', label: 'Block', value: exact(values.block_number) ?? UNKNOWN });
  }
  for (const [key, value] of Object.entries(values)) {
    if (!known.has(key)) chips.push({ key, label: valueLabel(key), value: valueText(value), title: exact(value) });
  }
  return chips;
}

/** Product §2.10: every firing with its time, message and the figures that fired it. */
export function TriggerHistory({
  triggers,
  alert,
  pool,
}: {
  triggers: UseQueryResult<AlertTrigger[]>;
  alert: Alert;
  pool?: Pool;
}) {
  return (
    <Card aria-labelledby="trigger-history-title">
      <CardHeader
        titleId="trigger-history-title"
        icon={<History className="h-5 w-5" aria-hidden="true" />}
        title="Trigger History"
        description={
          triggers.data && triggers.data.length > 0
            ? `${triggers.data.length} firing${triggers.data.length === 1 ? '' : 's'}, newest first`
            : undefined
        }
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
        <EmptyState
          icon={History}
          title="This alert has not fired yet"
          description="Each time it fires, the time and the figures that fired it appear here."
        />
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Trigger history">
          {triggers.data.map((trigger) => {
            const chips = triggerChips(trigger.values, alert, pool);
            return (
              <li key={trigger.id} className="px-5 py-4 sm:px-6">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="min-w-0 text-sm font-medium break-words text-slate-900">{trigger.message}</p>
                  {/* The bell's formatter: a firing reads the same time here and in its notification (issue 35). */}
                  <time
                    dateTime={trigger.triggered_at}
                    title={formatDateTime(trigger.triggered_at)}
                    className="shrink-0 text-xs text-slate-500"
                  >
                    {formatNotificationTime(trigger.triggered_at)}
                  </time>
                </div>
                {chips.length > 0 && (
                  <dl className="mt-2 flex flex-wrap gap-2">
                    {chips.map((chip) => (
                      <div
                        key={chip.key}
                        className="flex min-w-0 max-w-full items-baseline gap-1.5 rounded-md bg-slate-50 px-2 py-1 text-xs ring-1 ring-slate-200 ring-inset"
                      >
                        <dt className="shrink-0 text-slate-500">{chip.label}</dt>
                        <dd className="min-w-0 font-medium break-words text-slate-900 tabular-nums" title={chip.title}>
                          {chip.value}
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
