import {
  AreaSeries,
  createChart,
  type AreaData,
  type AreaSeriesPartialOptions,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type TimeChartOptions,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useResolvedTheme } from '../lib/theme';
import { chartSeriesColors, chartTheme, fitWithEdges } from './chart-theme';

export interface ChartCanvasPoint extends AreaData<UTCTimestamp> {
  time: UTCTimestamp;
  value: number;
}

export interface ChartCanvasProps<P extends ChartCanvasPoint> {
  points: P[];
  /** The time axis and the labels (time scale, localization), on top of the theme. Read once, when the chart is made. */
  options: DeepPartial<TimeChartOptions>;
  /** The area series' own options besides its colours. Read once, when the chart is made. */
  series?: AreaSeriesPartialOptions;
  /** The fill's opacity at the top of the area. */
  fillStrength: number;
  /** Series options that follow the data (a price step fitted to the values, markers for a short history); a module-level function. */
  optionsFor?: (points: P[]) => AreaSeriesPartialOptions;
  className: string;
  'data-testid'?: string;
}

/**
 * One area series on a lightweight-charts canvas: made once, themed with the app's light or dark
 * palette (changed in place, without rebuilding the chart), sized by its container and removed
 * on unmount. The library draws on canvas with inline styles only: nothing that the CSP
 * (script-src 'self') refuses. Hidden from assistive technology: the figures stand beside it as text.
 */
export function ChartCanvas<P extends ChartCanvasPoint>({
  points,
  options,
  series = {},
  fillStrength,
  optionsFor,
  className,
  'data-testid': testId,
}: ChartCanvasProps<P>) {
  const theme = useResolvedTheme();
  // Read once at creation; later changes go through the effects below, without rebuilding the chart.
  const initial = useRef({ theme, options, series, fillStrength });
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const countRef = useRef(0);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { theme: first, options: own, series: seriesOptions, fillStrength: strength } = initial.current;
    const chart = createChart(container, {
      ...chartTheme(first),
      ...own,
      timeScale: { ...chartTheme(first).timeScale, ...own.timeScale },
      handleScroll: { vertTouchDrag: false },
    });
    chartRef.current = chart;
    // The room at the ends is given in bars: a new width needs it worked out again.
    const refit = () => fitWithEdges(chart, countRef.current);
    chart.timeScale().subscribeSizeChange(refit);
    seriesRef.current = chart.addSeries(AreaSeries, {
      ...chartSeriesColors(first, strength),
      lineWidth: 2,
      priceLineVisible: false,
      ...seriesOptions,
    });
    return () => {
      chart.timeScale().unsubscribeSizeChange(refit);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    chartRef.current?.applyOptions(chartTheme(theme));
    seriesRef.current?.applyOptions(chartSeriesColors(theme, fillStrength));
  }, [theme, fillStrength]);

  useEffect(() => {
    const areaSeries = seriesRef.current;
    if (!areaSeries) return;
    if (optionsFor) areaSeries.applyOptions(optionsFor(points));
    areaSeries.setData(points);
    countRef.current = points.length;
    if (chartRef.current) fitWithEdges(chartRef.current, points.length);
  }, [points, optionsFor]);

  return <div ref={containerRef} aria-hidden="true" data-testid={testId} className={className} />;
}
