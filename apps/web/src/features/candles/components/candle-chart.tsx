import {
  candleIntervals,
  formatPrice,
  formatPriceFull,
  type Candle,
  type CandleCurrency,
  type CandleInterval,
  type CandleRange,
} from '@tokendesk/contract';
import { ChartCandlestick, LineChart } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ChartAttribution } from '../../../components/chart-attribution';
import { ErrorState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { SegmentedTabs, segmentClass } from '../../../components/ui/segmented-tabs';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useCandles } from '../api/get-candles';
import { bucketOf } from './candle-chart-data';
import { PriceChartCard } from './price-chart';
import { CurrencySwitch, UsdRateNote } from './usd-view';
import { useLoadErrorText } from '../../../lib/live/connection-store';

// The chart library is loaded with the first chart, not with the app.
const CandleChartCanvas = lazy(() => import('./candle-chart-canvas'));

const INTERVAL_LABELS: Record<CandleInterval, string> = {
  '5m': '5m',
  '15m': '15m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1D',
};
const RANGE_TEXT: Record<CandleRange, string> = { '24h': 'last 24 hours', '7d': 'last 7 days', '30d': 'last 30 days' };

type ChartView = 'line' | 'candles';
const VIEW_KEY = 'tokendesk.poolChartView';

function storedView(): ChartView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'candles' ? 'candles' : 'line';
  } catch {
    return 'line';
  }
}

/**
 * The pool page's price chart: the line from stored snapshots (product §2.11) or candles with
 * volume from stored swaps (decision 0034). The choice is remembered in this browser.
 */
