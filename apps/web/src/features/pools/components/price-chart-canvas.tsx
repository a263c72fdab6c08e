import { formatPrice } from '@tokendesk/contract';
import { format } from 'date-fns';
import { AreaSeries, createChart, TickMarkType, type IChartApi, type ISeriesApi, type Time } from 'lightweight-charts';
import { chartSeriesColors, chartTheme, keepAttributionOutOfTabOrder } from '../../../components/chart-theme';
import { useResolvedTheme } from '../../../lib/theme';
import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { chartTimeToDate, minMoveFor, type ChartPoint } from './chart-points';

/** lightweight-charts draws on canvas with inline styles only: nothing that the CSP (script-src 'self') refuses. */
export default function PriceChartCanvas({ points, busy }: { points: ChartPoint[]; busy: boolean }) {
  const theme = useResolvedTheme();
  // Read once at creation; later changes go through the effect below, without rebuilding the chart.
  const initialTheme = useRef(theme);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, {
      ...chartTheme(initialTheme.current),
      timeScale: {
        ...chartTheme(initialTheme.current).timeScale,
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
      handleScroll: { vertTouchDrag: false },
    });
    chartRef.current = chart;
    keepAttributionOutOfTabOrder(container);
    seriesRef.current = chart.addSeries(AreaSeries, {
      ...chartSeriesColors(initialTheme.current, 0.25),
      lineWidth: 2,
      priceLineVisible: false,
    });
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.applyOptions(chartTheme(theme));
    keepAttributionOutOfTabOrder(containerRef.current);
    seriesRef.current?.applyOptions(chartSeriesColors(theme, 0.25));
  }, [theme]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    series.applyOptions({ priceFormat: { type: 'custom', formatter: (price: number) => formatPrice(price), minMove: minMoveFor(points) } });
    series.setData(points);
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={containerRef} aria-hidden="true" className={cn('h-64 w-full transition-opacity', busy && 'opacity-60')} />;
}
