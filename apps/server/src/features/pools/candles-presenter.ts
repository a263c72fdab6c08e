import { CANDLE_MARKERS_MAX, formatAmount, type Candle, type CandleMarker } from '@tokendesk/contract';
import { formatUnits } from '../../chain/decimal';
import type { NetworkConfig } from '../../chain/networks';
import type { PoolRow, ProjectRow } from '../../db/schema';
import { normalizeAddress } from '../../lib/addresses';
import { eventView, type PoolSide } from '../../market/pool-view';
import { PRICE_DIGITS, type AlertMarkerRow, type CandleRow, type MarkerEventRow } from './candles-repository';

/**
 * Why this pool has no USD candles, or null when it has: only a paired token counted at exactly
 * 1 USD (usdPegged in the network registry) gives exact USD history. TokenDesk records no past
 * USD prices of WETH and the like, and history converted at today's rate would be a made-up
 * chart (docs/product.md §0, decision 0034).
 */
export function usdUnavailableReason(network: NetworkConfig | undefined, pool: PoolRow): string | null {
  const token = network?.tokens.find((t) => t.id === pool.tokenId);
  if (token?.usdPegged && normalizeAddress(token.address) === pool.pairedTokenAddress) return null;
  const symbol = pool.pairedTokenSymbol;
  return `USD candles need ${symbol}'s past USD prices, which TokenDesk does not record; the ${symbol} view is exact.`;
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
    sells: row.trades - row.buys,
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
    markers.push({ ms: firing.triggered_ms, time: new Date(firing.triggered_ms).toISOString(), kind: 'alert', text: firing.message, tx_hash: null });
  }
  markers.sort((a, b) => a.ms - b.ms);
  return markers.slice(-CANDLE_MARKERS_MAX).map(({ ms: _ms, ...marker }) => marker);
}
