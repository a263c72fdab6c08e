import type { CandleCurrency, CandleInterval, Candles } from '@tokendesk/contract';
import type { UTCTimestamp } from 'lightweight-charts';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { segmentClass } from '../../../components/ui/segmented-tabs';
import type { ChartPoint } from './chart-points';

/*
 * The pool chart in USD (decision 0064): the currency switch both views share, the note that says
 * which rates value the swaps and which period has none, and the USD line drawn from USD candles.
 */

type UsdFacts = Pick<
  Candles,
  'currency' | 'usd_unavailable_reason' | 'usd_route' | 'usd_rates_from' | 'usd_candles_without_rate' | 'candles'
>;

/**
 * The line in USD is the close of each USD candle: per range, the candle length that keeps the
 * line fine without passing the server's candle limit.
 */
export const USD_LINE_INTERVAL = { '24h': '5m', '7d': '1h', '30d': '4h' } as const satisfies Record<
  string,
  CandleInterval
>;
export const USD_LINE_INTERVAL_TEXT: Record<keyof typeof USD_LINE_INTERVAL, string> = {
  '24h': '5-minute',
  '7d': 'hourly',
  '30d': '4-hour',
};

export function usdLinePoints(candles: Candles['candles']): ChartPoint[] {
  return candles
    .map((c) => ({ time: Math.floor(new Date(c.time).getTime() / 1000) as UTCTimestamp, value: Number(c.close) }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.value));
}

/**
 * What the chart says about its USD rates, or null when there is nothing to say (a quote view, a
 * stablecoin pair at exactly 1 USD): which pool's swaps value the paired token, and where a period
 * has no rate (before the recorded rates start).
 */
export function usdRateNote(
  answer: UsdFacts | undefined,
  pairSymbol: string,
): { route: string; gap: string | null } | null {
  if (!answer || answer.currency !== 'usd' || !answer.usd_route) return null;
  const route = `${pairSymbol} valued at ${answer.usd_route}: each swap at the rate of the latest ${answer.usd_route.split(' on ')[0]} swap at or before its block.`;
  const n = answer.usd_candles_without_rate;
  let gap: string | null = null;
  if (!answer.usd_rates_from)
    gap = `No USD rate recorded yet: TokenDesk has not stored a swap of ${answer.usd_route}, so no ${pairSymbol} price can be valued.`;
  else if (n > 0)
    gap = `No USD rate before ${formatDateTime(answer.usd_rates_from)}, when TokenDesk's record of ${answer.usd_route} starts: ${n} ${n === 1 ? 'period' : 'periods'} with trades before it ${n === 1 ? 'is' : 'are'} left out.`;
  return { route, gap };
}

export function UsdRateNote({ answer, pairSymbol }: { answer: UsdFacts | undefined; pairSymbol: string }) {
  const note = usdRateNote(answer, pairSymbol);
  if (!note) return null;
  return (
    <div data-testid="usd-rate-note" className="space-y-1 px-2 text-xs sm:px-0">
      <p className="text-slate-500">{note.route}</p>
      {note.gap && (
        <p data-testid="usd-no-rate" className="font-medium text-amber-700">
          {note.gap}
        </p>
      )}
    </div>
  );
}

/**
 * The currency switch: the paired token, or USD. With a reason (no USD history for this pair) USD
 * stays focusable but inert, and says why on hover and in the text below the card's header.
 */
export function CurrencySwitch({
  currency,
  pairSymbol,
  usdReason,
  reasonId,
  onChange,
}: {
  currency: CandleCurrency;
  pairSymbol: string;
  usdReason: string | null;
  reasonId: string;
  onChange: (next: CandleCurrency) => void;
}) {
  const usdButton = (
    <button
      type="button"
      aria-pressed={currency === 'usd'}
      aria-disabled={usdReason !== null || undefined}
      aria-describedby={usdReason !== null ? reasonId : undefined}
      onClick={() => usdReason === null && onChange('usd')}
      className={cn(
        segmentClass(currency === 'usd'),
        usdReason !== null && 'cursor-not-allowed text-slate-400 hover:text-slate-400',
      )}
    >
      USD
    </button>
  );
  return (
    <div role="group" aria-label="Currency" className="inline-flex rounded-lg bg-slate-100 p-0.5">
      <button
        type="button"
        aria-pressed={currency === 'quote'}
        onClick={() => onChange('quote')}
        className={segmentClass(currency === 'quote')}
      >
        {pairSymbol}
      </button>
      {usdReason !== null ? <Tooltip content={usdReason}>{usdButton}</Tooltip> : usdButton}
    </div>
  );
}
