import type { AlertKind } from '@tokendesk/contract';
import { ArrowLeftRight, Droplets, TrendingUp } from 'lucide-react';
import { cn } from '../../../lib/cn';

const icons = { price_move: TrendingUp, liquidity_drop: Droplets, large_swap: ArrowLeftRight } as const;
const tones = {
  price_move: 'bg-indigo-50 text-indigo-600',
  liquidity_drop: 'bg-sky-50 text-sky-600',
  large_swap: 'bg-amber-50 text-amber-700',
} as const;

/** A small tile telling the three kinds apart at a glance. */
export function KindIcon({ kind, className }: { kind: AlertKind; className?: string }) {
  const Icon = icons[kind];
  return (
    <span
      aria-hidden="true"
      className={cn('grid h-8 w-8 shrink-0 place-items-center rounded-lg', tones[kind], className)}
    >
      <Icon className="h-4 w-4" />
    </span>
  );
}
