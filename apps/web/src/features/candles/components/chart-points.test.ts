import { describe, expect, it } from 'vitest';
import { minMoveFor, toChartPoints } from './chart-points';

const point = (time: string, price: string) => ({
  time,
  block_number: '1',
  price,
  amount_token: null,
  amount_project_token: null,
});

describe('toChartPoints', () => {
  it('sorts by time, keeps one point per second (the last) and drops what is not a number', () => {
    const points = toChartPoints([
      point('2025-03-07T10:00:02Z', '2'),
      point('2025-03-07T10:00:00Z', '1'),
      point('2025-03-07T10:00:02.500Z', '3'),
      point('not a time', '4'),
    ]);
    expect(points).toEqual([
      { time: Date.parse('2025-03-07T10:00:00Z') / 1000, value: 1 },
      { time: Date.parse('2025-03-07T10:00:02Z') / 1000, value: 3 },
    ]);
    expect(toChartPoints([])).toEqual([]);
  });

  it('resolves small prices on the axis', () => {
    expect(minMoveFor([{ time: 1 as never, value: 0.000123 }])).toBeCloseTo(1e-8);
    expect(minMoveFor([{ time: 1 as never, value: 2500 }])).toBe(0.01);
    expect(minMoveFor([])).toBe(0.01);
  });
});
