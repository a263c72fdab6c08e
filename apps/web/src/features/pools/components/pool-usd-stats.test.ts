import type { Pool } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { poolCount } from './pool-usd-stats';

const pool = (extra: Record<string, unknown>) => extra as unknown as Pool;

describe('poolCount', () => {
  it('a number is a count, null is unknown, a missing or odd field is absent', () => {
    expect(poolCount(pool({ buys_24h: 12 }), 'buys_24h')).toBe(12);
    expect(poolCount(pool({ buys_24h: 0 }), 'buys_24h')).toBe(0);
    expect(poolCount(pool({ sells_24h: null }), 'sells_24h')).toBeNull();
    expect(poolCount(pool({}), 'traders_24h')).toBeUndefined();
    expect(poolCount(pool({ traders_24h: '7' }), 'traders_24h')).toBeUndefined();
  });
});
