import { CANDLE_MARKERS_MAX, formatAmount, type Candle, type CandleMarker } from '@tokendesk/contract';
import { formatUnits } from '../../chain/decimal';
import type { NetworkConfig } from '../../chain/networks';
import type { PoolRow, ProjectRow, ReferencePoolRow } from '../../db/schema';
import { normalizeAddress } from '../../lib/addresses';
import { eventView, type PoolSide } from '../../market/pool-view';
import { PRICE_DIGITS, type AlertMarkerRow, type CandleRow, type MarkerEventRow } from './repository';
import type { UsdCandleRow } from './usd-repository';

/** How a pool's USD candles are made: its paired token is 1 USD, or is valued at the reference rates, or there are none (why). */
export type UsdBasis =
  | { kind: 'pegged' }
  | { kind: 'reference'; ref: ReferencePoolRow }
  | { kind: 'none'; reason: string };

/**
 * A paired token counted at exactly 1 USD (usdPegged) gives exact USD history; the wrapped native
 * (and the native coin, worth it one for one) is valued at the rates recorded from the network's
 * reference pool (decision 0064). Any other paired token has no USD history: converted at today's
 * rate it would be a made-up chart (docs/product.md §0, decision 0034).
 */
export function usdBasis(network: NetworkConfig | undefined, pool: PoolRow, ref: ReferencePoolRow | null): UsdBasis {
  const token = network?.tokens.find((t) => normalizeAddress(t.address) === pool.pairedTokenAddress);
  const symbol = pool.pairedTokenSymbol;
  if (token?.usdPegged) return { kind: 'pegged' };
  if (network && (token?.wrappedNative || token?.native)) {
    const wrapped = network.tokens.find((t) => t.wrappedNative);
    if (ref && wrapped && normalizeAddress(wrapped.address) === ref.baseAddress) return { kind: 'reference', ref };
    return {
      kind: 'none',
      reason: `USD candles need ${symbol}'s past USD rates, and none are recorded yet: the indexer records them from ${network.name}'s ${wrapped?.symbol ?? symbol}/stablecoin reference pool once it has chosen one; the ${symbol} view is exact.`,
    };
  }
  return {
    kind: 'none',
    reason: `USD candles need ${symbol}'s past USD prices, which TokenDesk does not record; the ${symbol} view is exact.`,
  };
}

/** A USD candle (usd-repository.ts): prices in USD, volume the paired amounts at their swaps' rates. */
export function presentUsdCandle(row: UsdCandleRow, side: PoolSide): Candle {
  const scaled = (v: string) => formatUnits(BigInt(v), PRICE_DIGITS);
  return {
    time: new Date(Number(row.bucket) * 1000).toISOString(),
    open: scaled(row.open),
    high: scaled(row.high),
    low: scaled(row.low),
    close: scaled(row.close),
    // Truncated to 30 digits like every USD figure.
    volume: scaled((BigInt(row.volume_usd_scaled) / 10n ** BigInt(side.pairedDecimals)).toString()),
    volume_project_token: formatUnits(BigInt(row.volume_project), side.projectDecimals),
    trades: row.trades,
    buys: row.buys,
    sells: row.sells,
  };
}

export function presentCandle(row: CandleRow, side: PoolSide): Candle {
  const price = (scaled: string) => formatUnits(BigInt(scaled), PRICE_DIGITS);
  return {
    time: new Date(Number(row.bucket) * 1000).toISOString(),
    open: price(row.open),
    high: price(row.high),
    low: price(row.low),
    close: price(row.close),
    volume: formatUnits(BigInt(row.volume_paired), side.pairedDecimals),
    volume_project_token: formatUnits(BigInt(row.volume_project), side.projectDecimals),
    trades: row.trades,
    buys: row.buys,
    sells: row.sells,
  };
}

interface MarkerInput {
  largest: MarkerEventRow[];
  liquidity: MarkerEventRow[];
  firings: AlertMarkerRow[];
}

/** Chart markers, oldest first; a large swap that is also among the liquidity rows cannot happen (different types). */
export function presentMarkers(input: MarkerInput, pool: PoolRow, project: ProjectRow, side: PoolSide): CandleMarker[] {
  const paired = pool.pairedTokenSymbol;
  const token = project.tokenSymbol;
  const markers: (CandleMarker & { ms: number })[] = [];
  for (const row of [...input.largest, ...input.liquidity]) {
    const view = eventView(side, { type: row.type, amount0: row.amount0, amount1: row.amount1, sqrtPriceX96: null });
    if (!view) continue;
    // Amounts as every screen writes them (product §6), since the chart shows the text as is.
    const pairedAmount = formatAmount(formatUnits(view.pairedRaw, side.pairedDecimals));
    const projectAmount = formatAmount(formatUnits(view.projectRaw, side.projectDecimals));
    let kind: CandleMarker['kind'];
    let text: string;
    if (view.kind === 'buy' || view.kind === 'sell') {
      kind = view.kind === 'buy' ? 'large_buy' : 'large_sell';
      text = `Large ${view.kind}: ${projectAmount} ${token} for ${pairedAmount} ${paired}`;
    } else {
      kind = view.kind;
      text = `${view.kind === 'add_liquidity' ? 'Liquidity added' : 'Liquidity removed'}: ${projectAmount} ${token} + ${pairedAmount} ${paired}`;
    }
    markers.push({ ms: row.block_ms, time: new Date(row.block_ms).toISOString(), kind, text, tx_hash: row.tx_hash });
  }
  for (const firing of input.firings) {
    markers.push({
      ms: firing.triggered_ms,
      time: new Date(firing.triggered_ms).toISOString(),
      kind: 'alert',
      text: firing.message,
      tx_hash: null,
    });
  }
  markers.sort((a, b) => a.ms - b.ms);
  return markers.slice(-CANDLE_MARKERS_MAX).map(({ ms: _ms, ...marker }) => marker);
}
