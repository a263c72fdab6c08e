import { formatPrice, historyRanges } from '@tokendesk/contract';
import { LineChart } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ChartAttribution } from '../../../components/chart-attribution';
import { ErrorState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/format';
import { useFundHistory, type HistoryRange } from '../api/get-fund-history';
import { chartTimeToDate, toChartPoints } from './chart-points';

// The chart library is loaded with the first chart, not with the app.
const PriceChartCanvas = lazy(() => import('./price-chart-canvas'));

const RANGE_LABELS: Record<HistoryRange, string> = { '24h': '24h', '7d': '7d', '30d': '30d' };

/** Product §2.11: the pool's price from stored snapshots, 24h / 7d / 30d. */
export function PriceChartCard({ poolId, pairSymbol, projectSymbol }: { poolId: number; pairSymbol: string; projectSymbol: string }) {
  const [range, setRange] = useState<HistoryRange>('24h');
  const history = useFundHistory(poolId, range);
  const data = history.data;
  // Stable between renders: a new array would redraw the chart and reset the user's zoom.
  const points = useMemo(() => (data ? toChartPoints(data.points) : []), [data]);
  const shownRange = history.data?.range ?? range;

  const first = points[0];
  const last = points[points.length - 1];

  return (
    <Card aria-labelledby="price-chart-title">
      <CardHeader
        titleId="price-chart-title"
        icon={<LineChart className="h-5 w-5" aria-hidden="true" />}
        title="Price History"
        description={`${pairSymbol} per ${projectSymbol}, from stored snapshots of the pool`}
        actions={
          <SegmentedTabs label="Chart range" options={historyRanges} value={range} onChange={setRange} labels={RANGE_LABELS} idPrefix="price-range" panelId="price-chart-panel" />
        }
      />
      <div id="price-chart-panel" role="tabpanel" aria-labelledby={`price-range-${range}`} className="px-2 py-4 sm:px-4">
        {history.isPending ? (
          <Skeleton className="mx-2 h-64" />
        ) : history.isError && !history.data ? (
          <ErrorState message="The price history could not be loaded. Please try again." onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : points.length === 0 ? (
          <div className="grid h-64 place-items-center px-4 text-center">
            <div>
              <p className="text-sm font-semibold text-slate-900">No price history yet</p>
              <p className="mt-1 max-w-sm text-sm text-slate-500">
                TokenDesk stores the pool's price as it reads the chain; the chart fills in as snapshots of the last {RANGE_LABELS[shownRange]} arrive.
              </p>
            </div>
          </div>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="mx-2 h-64" />}>
              <PriceChartCanvas points={points} busy={history.isFetching} />
            </Suspense>
            <ChartAttribution className="mt-2 px-2 sm:px-0" />
            <p className="sr-only">
              {points.length} price points from {formatDateTime(chartTimeToDate(first!.time))} ({formatPrice(first!.value)} {pairSymbol}) to{' '}
              {formatDateTime(chartTimeToDate(last!.time))} ({formatPrice(last!.value)} {pairSymbol}).
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
