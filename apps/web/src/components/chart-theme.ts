import { ColorType, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';
import type { ResolvedTheme } from '../lib/theme';

/**
 * The colours of every lightweight-charts chart. The charts draw on canvas, where the CSS palette
 * (index.css, dark mode included) does not reach: these are the same slate and indigo values,
 * per scheme. Grid and borders read as the cards' dividers, text as their secondary text.
 */
const palettes = {
  light: { background: '#ffffff', text: '#64748b', grid: '#f1f5f9', border: '#e2e8f0', line: '#4f46e5', area: '79, 70, 229' },
  dark: { background: '#0f172b', text: '#90a1b9', grid: '#1d293d', border: '#283548', line: '#7c86ff', area: '124, 134, 255' },
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
 * Charts are hidden from assistive technology (their figures are given as text beside them), so
 * the library's TradingView attribution link inside must not take keyboard focus either: a focusable
 * element in an aria-hidden region is announced as nothing (axe aria-hidden-focus). It stays
 * visible and clickable, as the library's licence asks. The library rebuilds the link when the
 * text colour changes between light and dark, so this runs after every theme change too.
 */
export function keepAttributionOutOfTabOrder(container: HTMLElement | null) {
  container?.querySelectorAll('a').forEach((link) => link.setAttribute('tabindex', '-1'));
}
