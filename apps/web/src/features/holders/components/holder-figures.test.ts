import { describe, expect, it } from 'vitest';
import {
  chartDay,
  dailyHolderPoints,
  formatCount,
  formatSharePct,
  historyText,
  holdersText,
  utcDaySeconds,
} from './holder-figures';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('utcDaySeconds', () => {
  it('reads real calendar days only', () => {
    expect(utcDaySeconds('2025-03-07')).toBe(day('2025-03-07'));
    expect(utcDaySeconds('2024-02-29')).toBe(day('2024-02-29'));
    expect(utcDaySeconds('2025-02-29')).toBeNull();
    expect(utcDaySeconds('2025-3-7')).toBeNull();
    expect(utcDaySeconds('yesterday')).toBeNull();
  });
});

describe('dailyHolderPoints', () => {
  it('sorts the days and carries the last count over days without transfers', () => {
    const points = dailyHolderPoints([
      { day: '2025-03-10', holder_count: 7 },
      { day: '2025-03-07', holder_count: 3 },
      { day: '2025-03-08', holder_count: 5 },
    ]);
    expect(points).toEqual([
      { time: day('2025-03-07'), value: 3 },
      { time: day('2025-03-08'), value: 5 },
      { time: day('2025-03-09'), value: 5 },
      { time: day('2025-03-10'), value: 7 },
    ]);
  });

  it('fills across a month end and adds nothing after the last day', () => {
    const points = dailyHolderPoints([
      { day: '2025-02-27', holder_count: 1 },
      { day: '2025-03-02', holder_count: 2 },
    ]);
    expect(points.map((p) => [new Date(p.time * 1000).toISOString().slice(0, 10), p.value])).toEqual([
      ['2025-02-27', 1],
      ['2025-02-28', 1],
      ['2025-03-01', 1],
      ['2025-03-02', 2],
    ]);
  });

  it('keeps the last count of a repeated day and drops days that are not days', () => {
    expect(
      dailyHolderPoints([
        { day: '2025-03-07', holder_count: 3 },
        { day: '2025-03-07', holder_count: 4 },
        { day: 'not a day', holder_count: 9 },
      ]),
    ).toEqual([{ time: day('2025-03-07'), value: 4 }]);
    expect(dailyHolderPoints([])).toEqual([]);
  });
});

describe('chartDay', () => {
  it('gives the UTC calendar day as a local date', () => {
    const date = chartDay(day('2025-03-07') as never);
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2025, 2, 7]);
  });
});

describe('figures', () => {
  it('formats counts and shares without inventing precision', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(null)).toBe('—');
    expect(holdersText(1)).toBe('1 holder');
    expect(holdersText(2500)).toBe('2,500 holders');
    expect(formatSharePct(42.5)).toBe('42.50%');
    expect(formatSharePct(0)).toBe('0.00%');
    expect(formatSharePct(0.004)).toBe('<0.01%');
    expect(formatSharePct(null)).toBe('—');
  });
});

describe('historyText', () => {
  it('says a single day once, and a longer history from its first day to its last', () => {
    const one = dailyHolderPoints([{ day: '2026-11-23', holder_count: 7 }]);
    expect(historyText(one)).toBe('One day of history so far: 7 holders on Nov 23, 2026.');
    expect(historyText(dailyHolderPoints([{ day: '2026-11-23', holder_count: 1 }]))).toBe(
      'One day of history so far: 1 holder on Nov 23, 2026.',
    );
    const two = dailyHolderPoints([
      { day: '2026-11-21', holder_count: 3 },
      { day: '2026-11-23', holder_count: 7 },
    ]);
    expect(historyText(two)).toBe('3 holders on Nov 21, 2026, 7 on Nov 23, 2026.');
    expect(historyText([])).toBe('');
  });
});
