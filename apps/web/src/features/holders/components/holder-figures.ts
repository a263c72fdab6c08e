import type { HolderHistory } from '@tokendesk/contract';
import { format } from 'date-fns';
import type { Time, UTCTimestamp } from 'lightweight-charts';
import { UNKNOWN } from '../../../lib/format';

export interface HolderChartPoint {
  time: UTCTimestamp;
  value: number;
}

const DAY_SECONDS = 86_400;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Seconds at 00:00 UTC of a 'YYYY-MM-DD' day; null when it is not a real calendar day. */
export function utcDaySeconds(day: string): number | null {
  const match = DAY_RE.exec(day);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms / 1000 : null;
}

/**
 * One chart point per UTC day from the first day with transfers to the last. The server stores a
 * count only for days that had transfers; the holder count cannot change without one, so a day in
 * between carries the previous day's count (a true figure, not an interpolation). Nothing is added
 * after the last stored day: the chart ends where the indexed history ends.
 */
export function dailyHolderPoints(points: HolderHistory['points']): HolderChartPoint[] {
  const byDay = new Map<number, number>();
  for (const point of points) {
    const seconds = utcDaySeconds(point.day);
    if (seconds !== null && Number.isFinite(point.holder_count)) byDay.set(seconds, point.holder_count);
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const filled: HolderChartPoint[] = [];
  for (const [i, day] of days.entries()) {
    const value = byDay.get(day)!;
    filled.push({ time: day as UTCTimestamp, value });
    const next = days[i + 1];
    if (next === undefined) break;
    for (let gap = day + DAY_SECONDS; gap < next; gap += DAY_SECONDS) filled.push({ time: gap as UTCTimestamp, value });
  }
  return filled;
}

/**
 * The calendar day of a chart time as a local Date with the same year, month and day, so that
 * date-fns prints the UTC day the server counted, whatever the viewer's time zone.
 */
export function chartDay(time: Time): Date {
  const utc = new Date((time as number) * 1000);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '12,345'; '—' when not known. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? UNKNOWN : countFormat.format(value);
}

/** '1 holder', '12,345 holders'. */
export function holdersText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'holder' : 'holders'}`;
}

/** A share of the supply: '12.34%'; a non-zero share too small for two decimals is '<0.01%', never '0.00%'. */
export function formatSharePct(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN;
  if (value > 0 && value < 0.01) return '<0.01%';
  return `${value.toFixed(2)}%`;
}

/**
 * What the chart shows, in words. One day of history is one figure on one day, said once (it read
 * '7 holders on Nov 23, 2026, 7 on Nov 23, 2026'); the card shows this one, not only reads it out,
 * since a lone point on a chart says little.
 */
export function historyText(points: readonly HolderChartPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  const day = (time: Time) => format(chartDay(time), 'MMM d, yyyy');
  if (points.length === 1) return `One day of history so far: ${holdersText(first.value)} on ${day(first.time)}.`;
  return `${holdersText(first.value)} on ${day(first.time)}, ${formatCount(last.value)} on ${day(last.time)}.`;
}
