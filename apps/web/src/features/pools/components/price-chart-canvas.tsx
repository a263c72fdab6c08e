import { formatPrice } from '@tokendesk/contract';
import { format } from 'date-fns';
import { TickMarkType, type Time } from 'lightweight-charts';
import { ChartCanvas } from '../../../components/chart-canvas';
import { cn } from '../../../lib/cn';
import { chartTimeToDate, minMoveFor, type ChartPoint } from './chart-points';

const options = {
  timeScale: {
    timeVisible: true,
    secondsVisible: false,
    // The chart's own labels are UTC; the rest of the app speaks local time.
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const date = chartTimeToDate(time);
      if (type === TickMarkType.Year) return format(date, 'yyyy');
      if (type === TickMarkType.Month) return format(date, 'MMM');
      if (type === TickMarkType.DayOfMonth) return format(date, 'MMM d');
      return format(date, 'h:mm a');
    },
  },
  localization: {
    timeFormatter: (time: Time) => format(chartTimeToDate(time), 'MMM d, yyyy h:mm a'),
    priceFormatter: (price: number) => formatPrice(price),
  },
};

/** The axis resolves the smallest price shown. */
const priceFormatFor = (points: ChartPoint[]) => ({
  priceFormat: { type: 'custom' as const, formatter: (price: number) => formatPrice(price), minMove: minMoveFor(points) },
});

/** The pool's price over time; loaded lazily with the chart library. */
export default function PriceChartCanvas({ points, busy }: { points: ChartPoint[]; busy: boolean }) {
  return (
    <ChartCanvas
      points={points}
      options={options}
      fillStrength={0.25}
      optionsFor={priceFormatFor}
      className={cn('h-64 w-full transition-opacity', busy && 'opacity-60')}
    />
  );
}
