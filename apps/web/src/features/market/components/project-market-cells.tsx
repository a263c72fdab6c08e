import { formatUsdCompact, type ProjectMarket } from '@tokendesk/contract';
import { UsdFigure } from '../../../components/usd-figure';
import { Skeleton } from '../../../components/ui/skeleton';
import { UNKNOWN } from '../../../lib/format';
import type { ProjectsMarket } from '../api/get-project-market';

/**
 * USD price and liquidity of one row: a skeleton until its request answers, '—' with the reason on
 * hover when there is no USD route, '—' after a failed request. One line under the name on a
 * phone, two right-aligned columns on a wide list.
 */
export function ProjectMarketCells({ market, projectId }: { market: ProjectsMarket; projectId: number }) {
  const item = market.byId.get(projectId);
  return (
    <div
      className="col-start-2 row-start-3 flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-slate-500 @3xl:contents"
      data-testid="project-market"
    >
      <MarketCell label="Price" item={item} pending={market.pending.has(projectId)} pick={(m) => m.price_usd} />
      <MarketCell
        label="Liquidity"
        item={item}
        pending={market.pending.has(projectId)}
        pick={(m) => m.liquidity_usd}
        compact
      />
    </div>
  );
}

function MarketCell({
  label,
  item,
  pending,
  pick,
  compact = false,
}: {
  label: string;
  item: ProjectMarket | undefined;
  pending: boolean;
  pick: (m: ProjectMarket) => string | null;
  compact?: boolean;
}) {
  return (
    <span className="relative z-10 inline-flex min-w-0 items-baseline gap-1 @3xl:flex @3xl:flex-col @3xl:items-end @3xl:gap-0">
      <span className="@3xl:order-2 @3xl:text-xs">{label}</span>
      <span className="text-sm font-medium text-slate-900 @3xl:order-1">
        {item ? (
          <UsdFigure
            value={pick(item)}
            source={item.usd}
            reason={item.usd_unavailable_reason}
            reasonAs="title"
            format={compact ? formatUsdCompact : undefined}
          />
        ) : pending ? (
          <Skeleton className="inline-block h-4 w-16 align-middle" />
        ) : (
          <span className="text-slate-500" title="The USD figures could not be loaded.">
            {UNKNOWN}
          </span>
        )}
      </span>
    </span>
  );
}
