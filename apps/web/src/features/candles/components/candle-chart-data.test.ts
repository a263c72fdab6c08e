import type { Candles } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import type { UTCTimestamp } from 'lightweight-charts';
import { bucketOf, candleMinMove, markersThatFit, markerText, toCandleChartData } from './candle-chart-data';

const colors = { up: 'U', down: 'D', upVolume: 'uv', downVolume: 'dv' };
const candle = (time: string, open: string, close: string, volume = '1') => ({
  time,
  open,
  high: '0.0002',
  low: '0.00005',
  close,
  volume,
  volume_project_token: '10',
  trades: 1,
  buys: 1,
  sells: 0,
});

describe('candles as chart data', () => {
  it('fills the intervals without trades with whitespace, so a gap stays a gap', () => {
    const answer: Pick<Candles, 'interval' | 'candles' | 'markers'> = {
      interval: '5m',
      candles: [
        candle('2026-11-24T10:00:00.000Z', '0.0001', '0.00011', '2.5'),
        candle('2026-11-24T10:15:00.000Z', '0.00011', '0.0001'),
      ],
      markers: [],
    };
    const data = toCandleChartData(answer, colors, 'A');
    const t0 = Date.UTC(2026, 10, 24, 10) / 1000;
    expect(data.bars.map((b) => b.time)).toEqual([t0, t0 + 300, t0 + 600, t0 + 900]);
    expect(data.bars[0]).toEqual({ time: t0, open: 0.0001, high: 0.0002, low: 0.00005, close: 0.00011 });
    expect(data.bars[1]).toEqual({ time: t0 + 300 });
    expect(data.bars[2]).toEqual({ time: t0 + 600 });
    expect(data.volumes[0]).toEqual({ time: t0, value: 2.5, color: 'uv' });
    expect(data.volumes[3]).toEqual({ time: t0 + 900, value: 1, color: 'dv' });
  });

  it('puts each marker on the interval it happened in, with room made for one outside the candles', () => {
    const answer: Pick<Candles, 'interval' | 'candles' | 'markers'> = {
      interval: '1h',
      candles: [candle('2026-11-24T10:00:00.000Z', '1', '1')],
      markers: [
        { time: '2026-11-24T10:42:10.000Z', kind: 'large_buy', text: 'Large buy', tx_hash: '0x1' },
        { time: '2026-11-24T12:05:00.000Z', kind: 'alert', text: 'Price moved', tx_hash: null },
      ],
    };
    const data = toCandleChartData(answer, colors, 'A');
    const t0 = Date.UTC(2026, 10, 24, 10) / 1000;
    expect(data.bars.map((b) => b.time)).toEqual([t0, t0 + 3600, t0 + 7200]);
    expect(data.markers).toEqual([
      { time: t0, position: 'belowBar', shape: 'arrowUp', color: 'U', text: 'Buy' },
      { time: t0 + 7200, position: 'aboveBar', shape: 'square', color: 'A', text: 'Alert' },
    ]);
  });

  it('merges the markers of one candle side into one, so labels neither stack nor overlap (issue 35 item 7)', () => {
    const answer: Pick<Candles, 'interval' | 'candles' | 'markers'> = {
      interval: '1h',
      candles: [candle('2026-11-24T10:00:00.000Z', '1', '1'), candle('2026-11-24T11:00:00.000Z', '1', '1')],
      markers: [
        { time: '2026-11-24T11:02:00.000Z', kind: 'large_sell', text: 'Large sell', tx_hash: '0x1' },
        { time: '2026-11-24T11:05:00.000Z', kind: 'alert', text: 'Price alert', tx_hash: null },
        { time: '2026-11-24T11:10:00.000Z', kind: 'large_buy', text: 'Large buy', tx_hash: '0x2' },
        { time: '2026-11-24T11:20:00.000Z', kind: 'large_buy', text: 'Large buy', tx_hash: '0x3' },
        { time: '2026-11-24T10:20:00.000Z', kind: 'alert', text: 'Price alert', tx_hash: null },
      ],
    };
    const data = toCandleChartData(answer, colors, 'A');
    const t0 = Date.UTC(2026, 10, 24, 10) / 1000;
    expect(data.markers).toEqual([
      { time: t0, position: 'aboveBar', shape: 'square', color: 'A', text: 'Alert' },
      { time: t0 + 3600, position: 'aboveBar', shape: 'arrowDown', color: 'D', text: 'Sell · Alert' },
      { time: t0 + 3600, position: 'belowBar', shape: 'arrowUp', color: 'U', text: 'Buy ×2' },
    ]);
    expect(markerText(['alert', 'remove_liquidity', 'large_sell', 'large_sell'])).toBe('Sell ×2 +2');
    expect(markerText(['alert', 'remove_liquidity', 'large_sell'])).toBe('Sell +2');
  });

  it('keeps the labels that fit at the bar spacing, newest first; the others keep their shape (issue 35 item 7)', () => {
    const t = (i: number) => (1000 + i * 60) as UTCTimestamp;
    const slots = [0, 1, 2, 3, 4, 5].map((i) => ({ time: t(i) }));
    const mark = (i: number, text: string, position: 'aboveBar' | 'belowBar' = 'aboveBar') => ({
      time: t(i),
      position,
      shape: 'square' as const,
      color: 'A',
      text,
    });
    const markers = [
      mark(0, 'Buy'),
      mark(1, 'Sell'),
      mark(4, 'Sell · Alert'),
      mark(5, 'Alert'),
      mark(5, 'Buy', 'belowBar'),
    ];
    // Wide bars: every label fits.
    expect(markersThatFit(markers, slots, 80)).toEqual(markers);
    // 10 px a bar: the newest label of each side stays, those that would run into it lose their text.
    const narrow = markersThatFit(markers, slots, 10);
    expect(narrow.map((m) => m.text)).toEqual([undefined, 'Sell', undefined, 'Alert', 'Buy']);
    expect(narrow[2]).toEqual({ time: t(4), position: 'aboveBar', shape: 'square', color: 'A' });
  });

  it('draws nothing without candles', () => {
    expect(toCandleChartData({ interval: '1d', candles: [], markers: [] }, colors, 'A')).toEqual({
      bars: [],
      volumes: [],
      markers: [],
    });
  });

  it('buckets like the server: whole multiples of the interval since the epoch', () => {
    expect(bucketOf('2026-11-24T13:59:59.999Z', '4h')).toBe(Date.UTC(2026, 10, 24, 12) / 1000);
    expect(bucketOf('2026-11-24T23:59:59Z', '1d')).toBe(Date.UTC(2026, 10, 24) / 1000);
  });

  it('resolves the smallest low to four significant digits', () => {
    expect(candleMinMove([candle('2026-11-24T10:00:00.000Z', '1', '1')])).toBeCloseTo(1e-9, 15);
  });
});
