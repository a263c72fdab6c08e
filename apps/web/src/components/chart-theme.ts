import { ColorType, type DeepPartial, type IChartApi, type TimeChartOptions } from 'lightweight-charts';
import type { ResolvedTheme } from '../lib/theme';

/**
 * The colours of every lightweight-charts chart. The charts draw on canvas, where the CSS palette
 * (index.css, dark mode included) does not reach: these are the same slate and indigo values,
 * per scheme. Grid and borders read as the cards' dividers, text as their secondary text.
 */
const palettes = {
  light: {
    background: '#ffffff',
    text: '#64748b',
    grid: '#f1f5f9',
    border: '#e2e8f0',
    line: '#4f46e5',
    area: '79, 70, 229',
  },
  dark: {
    background: '#0f172b',
    text: '#90a1b9',
    grid: '#1d293d',
    border: '#283548',
    line: '#7c86ff',
    area: '124, 134, 255',
  },
} as const;

/** Chart options for a scheme; applied again when the scheme changes (charts keep their other options). */
export function chartTheme(theme: ResolvedTheme) {
  const colors = palettes[theme];
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: colors.background },
      textColor: colors.text,
      fontFamily: 'ui-sans-serif, system-ui, sans-serif',
      fontSize: 11,
      // Not inside the plot, where it sat over the candles: the licence's attribution notice and
      // link are given beside every chart instead (ChartAttribution).
      attributionLogo: false,
    },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderColor: colors.border },
    timeScale: { borderColor: colors.border },
  } satisfies DeepPartial<TimeChartOptions>;
}

/** The area series' line and fill; `strength` is the fill's opacity at the top. */
export function chartSeriesColors(theme: ResolvedTheme, strength: number) {
  const colors = palettes[theme];
  return {
    lineColor: colors.line,
    topColor: `rgba(${colors.area}, ${strength})`,
    bottomColor: `rgba(${colors.area}, 0.02)`,
  };
}

/**
 * Room at each end of the time axis, in pixels: about half its widest label ('10:00 AM', 'Oct 27'
 * at 11 px), so the first label is not cut at the left edge, and the newest candle's marker label
 * is not cut by the price axis on the right (issue 35).
 */
export const TIME_AXIS_EDGE_PX = 34;

/**
 * Shows all `count` bars with TIME_AXIS_EDGE_PX free at both ends, where fitContent puts the first
 * and last bars on the plot's edges. Run again when the chart's width changes, since the room is
 * given in bars.
 */
export function fitWithEdges(chart: IChartApi, count: number) {
  const timeScale = chart.timeScale();
  const width = timeScale.width();
  if (count === 0 || width <= 4 * TIME_AXIS_EDGE_PX) {
    timeScale.fitContent();
    return;
  }
  const spacing = (width - 2 * TIME_AXIS_EDGE_PX) / Math.max(count - 1, 1);
  const pad = TIME_AXIS_EDGE_PX / spacing;
  timeScale.setVisibleLogicalRange({ from: -pad, to: count - 1 + pad });
}
