// Alert texts use the screens' formats (product §6, docs/decisions/0035): a notification and the page
// it links to show the same figure, and a tiny price reads '0.0₄98738', never '9.8738e-5'.
import { formatAmount } from '@tokendesk/contract';
import type { NetworkConfig } from '../chain/networks';
import { formatUnits } from '../chain/decimal';
import type { Db } from '../db/client';
import type { AlertRow } from '../db/schema';
import { eventView, percentChange, poolSide, snapshotView, type PoolSide } from '../market/pool-view';
import type { RawPoolState } from '../chain/pool-state';
import { activeAlertsOn, recordFiring, snapshotsAround, type StoredEvent } from './store';
import { liquidityDropText, priceMoveText } from './alert-messages';

/** A swap as the tick stored it: the fields the rules read (store.ts answers no more). */
export type NewSwap = StoredEvent;

interface EvaluationInput {
  network: NetworkConfig;
  /** Lower-case addresses of pools whose state or events changed in this tick. */
  changed: Set<string>;
  /** Swaps stored (for the first time) in this tick. */
  newSwaps: NewSwap[];
  /** Block time of the tick's safe block: cooldowns and windows run on chain time. */
  chainTime: Date;
  /** Each pool's state before this tick's snapshots, so a move inside one minute is still seen. */
  preTick: Map<string, RawPoolState & { blockTime: Date }>;
}

interface Firing {
  alert: AlertRow;
  title: string;
  message: string;
  values: Record<string, string | number | null>;
}

/**
 * The three alert kinds of product §2.10, run after each tick on the pools that changed:
 * - price move: the price now differs by ≥ threshold % from any price seen within the window;
 * - liquidity drop: the paired-token reserve fell ≥ threshold % from its highest value in the window;
 * - large swap: one new swap moved ≥ min_amount of the paired token.
 * An alert that fired stays quiet for its cooldown.
 */
export async function evaluateAlerts(db: Db, input: EvaluationInput): Promise<number> {
  if (input.changed.size === 0 && input.newSwaps.length === 0) return 0;
  const addresses = [...new Set([...input.changed, ...input.newSwaps.map((s) => s.poolAddress)])];
  const candidates = await activeAlertsOn(db, input.network.id, addresses);

  const firings: Firing[] = [];
  for (const { alert, pool, project } of candidates) {
    const cooldownEnds = alert.lastTriggeredAt ? alert.lastTriggeredAt.getTime() + alert.cooldownMinutes * 60_000 : 0;
    if (cooldownEnds > input.chainTime.getTime()) continue;
    const side = poolSide(pool, project);
    const address = pool.poolAddress;
    const label = `${project.tokenSymbol}/${pool.pairedTokenSymbol}`;

    if (alert.kind === 'large_swap') {
      const min = alert.minAmount;
      if (min === null) continue;
      let best: { amount: string; raw: bigint; swap: NewSwap; kind: string } | null = null;
      for (const swap of input.newSwaps) {
        if (swap.poolAddress !== address) continue;
        if (alert.sinceBlock !== null && swap.blockNumber <= alert.sinceBlock) continue;
        const view = eventView(side, swap);
        if (!view) continue;
        const amount = formatUnits(view.pairedRaw, side.pairedDecimals);
        if (Number(amount) >= Number(min) && (!best || view.pairedRaw > best.raw))
          best = { amount, raw: view.pairedRaw, swap, kind: view.kind };
      }
      if (best) {
        firings.push({
          alert,
          title: `Large swap on ${label}`,
          message: `A ${best.kind === 'buy' ? 'buy' : 'sell'} of ${formatAmount(best.amount)} ${pool.pairedTokenSymbol} on ${label} (at least ${formatAmount(min)} ${pool.pairedTokenSymbol}).`,
          values: {
            amount_token: best.amount,
            min_amount: min,
            tx_hash: best.swap.txHash,
            block_number: best.swap.blockNumber.toString(),
          },
        });
      }
      continue;
    }

    if (alert.thresholdPct === null || alert.windowMinutes === null) continue;
    const windowStart = new Date(input.chainTime.getTime() - alert.windowMinutes * 60_000);
    const { atStart, inWindow } = await snapshotsAround(db, input.network.id, address, windowStart);
    const views = [...(atStart ? [atStart] : []), ...inWindow].map((s) => snapshotView(side, s));
    const pre = input.preTick.get(address);
    if (pre)
      views.push(
        snapshotView(side, {
          ...pre,
          blockNumber: 0n,
          reserve0: pre.reserve0.toString(),
          reserve1: pre.reserve1.toString(),
          sqrtPriceX96: pre.sqrtPriceX96?.toString() ?? null,
        }),
      );
    const current = inWindow[inWindow.length - 1];
    if (!current || views.length < 2) continue;
    const now = snapshotView(side, current);
    const firing =
      alert.kind === 'price_move'
        ? priceMove(alert, now, views, label, pool.pairedTokenSymbol)
        : liquidityDrop(alert, side, now, views, label, pool.pairedTokenSymbol);
    if (firing)
      firings.push({ ...firing, alert, values: { ...firing.values, block_number: current.blockNumber.toString() } });
  }

  for (const f of firings) {
    // Judged on that block: a reorganisation above it withdraws trigger and notice (recordFiring).
    const source = { networkId: input.network.id, blockNumber: BigInt(f.values.block_number!) };
    await recordFiring(
      db,
      {
        alert: f.alert,
        at: input.chainTime,
        values: f.values,
        notice: { title: f.title, message: f.message, navigationUrl: `/alerts/${f.alert.id}` },
      },
      source,
    );
  }
  return firings.length;
}

type View = ReturnType<typeof snapshotView>;

function priceMove(alert: AlertRow, now: View, views: View[], label: string, pair: string) {
  let best: { change: string; from: string } | null = null;
  for (const v of views) {
    const change = percentChange(v.price, now.price);
    if (change !== null && (!best || Math.abs(Number(change)) > Math.abs(Number(best.change))))
      best = { change, from: v.price! };
  }
  if (!best || Math.abs(Number(best.change)) < Number(alert.thresholdPct)) return null;
  return {
    title: `Price alert: ${label}`,
    message: priceMoveText({
      label,
      changePct: best.change,
      from: best.from,
      to: now.price!,
      pair,
      windowMinutes: alert.windowMinutes!,
    }),
    values: {
      price_from: best.from,
      price_to: now.price,
      change_pct: best.change,
      threshold_pct: alert.thresholdPct,
      window_minutes: alert.windowMinutes,
    },
  };
}

function liquidityDrop(alert: AlertRow, side: PoolSide, now: View, views: View[], label: string, pair: string) {
  const peak = views.reduce((max, v) => (v.pairedRaw > max.pairedRaw ? v : max), views[0]!);
  if (peak.pairedRaw === 0n) return null;
  const drop = percentChange(peak.pairedReserve, now.pairedReserve);
  if (drop === null || -Number(drop) < Number(alert.thresholdPct)) return null;
  return {
    title: `Liquidity alert: ${label}`,
    message: liquidityDropText({
      label,
      dropPct: -Number(drop),
      from: peak.pairedReserve,
      to: now.pairedReserve,
      pair,
      windowMinutes: alert.windowMinutes!,
    }),
    values: {
      reserve_from: peak.pairedReserve,
      reserve_to: now.pairedReserve,
      drop_pct: String(-Number(drop)),
      threshold_pct: alert.thresholdPct,
      window_minutes: alert.windowMinutes,
      decimals: side.pairedDecimals,
    },
  };
}
