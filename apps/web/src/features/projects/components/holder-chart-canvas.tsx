import { format } from 'date-fns';
import { AreaSeries, createChart, LineType, TickMarkType, type AutoscaleInfo, type IChartApi, type ISeriesApi, type Time } from 'lightweight-charts';
import { chartSeriesColors, chartTheme, keepAttributionOutOfTabOrder } from '../../../components/chart-theme';
import { useResolvedTheme } from '../../../lib/theme';
import { useEffect, useRef } from 'react';
import { chartDay, formatCount, type HolderChartPoint } from './holder-figures';

/**
 * The daily holder count as a stepped area: the count holds all day and changes between days.
 * Loaded lazily with the chart library; canvas with inline styles only, nothing the CSP refuses.
 */
export default function HolderChartCanvas({ points }: { points: HolderChartPoint[] }) {
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
      handleScroll: { vertTouchDrag: false },
    });
    chartRef.current = chart;
    keepAttributionOutOfTabOrder(container);
    seriesRef.current = chart.addSeries(AreaSeries, {
      ...chartSeriesColors(initialTheme.current, 0.22),
      lineWidth: 2,
      lineType: LineType.WithSteps,
      priceLineVisible: false,
      priceFormat: { type: 'custom', formatter: (value: number) => formatCount(Math.round(value)), minMove: 1 },
      // The scale starts at zero holders: a flat or one-day history otherwise got a scale centred
      // on its value, with negative counts below it (-2 for a history of 2).
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        if (info?.priceRange) info.priceRange = { minValue: 0, maxValue: Math.max(1, info.priceRange.maxValue) };
        return info;
      },
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
    seriesRef.current?.applyOptions(chartSeriesColors(theme, 0.22));
  }, [theme]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    // A history of a day or two is a dot or two, not a line: show the points themselves.
    series.applyOptions({ pointMarkersVisible: points.length <= 2 });
    series.setData(points);
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={containerRef} aria-hidden="true" data-testid="holder-chart" className="h-56 w-full" />;
}
