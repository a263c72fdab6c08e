import { CANDLE_INTERVAL_SECONDS, type CandleInterval, type CandleMarker, type Candles } from '@tokendesk/contract';
import type {
  CandlestickData,
  HistogramData,
  SeriesMarker,
  SeriesMarkerBar,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';

/**
 * The candles answer as lightweight-charts data (decision 0034). The library's time axis is one
 * slot per data item, not linear in time: a candle left out by the server (no swaps in it) would
 * simply vanish and its neighbours would touch. So every interval between the first and the last
 * item gets a slot — a candle, or whitespace where there were no trades — and the gap shows as the
 * empty stretch it is. The numbers are for drawing only; every label goes through formatPrice.
 */

export interface CandleColors {
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
}

export interface CandleChartData {
  bars: (CandlestickData<UTCTimestamp> | WhitespaceData<UTCTimestamp>)[];
  volumes: (HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>)[];
  markers: SeriesMarker<UTCTimestamp>[];
}

/** More slots than this (a malformed answer) are not filled in; the candles are drawn as they are. */
const MAX_SLOTS = 10_000;

const MARKER_LOOK: Record<
  CandleMarker['kind'],
  Pick<SeriesMarkerBar<UTCTimestamp>, 'position' | 'shape'> & { label: string; tone: keyof CandleColors | 'accent' }
> = {
  large_buy: { position: 'belowBar', shape: 'arrowUp', label: 'Buy', tone: 'up' },
  large_sell: { position: 'aboveBar', shape: 'arrowDown', label: 'Sell', tone: 'down' },
  add_liquidity: { position: 'belowBar', shape: 'circle', label: '+LP', tone: 'accent' },
  remove_liquidity: { position: 'aboveBar', shape: 'circle', label: '−LP', tone: 'accent' },
  alert: { position: 'aboveBar', shape: 'square', label: 'Alert', tone: 'accent' },
};

/** The start of the interval that holds `iso`, as the server buckets (whole multiples since the epoch). */
export function bucketOf(iso: string, interval: CandleInterval): UTCTimestamp {
  const step = CANDLE_INTERVAL_SECONDS[interval];
  return (Math.floor(new Date(iso).getTime() / 1000 / step) * step) as UTCTimestamp;
}

export function toCandleChartData(
  answer: Pick<Candles, 'interval' | 'candles' | 'markers'>,
  colors: CandleColors,
  accent: string,
): CandleChartData {
  const step = CANDLE_INTERVAL_SECONDS[answer.interval];
  const byTime = new Map<number, Candles['candles'][number]>();
  for (const candle of answer.candles) byTime.set(bucketOf(candle.time, answer.interval), candle);
  const markerTimes = answer.markers.map((m) => bucketOf(m.time, answer.interval));
  const times = [...byTime.keys(), ...markerTimes].filter(Number.isFinite);
  if (times.length === 0 || byTime.size === 0) return { bars: [], volumes: [], markers: [] };
  const first = Math.min(...times);
  const last = Math.max(...times);
  const slots =
    (last - first) / step + 1 <= MAX_SLOTS
      ? Array.from({ length: (last - first) / step + 1 }, (_, i) => first + i * step)
      : [...new Set(times)].sort((a, b) => a - b);

  const bars: CandleChartData['bars'] = [];
  const volumes: CandleChartData['volumes'] = [];
  for (const slot of slots) {
    const time = slot as UTCTimestamp;
    const candle = byTime.get(slot);
    if (!candle) {
      bars.push({ time });
      volumes.push({ time });
      continue;
    }
    const open = Number(candle.open);
    const close = Number(candle.close);
    bars.push({ time, open, high: Number(candle.high), low: Number(candle.low), close });
    volumes.push({ time, value: Number(candle.volume), color: close >= open ? colors.upVolume : colors.downVolume });
  }

  // One marker per candle and side: the library stacks markers of one bar and draws each label
  // centred on it, so a sell and an alert on the newest candle overlapped and ran into the price
  // axis ('Ale', 'Se', issue 35). Their labels are joined instead; the card lists every event as text.
  const groups = new Map<string, { time: UTCTimestamp; kinds: CandleMarker['kind'][] }>();
  answer.markers.forEach((marker, i) => {
    const time = markerTimes[i]!;
    const key = `${time}:${MARKER_LOOK[marker.kind].position}`;
    const group = groups.get(key) ?? { time, kinds: [] };
    group.kinds.push(marker.kind);
    groups.set(key, group);
  });
  const markers = [...groups.values()].map(({ time, kinds }): SeriesMarkerBar<UTCTimestamp> => {
    const lead = [...kinds].sort((a, b) => MARKER_RANK.indexOf(a) - MARKER_RANK.indexOf(b))[0]!;
    const look = MARKER_LOOK[lead];
    return {
      time,
      position: look.position,
      shape: look.shape,
      color: look.tone === 'accent' ? accent : colors[look.tone],
      text: markerText(kinds),
    };
  });
  // The library wants markers in time order; the answer is oldest first already, this keeps it so.
  markers.sort((a, b) => a.time - b.time);
  return { bars, volumes, markers };
}

/** Which kind's shape and colour a merged marker takes: a large swap before liquidity, liquidity before an alert. */
const MARKER_RANK: readonly CandleMarker['kind'][] = [
  'large_sell',
  'large_buy',
  'remove_liquidity',
  'add_liquidity',
  'alert',
];

/**
 * The label of one candle side's markers: 'Sell', 'Buy ×2', 'Sell · Alert'; past two kinds the
 * first and how many more ('Sell +2'), so a label stays short enough beside the price axis.
 */
export function markerText(kinds: readonly CandleMarker['kind'][]): string {
  const counts = new Map<CandleMarker['kind'], number>();
  for (const kind of [...kinds].sort((a, b) => MARKER_RANK.indexOf(a) - MARKER_RANK.indexOf(b)))
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const labels = [...counts].map(([kind, n]) => (n > 1 ? `${MARKER_LOOK[kind].label} ×${n}` : MARKER_LOOK[kind].label));
  if (labels.length <= 2) return labels.join(' · ');
  return `${labels[0]} +${kinds.length - (counts.get([...counts.keys()][0]!) ?? 1)}`;
}

/** The smallest price step the axis resolves: four significant digits below the smallest low. */
export function candleMinMove(candles: Candles['candles']): number {
  const smallest = Math.min(...candles.map((c) => Number(c.low)).filter((v) => v > 0));
  if (!Number.isFinite(smallest)) return 0.01;
  return Math.min(0.01, 10 ** (Math.floor(Math.log10(smallest)) - 4));
}

/** About how wide a marker label is drawn (11 px text), per character. */
const MARKER_CHAR_PX = 6.5;

/**
 * The markers with the labels that fit at this bar spacing: going from the newest back, a label is
 * kept when it does not reach into the last kept label on the same side of the candles; the others
 * keep their shape and colour without text (the card lists every marker in words). Adjacent candles'
 * labels overlapped into each other at narrow spacings (issue 35).
 */
export function markersThatFit(
  markers: readonly SeriesMarker<UTCTimestamp>[],
  slots: readonly { time: UTCTimestamp }[],
  barSpacing: number,
): SeriesMarker<UTCTimestamp>[] {
  const index = new Map(slots.map((slot, i) => [slot.time as number, i]));
  const kept = new Map<string, { x: number; half: number }>();
  const out = [...markers];
  for (let i = out.length - 1; i >= 0; i--) {
    const marker = out[i]!;
    const at = index.get(marker.time);
    if (!marker.text || at === undefined) continue;
    const x = at * barSpacing;
    const half = (marker.text.length * MARKER_CHAR_PX) / 2;
    const last = kept.get(marker.position);
    if (last && last.x - x < last.half + half + 4) {
      const { text: _dropped, ...shape } = marker;
      out[i] = shape as SeriesMarker<UTCTimestamp>;
      continue;
    }
    kept.set(marker.position, { x, half });
  }
  return out;
}
