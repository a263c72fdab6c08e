import { formatPrice, type ActivityEvent, type Pool } from '@tokendesk/contract';
import { ExternalLink } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button';
import { TraderAddress } from '../../../components/trader-address';
import { Logo } from '../../../components/logo';
import { cn } from '../../../lib/cn';
import { paths } from '../../../lib/paths';
import { isConcentratedPool } from '../../../lib/pool-family';
import {
  explorerTxUrl,
  formatAmount,
  formatDateTime,
  formatRelativeTime,
  pairLabel,
  priceTitle,
  shortTxHash,
} from '../../../lib/format';
import { ActivityKindBadge } from './activity-kind-badge';

const AMOUNT = { maxDecimals: 4 } as const;
const NO_LIQUIDITY_PRICE =
  'No price: the two amounts of a concentrated-liquidity change depend on the position’s price range, not on the price';

export interface ActivityRowProps {
  event: ActivityEvent;
  /** The event's pool, for its DEX logo and the explorer; unknown while the pool list loads or for a pool not among those loaded. */
  pool: Pool | undefined;
  now: Date;
  /** Inside one pool's card the pool column is left out. */
  showPool?: boolean;
}

/**
 * Product §2.9: DEX, pool, kind, both amounts (as the pool booked them), trade price, time, block and
 * the transaction. Liquidity rows of Uniswap V3 pools come without a price ('—').
 */
/**
 * The event's own 'PROJECT/PAIR - DEX' label split at its last ' - ' (DEX names come from the network
 * config; token symbols are the chain's and may hold anything) and the pair at its first '/'.
 */
export function poolLabelParts(label: string): {
  pair: string;
  dex: string;
  projectSymbol: string;
  pairSymbol: string;
} {
  const at = label.lastIndexOf(' - ');
  const pair = at < 0 ? label : label.slice(0, at);
  const slash = pair.indexOf('/');
  return {
    pair,
    dex: at < 0 ? '' : label.slice(at + 3),
    projectSymbol: slash < 0 ? '' : pair.slice(0, slash),
    pairSymbol: slash < 0 ? '' : pair.slice(slash + 1),
  };
}