export function PoolPriceChart({
  poolId,
  pairSymbol,
  projectSymbol,
}: {
  poolId: number;
  pairSymbol: string;
  projectSymbol: string;
}) {
  const [view, setView] = useState<ChartView>(storedView);
  // One currency for both views, so switching view keeps USD (decision 0064).
  const [currency, setCurrency] = useState<CandleCurrency>('quote');
  const choose = (next: ChartView) => {
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return (
    <section aria-label="Price chart" className="space-y-2">
      <div className="flex justify-end">
        <div role="group" aria-label="Chart type" className="inline-flex rounded-lg bg-slate-100 p-0.5">
          <button
            type="button"
            aria-pressed={view === 'line'}
            onClick={() => choose('line')}
            className={segmentClass(view === 'line')}
          >
            <LineChart className="h-3.5 w-3.5" aria-hidden="true" />
            Line
          </button>
          <button
            type="button"
            aria-pressed={view === 'candles'}
            onClick={() => choose('candles')}
            className={segmentClass(view === 'candles')}
          >
            <ChartCandlestick className="h-3.5 w-3.5" aria-hidden="true" />
            Candles
          </button>
        </div>
      </div>
      {view === 'line' ? (
        <PriceChartCard
          key={poolId}
          poolId={poolId}
          pairSymbol={pairSymbol}
          projectSymbol={projectSymbol}
          currency={currency}
          onCurrency={setCurrency}
        />
      ) : (
        // Keyed by pool: another pool's page starts from its own defaults (its USD may be unavailable).
        <CandleChartCard
          key={poolId}
          poolId={poolId}
          pairSymbol={pairSymbol}
          projectSymbol={projectSymbol}
          currency={currency}
          onCurrency={setCurrency}
        />
      )}
    </section>
  );
}

function CandleLegend({ candle, quote, projectSymbol }: { candle: Candle; quote: string; projectSymbol: string }) {
  const figure = (label: string, value: string) => (
    <span className="whitespace-nowrap">
      <span className="text-slate-500">{label}</span>{' '}
      <span className="font-medium tabular-nums text-slate-900" title={formatPriceFull(value)}>
        {formatPrice(value)}
      </span>
    </span>
  );
  return (
    <div data-testid="candle-legend" className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-2 text-xs sm:px-0">
      <span className="whitespace-nowrap text-slate-500">{formatDateTime(candle.time)}</span>
      {figure('O', candle.open)}
      {figure('H', candle.high)}
      {figure('L', candle.low)}
      {figure('C', candle.close)}
      <span className="whitespace-nowrap">
        <span className="text-slate-500">Vol</span>{' '}
        <span className="font-medium tabular-nums text-slate-900">
          {formatAmount(candle.volume)} {quote}
        </span>{' '}
        <span className="text-slate-500">
          ({formatAmount(candle.volume_project_token)} {projectSymbol})
        </span>
      </span>
      <span className="whitespace-nowrap text-slate-500">
        {candle.trades} {candle.trades === 1 ? 'trade' : 'trades'}: {candle.buys} {candle.buys === 1 ? 'buy' : 'buys'},{' '}
        {candle.sells} {candle.sells === 1 ? 'sell' : 'sells'}
      </span>
    </div>
  );
}

/**
 * Candlesticks and volume of one pool at 5m … 1D, in the paired token or USD: exact for a
 * stablecoin pair, at the recorded reference rates for a wrapped-native pair (decision 0064).
 */
export function CandleChartCard({
  poolId,
  pairSymbol,
  projectSymbol,
  currency,
  onCurrency: setCurrency,
}: {
  poolId: number;
  pairSymbol: string;
  projectSymbol: string;
  currency: CandleCurrency;
  onCurrency: (next: CandleCurrency) => void;
}) {
  const [interval, setCandleInterval] = useState<CandleInterval>('1h');
  const [hovered, setHovered] = useState<number | null>(null);
  const candles = useCandles(poolId, interval, currency);
  const loadErrorText = useLoadErrorText();
  const answer = candles.data;
  const onHover = useCallback((time: number | null) => setHovered(time), []);

  // The reason travels with every answer, so the USD switch knows before it is pressed.
  const usdReason = answer?.usd_unavailable_reason ?? null;
  // A USD answer without candles for want of USD history goes back to the exact quote view.
  const refusedUsd = currency === 'usd' && answer?.currency === 'usd' && usdReason !== null;
  useEffect(() => {
    if (refusedUsd) setCurrency('quote');
  }, [refusedUsd, setCurrency]);
  const quote = answer?.quote_symbol ?? (currency === 'usd' ? 'USD' : pairSymbol);
  const shown = useMemo(() => {
    if (!answer || answer.candles.length === 0) return null;
    const byTime =
      hovered !== null ? answer.candles.find((c) => bucketOf(c.time, answer.interval) === hovered) : undefined;
    return byTime ?? answer.candles[answer.candles.length - 1]!;
  }, [answer, hovered]);

  const range = answer?.range;
  return (
    <Card aria-labelledby="candle-chart-title">
      <CardHeader
        titleId="candle-chart-title"
        icon={<ChartCandlestick className="h-5 w-5" aria-hidden="true" />}
        title="Candles"
        description={`${quote} per ${projectSymbol}, from the pool's stored swaps${range ? `, ${RANGE_TEXT[range]}` : ''}`}
        actions={
          <>
            <CurrencySwitch
              currency={currency}
              pairSymbol={pairSymbol}
              usdReason={usdReason}
              reasonId="candle-usd-reason"
              onChange={setCurrency}
            />
            <SegmentedTabs
              label="Candle interval"
              options={candleIntervals}
              value={interval}
              onChange={setCandleInterval}
              labels={INTERVAL_LABELS}
              idPrefix="candle-interval"
              panelId="candle-chart-panel"
            />
          </>
        }
      />
      {usdReason !== null && (
        <p id="candle-usd-reason" className="border-b border-slate-100 px-5 py-2 text-xs text-slate-500 sm:px-6">
          USD view unavailable: {usdReason}
        </p>
      )}
      <div
        id="candle-chart-panel"
        role="tabpanel"
        aria-labelledby={`candle-interval-${interval}`}
        className="space-y-3 px-2 py-4 sm:px-4"
      >
        {candles.isPending ? (
          <Skeleton className="mx-2 h-72" />
        ) : candles.isError && !answer ? (
          <ErrorState
            message={loadErrorText(candles.error, 'The candles could not be loaded. Please try again.')}
            onRetry={() => void candles.refetch()}
            retrying={candles.isFetching}
          />
        ) : !answer || answer.candles.length === 0 ? (
          <div className="grid h-72 place-items-center px-4 text-center">
            {answer &&
            answer.currency === 'usd' &&
            answer.usd_route &&
            (answer.usd_candles_without_rate > 0 || !answer.usd_rates_from) ? (
              <div>
                <p className="text-sm font-semibold text-slate-900">No USD rate for this period</p>
                <UsdRateNote answer={answer} pairSymbol={pairSymbol} />
              </div>
            ) : (
              <div>
                <p className="text-sm font-semibold text-slate-900">No trades in this range yet</p>
                <p className="mt-1 max-w-sm text-sm text-slate-500">
                  Candles are made from the swaps TokenDesk has stored for this pool
                  {range ? ` in the ${RANGE_TEXT[range]}` : ''}; a newly added pool starts with the last 24 hours.
                </p>
              </div>
            )}
          </div>
        ) : (
          <>
            {shown && <CandleLegend candle={shown} quote={quote} projectSymbol={projectSymbol} />}
            <UsdRateNote answer={answer} pairSymbol={pairSymbol} />
            <Suspense fallback={<Skeleton className="mx-2 h-72" />}>
              <CandleChartCanvas answer={answer} busy={candles.isFetching} onHover={onHover} />
            </Suspense>
            <p className="px-2 text-xs text-slate-500 sm:px-0">
              Intervals without trades are left empty. Volume in {quote} below the candles.
            </p>
            <ChartAttribution className="px-2 sm:px-0" />
            <p className="sr-only">
              {answer.candles.length} candles from {formatDateTime(answer.candles[0]!.time)} to{' '}
              {formatDateTime(answer.candles[answer.candles.length - 1]!.time)}; last close{' '}
              {formatPrice(answer.candles[answer.candles.length - 1]!.close)} {quote}.
            </p>
            {answer.markers.length > 0 && (
              <details className="px-2 text-xs sm:px-0">
                <summary className="cursor-pointer text-slate-600 hover:text-slate-900">
                  {answer.markers.length} {answer.markers.length === 1 ? 'marker' : 'markers'}: large swaps, liquidity
                  changes and your alerts
                </summary>
                <ul className="mt-2 space-y-1">
                  {[...answer.markers].reverse().map((marker, i) => (
                    <li key={`${marker.time}-${i}`} className="flex flex-wrap gap-x-2">
                      <span className="whitespace-nowrap text-slate-500">{formatDateTime(marker.time)}</span>
                      <span className="text-slate-900">{marker.text}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
