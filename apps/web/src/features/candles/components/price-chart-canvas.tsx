import { formatPrice } from '@tokendesk/contract';
import { ChartCanvas } from '../../../components/chart-canvas';
import { cn } from '../../../lib/cn';
import { minMoveFor, type ChartPoint } from './chart-points';
import { chartTimeOptions } from './chart-time-options';

/** The axis resolves the smallest price shown. */
const priceFormatFor = (points: ChartPoint[]) => ({
  priceFormat: {
    type: 'custom' as const,
    formatter: (price: number) => formatPrice(price),
    minMove: minMoveFor(points),
  },
});

/** The pool's price over time; loaded lazily with the chart library. */
export default function PriceChartCanvas({ points, busy }: { points: ChartPoint[]; busy: boolean }) {
  return (
    <ChartCanvas
      points={points}
      options={chartTimeOptions}
      fillStrength={0.25}
      optionsFor={priceFormatFor}
      className={cn('h-64 w-full transition-opacity', busy && 'opacity-60')}
    />
  );
}