export function ActivityRow({ event, pool, now, showPool = true }: ActivityRowProps) {
  // The row names its pool from its own label: the pool may be any of thousands, not all loaded.
  const parts = poolLabelParts(event.pool_label);
  const projectSymbol = pool?.project.token_symbol ?? parts.projectSymbol;
  const pairSymbol = pool?.token.symbol ?? parts.pairSymbol;
  const dexName = pool?.dex.name ?? (parts.dex || 'DEX');
  const txUrl = explorerTxUrl(pool?.network.network_explorer, event.tx_hash);
  const txText = shortTxHash(event.tx_hash);
  // Narrow rows stack (pool | kind, amounts, price, time); wide ones are columns. The pool's own
  // card leaves the pool out and puts the price next to the kind.
  const wide = showPool ? layouts.withPool : layouts.poolCard;
  const liquidity = event.kind === 'add_liquidity' || event.kind === 'remove_liquidity';

  return (
    <li
      data-testid="activity-row"
      data-tx={event.tx_hash}
      data-row-id={event.id}
      className={cn('grid items-center gap-x-4 gap-y-1.5 px-5 py-3.5 sm:px-6', wide.row)}
    >
      {showPool && (
        <div className="col-start-1 row-start-1 flex min-w-0 items-center gap-3 @3xl:col-start-auto @3xl:row-start-auto">
          <Logo src={pool?.dex.dex_logo} name={dexName} size="md" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900" title={event.pool_label}>
              {pool ? pairLabel(projectSymbol, pairSymbol) : parts.pair}
            </p>
            <p className="truncate text-xs text-slate-500">{pool?.dex.name ?? (parts.dex || '—')}</p>
          </div>
        </div>
      )}
      <div className={wide.badge}>
        <ActivityKindBadge kind={event.kind} />
      </div>
      <p className={cn('flex min-w-0 flex-wrap gap-x-3 gap-y-0.5 text-sm tabular-nums', wide.amounts)}>
        <span className="text-slate-900" title={`${event.amount_project_token} ${projectSymbol}`}>
          {formatAmount(event.amount_project_token, AMOUNT)} <span className="text-slate-500">{projectSymbol}</span>
        </span>
        <span className="text-slate-900" title={`${event.amount_token} ${pairSymbol}`}>
          {formatAmount(event.amount_token, AMOUNT)} <span className="text-slate-500">{pairSymbol}</span>
        </span>
      </p>
      <p className={cn('min-w-0 text-sm whitespace-nowrap tabular-nums', wide.price)}>
        <span className="text-xs text-slate-500">Price </span>
        {event.price === null && liquidity && pool && isConcentratedPool(pool.pool_version) ? (
          // A V3-like liquidity change (ticks or bins) has no price of its own: its amounts follow the position's range.
          <span className="font-medium text-slate-900" title={NO_LIQUIDITY_PRICE} data-testid="no-price">
            —<span className="sr-only"> ({NO_LIQUIDITY_PRICE})</span>
          </span>
        ) : (
          <>
            <span className="font-medium text-slate-900" title={priceTitle(event.price)}>
              {formatPrice(event.price)}
            </span>
            {pairSymbol && <span className="text-xs text-slate-500"> {pairSymbol}</span>}
          </>
        )}
      </p>
      <div className={cn('flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500', wide.meta)}>
        <time dateTime={event.occurred_at} title={formatDateTime(event.occurred_at)}>
          {formatRelativeTime(event.occurred_at, now)}
        </time>
        <span className="tabular-nums">Block {event.block_number}</span>
        <span className="inline-flex min-w-0 items-center gap-1">
          <span>Trader</span>
          <TraderAddress
            address={event.trader}
            explorer={pool?.network.network_explorer}
            href={event.trader ? paths.traderActivities(event.trader) : undefined}
          />
        </span>
        <span className="inline-flex items-center">
          {txUrl ? (
            <a
              href={txUrl}
              target="_blank"
              rel="noopener noreferrer"
              title={event.tx_hash}
              aria-label={`Transaction ${txText} on the explorer`}
              className="inline-flex items-center gap-1 font-mono font-medium text-indigo-600 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {txText}
              <ExternalLink className="h-3 w-3" aria-hidden="true" />
            </a>
          ) : (
            <span className="font-mono text-slate-700" title={event.tx_hash}>
              {txText}
            </span>
          )}
          <CopyButton value={event.tx_hash} label="Copy transaction hash" className="h-6 px-1" />
        </span>
      </div>
    </li>
  );
}

/** Grid placement per cell: stacked on narrow containers, columns from @3xl (@2xl without the pool). */
const layouts = {
  withPool: {
    row: 'grid-cols-[minmax(0,1fr)_auto] @3xl:grid-cols-[minmax(0,1.2fr)_8.5rem_minmax(0,1.4fr)_minmax(0,1.1fr)_minmax(0,1.2fr)]',
    badge: 'col-start-2 row-start-1 justify-self-end @3xl:col-start-auto @3xl:row-start-auto @3xl:justify-self-start',
    amounts: 'col-span-2 row-start-2 @3xl:col-span-1 @3xl:row-start-auto',
    price: 'col-span-2 row-start-3 @3xl:col-span-1 @3xl:row-start-auto @3xl:text-right',
    meta: 'col-span-2 row-start-4 @3xl:col-span-1 @3xl:row-start-auto @3xl:justify-end',
  },
  poolCard: {
    row: 'grid-cols-[auto_minmax(0,1fr)] @2xl:grid-cols-[8.5rem_minmax(0,1.4fr)_minmax(0,1.1fr)_minmax(0,1.2fr)]',
    badge: 'col-start-1 row-start-1 @2xl:col-start-auto @2xl:row-start-auto',
    amounts: 'col-span-2 row-start-2 @2xl:col-span-1 @2xl:row-start-auto',
    price: 'col-start-2 row-start-1 text-right @2xl:col-start-auto @2xl:row-start-auto',
    meta: 'col-span-2 row-start-3 @2xl:col-span-1 @2xl:row-start-auto @2xl:justify-end',
  },
} as const;
