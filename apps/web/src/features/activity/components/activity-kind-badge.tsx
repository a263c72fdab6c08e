import type { ActivityKind } from '@tokendesk/contract';
import { ArrowDownLeft, ArrowUpRight, Minus, Plus } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

export const activityKindLabels: Record<ActivityKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  add_liquidity: 'Add Liquidity',
  remove_liquidity: 'Remove Liquidity',
};

const icons = { buy: ArrowDownLeft, sell: ArrowUpRight, add_liquidity: Plus, remove_liquidity: Minus } as const;

/** Product §2.9: green Buy and Add Liquidity, red Sell and Remove Liquidity. */
export function ActivityKindBadge({ kind }: { kind: ActivityKind }) {
  const Icon = icons[kind];
  const good = kind === 'buy' || kind === 'add_liquidity';
  return (
    <Badge tone={good ? 'success' : 'danger'} data-kind={kind}>
      <Icon className="h-3 w-3" aria-hidden="true" />
      {activityKindLabels[kind]}
    </Badge>
  );
}
