import { formatPrice, historyRanges, type CandleCurrency } from '@tokendesk/contract';
import { LineChart } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ChartAttribution } from '../../../components/chart-attribution';
import { ErrorState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format';
import { usePoolHistory, type HistoryRange } from '../api/get-pool-history';
import { useCandles } from '../api/get-candles';
import { chartTimeToDate, toChartPoints } from './chart-points';
import { CurrencySwitch, USD_LINE_INTERVAL, USD_LINE_INTERVAL_TEXT, UsdRateNote, usdLinePoints } from './usd-view';
import { useLoadErrorText } from '../../../lib/live/connection-store';

// The chart library is loaded with the first chart, not with the app.
const PriceChartCanvas = lazy(() => import('./price-chart-canvas'));

const RANGE_LABELS: Record<HistoryRange, string> = { '24h': '24h', '7d': '7d', '30d': '30d' };

/**
 * Product §2.11: the pool's price from stored snapshots, 24h / 7d / 30d; in USD the close of each
 * USD candle of the range (decision 0064), since a snapshot is a pool state, not a trade with a
 * block whose rate is recorded.
 */
export function PriceChartCard({
  poolId,
  pairSymbol,
  projectSymbol,
  currency = 'quote',
  onCurrency,
}: {
  poolId: number;
  pairSymbol: string;
  projectSymbol: string;
  currency?: CandleCurrency;
  onCurrency?: (next: CandleCurrency) => void;
}) {
  const [range, setRange] = useState<HistoryRange>('24h');
  const usd = currency === 'usd';
  const history = usePoolHistory(poolId, range, { enabled: !usd });
  // In USD the line's candles; otherwise one day's daily candle, the cheapest answer that carries
  // the USD reason, so the switch knows before it is pressed.
  const usdCandles = useCandles(
    poolId,
    usd ? USD_LINE_INTERVAL[range] : '1d',
    usd ? 'usd' : 'quote',
    usd ? range : '24h',
  );
  const loadErrorText = useLoadErrorText();
  const usdAnswer = usdCandles.data;
  const usdReason = usdAnswer?.usd_unavailable_reason ?? null;
  const refusedUsd = usd && usdAnswer?.currency === 'usd' && usdReason !== null;
  useEffect(() => {
    if (refusedUsd) onCurrency?.('quote');
  }, [refusedUsd, onCurrency]);
  const data = history.data;
  // Stable between renders: a new array would redraw the chart and reset the user's zoom.
  const points = useMemo(() => {
    if (usd) return usdAnswer?.currency === 'usd' ? usdLinePoints(usdAnswer.candles) : [];
    return data ? toChartPoints(data.points) : [];
  }, [usd, usdAnswer, data]);
  const shownRange = (usd ? usdAnswer?.range : history.data?.range) ?? range;
  const loading = usd ? usdCandles.isPending : history.isPending;
  const failed = usd ? usdCandles.isError && !usdAnswer : history.isError && !history.data;
  const unit = usd ? 'USD' : pairSymbol;

  const first = points[0];
  const last = points[points.length - 1];

  return (
    <Card aria-labelledby="price-chart-title">
      <CardHeader
        titleId="price-chart-title"
        icon={<LineChart className="h-5 w-5" aria-hidden="true" />}
        title="Price History"
        description={
          usd
            ? `USD per ${projectSymbol}, the close of each ${USD_LINE_INTERVAL_TEXT[range]} candle of the pool's swaps`
            : `${pairSymbol} per ${projectSymbol}, from stored snapshots of the pool`
        }
        actions={
          <>
            {onCurrency && (
              <CurrencySwitch
                currency={currency}
                pairSymbol={pairSymbol}
                usdReason={usdReason}
                reasonId="price-usd-reason"
                onChange={onCurrency}
              />
            )}
            <SegmentedTabs
              label="Chart range"
              options={historyRanges}
              value={range}
              onChange={setRange}
              labels={RANGE_LABELS}
              idPrefix="price-range"
              panelId="price-chart-panel"
            />
          </>
        }
      />
      {onCurrency && usdReason !== null && (
        <p id="price-usd-reason" className="border-b border-slate-100 px-5 py-2 text-xs text-slate-500 sm:px-6">
          USD view unavailable: {usdReason}
        </p>
      )}
      <div
        id="price-chart-panel"
        role="tabpanel"
        aria-labelledby={`price-range-${range}`}
        className="px-2 py-4 sm:px-4"
      >
        {loading ? (
          <Skeleton className="mx-2 h-64" />
        ) : failed ? (
          <ErrorState
            message={loadErrorText(
              usd ? usdCandles.error : history.error,
              'The price history could not be loaded. Please try again.',
            )}
            onRetry={() => void (usd ? usdCandles.refetch() : history.refetch())}
            retrying={usd ? usdCandles.isFetching : history.isFetching}
          />
        ) : points.length === 0 ? (
          <div className="grid h-64 place-items-center px-4 text-center">
            {usd && usdAnswer?.usd_route && (usdAnswer.usd_candles_without_rate > 0 || !usdAnswer.usd_rates_from) ? (
              <div>
                <p className="text-sm font-semibold text-slate-900">No USD rate for this period</p>
                <UsdRateNote answer={usdAnswer} pairSymbol={pairSymbol} />
              </div>
            ) : (
              <div>
                <p className="text-sm font-semibold text-slate-900">No price history yet</p>
                <p className="mt-1 max-w-sm text-sm text-slate-500">
                  TokenDesk stores the pool's price as it reads the chain; the chart fills in as snapshots of the last{' '}
                  {RANGE_LABELS[shownRange]} arrive.
                </p>
              </div>
            )}
          </div>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="mx-2 h-64" />}>
              <PriceChartCanvas points={points} busy={usd ? usdCandles.isFetching : history.isFetching} />
            </Suspense>
            {usd && <UsdRateNote answer={usdAnswer} pairSymbol={pairSymbol} />}
            <ChartAttribution className="mt-2 px-2 sm:px-0" />
            <p className="sr-only">
              {points.length} price points from {formatDateTime(chartTimeToDate(first!.time))} (
              {formatPrice(first!.value)} {unit}) to {formatDateTime(chartTimeToDate(last!.time))} (
              {formatPrice(last!.value)} {unit}).
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
