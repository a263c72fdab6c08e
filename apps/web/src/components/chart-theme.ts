import { ColorType, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/** The look every lightweight-charts chart shares (slate on white, the app's font). */
export const chartTheme = {
  autoSize: true,
  layout: {
    background: { type: ColorType.Solid, color: '#ffffff' },
    textColor: '#64748b',
    fontFamily: 'ui-sans-serif, system-ui, sans-serif',
    fontSize: 11,
  },
  grid: { vertLines: { color: '#f1f5f9' }, horzLines: { color: '#f1f5f9' } },
  rightPriceScale: { borderColor: '#e2e8f0' },
} satisfies DeepPartial<TimeChartOptions>;

export const chartBorderColor = '#e2e8f0';
