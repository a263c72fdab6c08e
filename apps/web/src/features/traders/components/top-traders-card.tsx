import { traderRanges, type Pool, type TopTrader, type TraderRange } from '@tokendesk/contract';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { TraderAddress } from '../../../components/trader-address';
import { Card, CardHeader } from '../../../components/ui/card';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatAmount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useTopTraders } from '../api/get-top-traders';
import { useLoadErrorText } from '../../../lib/live/connection-store';

const AMOUNT = { maxDecimals: 4 } as const;
const RANGE_LABELS: Record<TraderRange, string> = { '24h': '24h', '7d': '7d' };
const RANGE_WORDS: Record<TraderRange, string> = { '24h': 'the last 24 hours', '7d': 'the last 7 days' };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The net amount with its sign: a trader who sold more than bought is negative. */
export function formatNet(net: string): string {
  const text = formatAmount(net, AMOUNT);
  return net.startsWith('-') || /^[0.]+$/.test(net) ? text : `+${text}`;
}

/**
 * The pool's top traders (decision 0033): the senders of its swaps in the last 24 h or 7 d by the
 * volume of the paired token, with buys, sells and the net project tokens. The 24 h counts of the
 * pool answer head the card.
 */
export function TopTradersCard({ pool }: { pool: Pool }) {
  const [range, setRange] = useState<TraderRange>('24h');
  const traders = useTopTraders(pool.id, range);
  const loadErrorText = useLoadErrorText();
  const data = traders.data;

  return (
    <Card aria-labelledby="top-traders-title">
      <CardHeader
        titleId="top-traders-title"
        icon={<Users className="h-5 w-5" aria-hidden="true" />}
        title="Top Traders"
        description={`By ${pool.token.symbol} volume in ${RANGE_WORDS[range]}; a trader is the account that sent the swap`}
        actions={
          <SegmentedTabs
            label="Top traders range"
            options={traderRanges}
            value={range}
            onChange={setRange}
            labels={RANGE_LABELS}
            idPrefix="traders-range"
            panelId="top-traders-panel"
          />
        }
      />
      {pool.buys_24h !== null && pool.sells_24h !== null && (
        <p className="border-b border-slate-100 px-5 py-2.5 text-sm text-slate-600 sm:px-6" data-testid="day-trades">
          <span className="font-medium text-slate-900">Last 24h:</span> {plural(pool.buys_24h, 'buy')} ·{' '}
          {plural(pool.sells_24h, 'sell')} ·{' '}
          {pool.traders_24h === null ? (
            <span title="Some swaps of the last 24 hours have no trader read from the chain yet">
              traders being read
            </span>
          ) : (
            plural(pool.traders_24h, 'trader')
          )}
        </p>
      )}
      <div
        id="top-traders-panel"
        role="tabpanel"
        aria-labelledby={`traders-range-${range}`}
        aria-busy={traders.isFetching}
      >
        {traders.isPending ? (
          <LoadingState>Loading traders...</LoadingState>
        ) : !data ? (
          <ErrorState
            message={loadErrorText(
              traders.error,
              serverMessage(traders.error) ?? 'The top traders could not be loaded. Please try again.',
            )}
            onRetry={() => void traders.refetch()}
            retrying={traders.isFetching}
          />
        ) : data.traders.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No traders yet"
            description={
              data.complete
                ? `No swaps in ${RANGE_WORDS[data.range]}`
                : 'The traders of the latest swaps are still being read from the chain'
            }
          />
        ) : (
          <div className="@container">
            <div
              aria-hidden="true"
              className={cn(
                'hidden gap-x-4 px-5 pt-3 text-xs font-medium tracking-wide text-slate-500 uppercase sm:px-6 @2xl:grid',
                WIDE_COLUMNS,
              )}
            >
              <span>#</span>
              <span>Trader</span>
              <span>Buys / Sells</span>
              <span className="text-right">Volume</span>
              <span className="text-right">Net</span>
            </div>
            <ol className="divide-y divide-slate-100" aria-label={`Top traders of ${RANGE_WORDS[data.range]}`}>
              {data.traders.map((trader, i) => (
                <TraderRow key={trader.address} rank={i + 1} trader={trader} pool={pool} />
              ))}
            </ol>
          </div>
        )}
        {data && !data.complete && (
          <p role="note" className="border-t border-slate-100 px-5 py-3 text-xs text-amber-800 sm:px-6">
            {plural(data.unread_swaps, 'swap')} of {RANGE_WORDS[data.range]} {data.unread_swaps === 1 ? 'has' : 'have'}{' '}
            no trader read from the chain yet: the list may still change.
          </p>
        )}
      </div>
    </Card>
  );
}

/** Narrow: trader and net, then buys/sells and volume; from @2xl one row of columns (written out: Tailwind reads classes from the source). */
const WIDE_COLUMNS = '@2xl:grid-cols-[2rem_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]';

function TraderRow({ rank, trader, pool }: { rank: number; trader: TopTrader; pool: Pool }) {
  const project = pool.project.token_symbol;
  const net = trader.net;
  return (
    <li
      data-testid="top-trader"
      className={cn(
        'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-5 py-3 text-sm tabular-nums sm:px-6 @2xl:gap-x-4',
        WIDE_COLUMNS,
      )}
    >
      <span className="hidden text-slate-500 @2xl:inline">{rank}</span>
      <span className="flex min-w-0 items-center gap-2">
        <span className="text-xs text-slate-500 @2xl:hidden">#{rank}</span>
        <TraderAddress
          address={trader.address}
          explorer={pool.network.network_explorer}
          href={paths.traderActivities(trader.address, pool.id)}
        />
      </span>
      <span className="col-start-1 row-start-2 text-slate-600 @2xl:col-start-auto @2xl:row-start-auto">
        <span className="text-emerald-700">{plural(trader.buys, 'buy')}</span> ·{' '}
        <span className="text-red-700">{plural(trader.sells, 'sell')}</span>
      </span>
      <span
        className="col-start-2 row-start-2 text-right text-slate-900 @2xl:col-start-auto @2xl:row-start-auto"
        title={`${trader.volume} ${pool.token.symbol}`}
      >
        <span className="sr-only">Volume </span>
        {formatAmount(trader.volume, AMOUNT)} <span className="text-slate-500">{pool.token.symbol}</span>
      </span>
      <span
        className={cn(
          'col-start-2 row-start-1 text-right font-medium @2xl:col-start-auto @2xl:row-start-auto',
          net.startsWith('-') ? 'text-red-700' : /^[0.]+$/.test(net) ? 'text-slate-900' : 'text-emerald-700',
        )}
        title={`Bought ${trader.bought} ${project}, sold ${trader.sold} ${project}`}
      >
        <span className="sr-only">Net </span>
        {formatNet(net)} <span className="text-slate-500">{project}</span>
      </span>
    </li>
  );
}
