import type { PriceHistory } from '@tokendesk/contract';
import type { Time, UTCTimestamp } from 'lightweight-charts';

export interface ChartPoint {
  time: UTCTimestamp;
  value: number;
}

/**
 * Chart points from the API's snapshots: one per second at most (the chart needs strictly rising
 * times; the last snapshot of a second wins) and only finite prices. The number is for drawing only;
 * every label goes through formatPrice.
 */
export function toChartPoints(points: PriceHistory['points']): ChartPoint[] {
  const bySecond = new Map<number, number>();
  for (const point of points) {
    const seconds = Math.floor(new Date(point.time).getTime() / 1000);
    const value = Number(point.price);
    if (Number.isFinite(seconds) && Number.isFinite(value)) bySecond.set(seconds, value);
  }
  return [...bySecond.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/** The smallest price step the axis resolves: four significant digits below the smallest price. */
export function minMoveFor(points: ChartPoint[]): number {
  const smallest = Math.min(...points.map((p) => Math.abs(p.value)).filter((v) => v > 0));
  if (!Number.isFinite(smallest)) return 0.01;
  return Math.min(0.01, 10 ** (Math.floor(Math.log10(smallest)) - 4));
}

export const chartTimeToDate = (time: Time): Date => new Date((time as number) * 1000);
