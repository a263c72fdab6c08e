import { alertKindLabels, type Alert, type AlertKind, type AlertTrigger, type AlertType } from '@tokendesk/contract';
import type { NetworkRegistry } from '../../chain/networks';
import type { AlertTriggerRow } from '../../db/schema';
import { poolLabelOf } from '../../market/pool-label';
import type { AlertWithPool } from './repository';

/** Which of the editable fields each kind has (product §2.10); the others must stay null. */
export const kindFields: Record<AlertKind, readonly ('threshold_pct' | 'window_minutes' | 'min_amount')[]> = {
  price_move: ['threshold_pct', 'window_minutes'],
  liquidity_drop: ['threshold_pct', 'window_minutes'],
  large_swap: ['min_amount'],
};

export const alertTypes: AlertType[] = [
  {
    kind: 'price_move',
    label: alertKindLabels.price_move,
    description:
      'The price moves up or down by at least the percentage you set, within the minutes you set (for example 10% within 60 minutes).',
    fields: [...kindFields.price_move],
  },
  {
    kind: 'liquidity_drop',
    label: alertKindLabels.liquidity_drop,
    description:
      "The pool's reserve of the paired token (for example WETH) falls by at least the percentage you set from its highest level within the minutes you set.",
    fields: [...kindFields.liquidity_drop],
  },
  {
    kind: 'large_swap',
    label: alertKindLabels.large_swap,
    description: 'A single swap buys or sells at least the amount of the paired token you set (for example 5 WETH).',
    fields: [...kindFields.large_swap],
  },
];

/** 'PROJECT/PAIR - DEX', as the pool select of the alert modal shows it. */
export function poolLabel(
  registry: NetworkRegistry,
  { pool, project }: Pick<AlertWithPool, 'pool' | 'project'>,
): string {
  return poolLabelOf(registry, {
    networkId: pool.networkId,
    dexId: pool.dexId,
    projectSymbol: project.tokenSymbol,
    pairedSymbol: pool.pairedTokenSymbol,
  });
}

/** The (network, DEX) pairs whose name, as labels show it, contains `q` (case-insensitive). */
export function dexesNamed(registry: NetworkRegistry, q: string): { networkId: number; dexId: string }[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  return registry
    .list()
    .flatMap((network) =>
      network.dexes
        .filter((d) => d.name.toLowerCase().includes(needle))
        .map((d) => ({ networkId: network.id, dexId: d.id })),
    );
}

/** `channelIds`: the alert's channels besides the bell (repository channelIdsOf), in id order. */
export function toApiAlert(registry: NetworkRegistry, row: AlertWithPool, channelIds: readonly number[]): Alert {
  const { alert } = row;
  return {
    id: alert.id,
    kind: alert.kind,
    pool_id: alert.poolId,
    label: poolLabel(registry, row),
    project: { id: row.project.id, name: row.project.name },
    threshold_pct: alert.thresholdPct,
    window_minutes: alert.windowMinutes,
    min_amount: alert.minAmount,
    cooldown_minutes: alert.cooldownMinutes,
    is_active: alert.isActive,
    last_triggered_at: alert.lastTriggeredAt?.toISOString() ?? null,
    trigger_count: alert.triggerCount,
    created_at: alert.createdAt.toISOString(),
    channel_ids: [...channelIds],
  };
}

export const toApiTrigger = (t: AlertTriggerRow): AlertTrigger => ({
  id: t.id,
  triggered_at: t.triggeredAt.toISOString(),
  message: t.message,
  values: t.values,
});

/**
 * A validated number as the plain decimal text a numeric column stores: the shortest form that
 * reads back as the same number (what the user typed, for any sane input), never exponent notation.
 */
export function toDecimalText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exp);
  let result: string;
  if (point <= 0) result = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) result = digits + '0'.repeat(point - digits.length);
  else result = `${digits.slice(0, point)}.${digits.slice(point)}`;
  result = result.replace(/^0+(?=\d)/, '');
  if (result.includes('.')) result = result.replace(/\.?0+$/, '');
  return sign + result;
}
