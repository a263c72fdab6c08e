import type { Alert, Pool } from '@tokendesk/contract';
import { formatAmount, pairLabel, UNKNOWN } from '../../../lib/format';

const PERCENT = { minDecimals: 0, maxDecimals: 4 } as const;
const AMOUNT = { minDecimals: 0, maxDecimals: 6 } as const;

/**
 * The alert's 'PROJECT/PAIR - DEX' label split at its last ' - ' (DEX names come from the network
 * config; token symbols are the chain's and may hold anything, ' - ' included).
 */
function splitLabel(label: string): { pair: string; dex: string } {
  const at = label.lastIndexOf(' - ');
  return at < 0 ? { pair: label, dex: '' } : { pair: label.slice(0, at), dex: label.slice(at + 3) };
}

/** The paired token's symbol: from the pool when it is known, else from the alert's 'PROJECT/PAIR - DEX' label. */
export function pairSymbol(alert: Pick<Alert, 'label'>, pool?: Pool): string {
  if (pool) return pool.token.symbol;
  const { pair } = splitLabel(alert.label);
  const slash = pair.indexOf('/');
  return slash < 0 ? '' : pair.slice(slash + 1);
}

/** 'DEMO/WETH' without the DEX, for rows that show the DEX separately: from the alert's own label unless the pool is at hand. */
export function alertPoolLabel(alert: Pick<Alert, 'label'>, pool?: Pool): string {
  if (pool) return pairLabel(pool.project.token_symbol, pool.token.symbol);
  return splitLabel(alert.label).pair;
}

/** The DEX of the alert's pool, from its label. */
export function alertDexLabel(alert: Pick<Alert, 'label'>): string {
  return splitLabel(alert.label).dex;
}

export function formatPercent(value: string | null): string {
  return value === null ? UNKNOWN : `${formatAmount(value, PERCENT)}%`;
}

/** The condition in a few characters: '±10% in 60 min', '−20% in 60 min', '≥ 5 WETH'. */
export function alertSummary(alert: Alert, pool: Pool | undefined): string {
  const window = alert.window_minutes === null ? UNKNOWN : `${alert.window_minutes} min`;
  const pct = alert.threshold_pct === null ? UNKNOWN : formatAmount(alert.threshold_pct, PERCENT);
  switch (alert.kind) {
    case 'price_move':
      return `±${pct}% in ${window}`;
    case 'liquidity_drop':
      return `\u2212${pct}% in ${window}`;
    case 'large_swap':
      return `≥ ${formatAmount(alert.min_amount, AMOUNT)} ${pairSymbol(alert, pool)}`.trim();
  }
}

/** The summary spelled out for screen readers and tooltips. */
export function alertDescription(alert: Alert, pool: Pool | undefined): string {
  const pct = formatPercent(alert.threshold_pct);
  switch (alert.kind) {
    case 'price_move':
      return `Fires when the price moves by at least ${pct} within ${alert.window_minutes ?? UNKNOWN} minutes`;
    case 'liquidity_drop':
      return `Fires when the ${pairSymbol(alert, pool) || 'paired-token'} reserve falls by at least ${pct} from its high within ${alert.window_minutes ?? UNKNOWN} minutes`;
    case 'large_swap':
      return `Fires when one swap moves at least ${formatAmount(alert.min_amount, AMOUNT)} ${pairSymbol(alert, pool)}`.trim();
  }
}

export function formatMinAmount(alert: Alert, pool: Pool | undefined): string {
  return alert.min_amount === null
    ? UNKNOWN
    : `${formatAmount(alert.min_amount, AMOUNT)} ${pairSymbol(alert, pool)}`.trim();
}
