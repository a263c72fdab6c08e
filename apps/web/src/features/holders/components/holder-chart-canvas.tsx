import { format } from 'date-fns';
import { LineType, TickMarkType, type AutoscaleInfo, type Time } from 'lightweight-charts';
import { ChartCanvas } from '../../../components/chart-canvas';
import { chartDay, formatCount, type HolderChartPoint } from './holder-figures';

/**
 * The daily holder count as a stepped area: the count holds all day and changes between days.
 * Loaded lazily with the chart library; canvas with inline styles only, nothing the CSP refuses.
 */
export default function HolderChartCanvas({ points }: { points: HolderChartPoint[] }) {
  return (
    <ChartCanvas
      points={points}
      options={options}
      series={series}
      fillStrength={0.22}
      optionsFor={markersFor}
      data-testid="holder-chart"
      className="h-56 w-full"
    />
  );
}

const options = {
  timeScale: {
    timeVisible: false,
    // Days are UTC days (the server counts them so); labels name that day in any time zone.
    tickMarkFormatter: (time: Time, type: TickMarkType) => {
      const date = chartDay(time);
      if (type === TickMarkType.Year) return format(date, 'yyyy');
      if (type === TickMarkType.Month) return format(date, 'MMM');
      return format(date, 'MMM d');
    },
  },
  localization: {
    timeFormatter: (time: Time) => format(chartDay(time), 'MMM d, yyyy'),
    priceFormatter: (value: number) => formatCount(Math.round(value)),
  },
};

const series = {
  lineType: LineType.WithSteps,
  priceFormat: { type: 'custom' as const, formatter: (value: number) => formatCount(Math.round(value)), minMove: 1 },
  // The scale starts at zero holders: a flat or one-day history otherwise got a scale centred
  // on its value, with negative counts below it (-2 for a history of 2).
  autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
    const info = original();
    if (info?.priceRange) info.priceRange = { minValue: 0, maxValue: Math.max(1, info.priceRange.maxValue) };
    return info;
  },
};

// A history of a day or two is a dot or two, not a line: show the points themselves.
const markersFor = (points: HolderChartPoint[]) => ({ pointMarkersVisible: points.length <= 2 });
