import { formatPrice, type Candles } from '@tokendesk/contract';
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef } from 'react';
import { chartTheme, fitWithEdges } from '../../../components/chart-theme';
import { cn } from '../../../lib/cn';
import { useResolvedTheme, type ResolvedTheme } from '../../../lib/theme';
import {
  candleMinMove,
  markersThatFit,
  toCandleChartData,
  type CandleChartData,
  type CandleColors,
} from './candle-chart-data';
import { chartTimeOptions } from './chart-time-options';

/** Up and down in the app's green and red, per scheme; volume bars the same, lighter. */
const candlePalettes: Record<ResolvedTheme, CandleColors & { accent: string }> = {
  light: {
    up: '#16a34a',
    down: '#dc2626',
    upVolume: 'rgba(22, 163, 74, 0.35)',
    downVolume: 'rgba(220, 38, 38, 0.35)',
    accent: '#4f46e5',
  },
  dark: {
    up: '#22c55e',
    down: '#f87171',
    upVolume: 'rgba(34, 197, 94, 0.35)',
    downVolume: 'rgba(248, 113, 113, 0.35)',
    accent: '#7c86ff',
  },
};

export interface CandleChartCanvasProps {
  answer: Pick<Candles, 'interval' | 'candles' | 'markers'>;
  busy: boolean;
  /** The candle under the crosshair (its bucket start), or null when the pointer leaves. */
  onHover: (time: UTCTimestamp | null) => void;
}

/**
 * Candlesticks with a volume histogram on its own scale at the bottom, and markers; loaded lazily
 * with the chart library. Made once, re-themed in place, data replaced on change. Hidden from
 * assistive technology: the card gives the figures as text.
 */
export default function CandleChartCanvas({ answer, busy, onHover }: CandleChartCanvasProps) {
  const theme = useResolvedTheme();
  const initialTheme = useRef(theme);
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candlesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const markersRef = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const countRef = useRef(0);
  const dataRef = useRef<CandleChartData | null>(null);
  const spacingRef = useRef(0);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const first = initialTheme.current;
    const palette = candlePalettes[first];
    const chart = createChart(container, {
      ...chartTheme(first),
      ...chartTimeOptions,
      timeScale: { ...chartTheme(first).timeScale, ...chartTimeOptions.timeScale },
      handleScroll: { vertTouchDrag: false },
    });
    chartRef.current = chart;
    // The room at the ends is given in bars: a new width needs it worked out again.
    const refit = () => fitWithEdges(chart, countRef.current);
    chart.timeScale().subscribeSizeChange(refit);
    // Which marker labels fit depends on the bar spacing: checked again on zoom and resize.
    const relabel = () => {
      const spacing = chart.timeScale().options().barSpacing;
      if (spacing === spacingRef.current || !dataRef.current) return;
      spacingRef.current = spacing;
      markersRef.current?.setMarkers(markersThatFit(dataRef.current.markers, dataRef.current.bars, spacing));
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(relabel);
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: palette.up,
      downColor: palette.down,
      borderUpColor: palette.up,
      borderDownColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
      priceLineVisible: false,
    });
    // The price keeps the top three quarters; volume the bottom fifth, on a scale of its own.
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.25 } });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 }, visible: false });
    candlesRef.current = candles;
    volumeRef.current = volume;
    markersRef.current = createSeriesMarkers(candles, []);
    chart.subscribeCrosshairMove((param) => {
      const bar = param.time !== undefined ? param.seriesData.get(candles) : undefined;
      hoverRef.current(bar && 'open' in bar ? (param.time as UTCTimestamp) : null);
    });
    return () => {
      chart.timeScale().unsubscribeSizeChange(refit);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(relabel);
      chart.remove();
      chartRef.current = null;
      candlesRef.current = null;
      volumeRef.current = null;
      markersRef.current = null;
    };
  }, []);

  const palette = candlePalettes[theme];
  const data = useMemo(() => toCandleChartData(answer, palette, palette.accent), [answer, palette]);

  useEffect(() => {
    chartRef.current?.applyOptions(chartTheme(theme));
    const p = candlePalettes[theme];
    candlesRef.current?.applyOptions({
      upColor: p.up,
      downColor: p.down,
      borderUpColor: p.up,
      borderDownColor: p.down,
      wickUpColor: p.up,
      wickDownColor: p.down,
    });
  }, [theme]);

  useEffect(() => {
    const candles = candlesRef.current;
    if (!candles) return;
    candles.applyOptions({
      priceFormat: {
        type: 'custom',
        formatter: (price: number) => formatPrice(price),
        minMove: candleMinMove(answer.candles),
      },
    });
    candles.setData(data.bars);
    volumeRef.current?.setData(data.volumes);
    dataRef.current = data;
    countRef.current = data.bars.length;
    if (chartRef.current) fitWithEdges(chartRef.current, data.bars.length);
    spacingRef.current = chartRef.current?.timeScale().options().barSpacing ?? 0;
    markersRef.current?.setMarkers(markersThatFit(data.markers, data.bars, spacingRef.current));
  }, [data, answer.candles]);

  return (
    <div
      ref={containerRef}
      aria-hidden="true"
      data-testid="candle-chart"
      className={cn('h-72 w-full transition-opacity', busy && 'opacity-60')}
    />
  );
}
