import {
  holderLabelText,
  holderNoticeTitle,
  holderProgressText,
  shortenAddress,
  type HolderLabel,
  type HoldersSummary,
  type HolderSync,
  type Project,
  type TopHolder,
} from '@tokendesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, Download, Hourglass, TriangleAlert, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ChartAttribution } from '../../../components/chart-attribution';
import { CopyButton } from '../../../components/copy-button';
import { ExplorerLink } from '../../../components/explorer-link';
import { EmptyState, ErrorState } from '../../../components/status-message';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/skeleton';
import { serverMessage } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useExportHolders } from '../api/export-holders';
import { useHolderHistory, useHolders } from '../api/get-holders';
import { dailyHolderPoints, formatCount, formatSharePct, historyText } from './holder-figures';
import { useNetwork } from '../../../components/network-label';
import { paths } from '../../../lib/paths';
import { projectQueryKey, projectsQueryKey } from '../../../lib/query-keys';

// The chart library is loaded with the first chart, not with the app.
const HolderChartCanvas = lazy(() => import('./holder-chart-canvas'));

const BALANCE = { minDecimals: 0, maxDecimals: 4 } as const;

const labelTone: Record<HolderLabel, 'info' | 'neutral' | 'warning'> = {
  pool: 'info',
  zero_address: 'neutral',
  burn_address: 'neutral',
  deployer: 'warning',
};

/**
 * The token's holders, built by the server from every Transfer since deployment and checked
 * against the chain's totalSupply() and balanceOf: count, concentration, a daily count chart and
 * the 20 largest balances. Figures show only once the history is complete; until then the card
 * shows how far the backfill has come. Where the chain disagrees with the logs, a notice says
 * which figures come from where (decision 0015).
 */
export function HoldersCard({ project }: { project: Project }) {
  const holders = useHolders(project.id);
  const state = holders.data?.sync.state;
  const noLogs = holders.data?.reconciliation.status === 'no_logs';
  const exportHolders = useExportHolders();
  useRefreshProjectWhenLive(project.id, state);

  function onExport() {
    exportHolders.mutate(
      { projectId: project.id, fallbackName: `tokendesk-holders-${project.token_symbol}.csv` },
      {
        onSuccess: () => toast.success('The CSV file of all holders was downloaded.'),
        onError: (failure) => toast.error(serverMessage(failure) ?? 'Failed to export holders. Please try again.'),
      },
    );
  }

  return (
    <Card aria-labelledby="holders-title">
      <CardHeader
        titleId="holders-title"
        icon={<Users className="h-5 w-5" aria-hidden="true" />}
        title="Holders"
        description={`Every address holding ${project.token_symbol}, counted from the token's transfers since its deployment.`}
        actions={
          state === 'live' && !noLogs ? (
            <Button
              variant="outline"
              size="sm"
              onClick={onExport}
              disabled={exportHolders.isPending}
              loading={exportHolders.isPending}
            >
              {!exportHolders.isPending && <Download className="h-4 w-4" aria-hidden="true" />}
              {exportHolders.isPending ? 'Exporting...' : 'Export CSV'}
            </Button>
          ) : undefined
        }
      />
      {holders.isPending ? (
        <HoldersSkeleton />
      ) : holders.isError && !holders.data ? (
        <ErrorState
          message={serverMessage(holders.error) ?? 'Failed to load holders. Please try again.'}
          onRetry={() => void holders.refetch()}
          retrying={holders.isFetching}
        />
      ) : holders.data.sync.state === 'pending' && holders.data.sync.problem ? (
        <EmptyState
          icon={TriangleAlert}
          title="The transfer history cannot be read right now"
          description={holders.data.sync.problem}
        />
      ) : holders.data.sync.state === 'pending' ? (
        <EmptyState
          icon={Hourglass}
          title="Holder indexing starts shortly"
          description={`TokenDesk is about to read every transfer of ${project.token_symbol} since its deployment. This section updates by itself.`}
        />
      ) : holders.data.sync.state === 'unavailable' ? (
        <EmptyState
          icon={Ban}
          title="Holders are not available"
          description="There is no contract at this address on this network, so there are no transfers to count."
        />
      ) : holders.data.sync.state === 'indexing' ? (
        <IndexingProgress sync={holders.data.sync} symbol={project.token_symbol} />
      ) : noLogs ? (
        <EmptyState
          icon={Ban}
          title={holderNoticeTitle.no_logs!}
          description={withoutTitle(holders.data.reconciliation.note, holderNoticeTitle.no_logs!)}
        />
      ) : (
        <LiveHolders project={project} summary={holders.data} />
      )}
    </Card>
  );
}

/** The server's note without the title the card already shows above it. */
function withoutTitle(note: string, title: string): string {
  if (!note.startsWith(`${title}: `)) return note;
  const rest = note.slice(title.length + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * The project's holder_count is null until the backfill ends: when this card sees it end, the
 * project and the dashboard list are asked again instead of showing 'indexing' for 30 s more.
 */
function useRefreshProjectWhenLive(projectId: number, state: HolderSync['state'] | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(state);
  useEffect(() => {
    if (state === 'live' && previous.current !== undefined && previous.current !== 'live') {
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    }
    previous.current = state;
  }, [state, projectId, queryClient]);
}

function IndexingProgress({ sync, symbol }: { sync: HolderSync; symbol: string }) {
  const text = holderProgressText(sync);
  return (
    <div className="px-5 py-6 sm:px-6">
      <p role="status" className="text-sm font-medium text-slate-900 tabular-nums">
        {text}
      </p>
      <ProgressBar value={sync.progress_pct ?? 0} label="Holder indexing progress" className="mt-3" />
      <p className="mt-3 text-sm text-slate-500">
        TokenDesk is reading every transfer of {symbol}
        {sync.deploy_block ? ` since its deployment in block ${sync.deploy_block}` : ''}. The count, the chart and the
        top holders appear when the whole history has been read.
      </p>
    </div>
  );
}

function HoldersSkeleton() {
  return (
    <div role="status" aria-label="Loading holders" className="flex flex-col gap-6 px-5 py-5 sm:px-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((n) => (
          <div key={n} className="flex flex-col gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-7 w-28" />
            <Skeleton className="h-3 w-40" />
          </div>
        ))}
      </div>
      <Skeleton className="h-56" />
      <div className="flex flex-col gap-3">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-5" />
        ))}
      </div>
    </div>
  );
}

function LiveHolders({ project, summary }: { project: Project; summary: HoldersSummary }) {
  const block = summary.sync.indexed_block;
  const check = summary.reconciliation;
  const fromChain = summary.balances_source === 'balance_of';
  const supplyNote =
    summary.supply_source === 'total_supply'
      ? check.total_supply !== null && check.total_supply !== check.supply_on_chain
        ? `totalSupply() at block ${check.block} (${formatAmount(check.total_supply, BALANCE)}), less what was sent to the zero address`
        : `totalSupply() at block ${check.block}`
      : block
        ? `Sum of the balances in the transfer history, block ${block}`
        : 'Sum of the balances in the transfer history';
  const noticeTitle = holderNoticeTitle[check.status];
  return (
    <>
      {noticeTitle && (
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <div
            role="note"
            aria-labelledby="holders-notice-title"
            className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
            <div className="min-w-0">
              <p id="holders-notice-title" className="font-medium">
                {noticeTitle}
              </p>
              <p className="mt-1 break-words">{check.note}</p>
            </div>
          </div>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-5 border-b border-slate-100 px-5 py-5 sm:grid-cols-3 sm:px-6">
        <Stat
          label="Holders"
          value={formatCount(summary.holder_count)}
          note={
            fromChain
              ? 'Counted from the transfer history, which the chain contradicts: may be off'
              : 'Addresses with a balance above zero'
          }
        />
        <Stat
          label="Concentration"
          value={
            summary.top10_share_pct === null ? 'Not known' : `Top 10 hold ${formatSharePct(summary.top10_share_pct)}`
          }
          note="Share of the supply held by the 10 largest holders, not counting pools and burn addresses"
        />
        <Stat
          label="Supply"
          value={`${formatAmount(summary.supply, BALANCE)} ${project.token_symbol}`}
          note={supplyNote}
        />
      </dl>
      {check.status === 'matches' && (
        <p className="border-b border-slate-100 px-5 py-2.5 text-xs text-slate-500 sm:px-6">
          Checked against the chain at block {check.block}: totalSupply() and balanceOf of the {check.addresses_checked}{' '}
          largest holders agree with the transfer history.
        </p>
      )}
      <HolderHistoryChart projectId={project.id} />
      <TopHolders project={project} summary={summary} />
    </>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold break-words text-slate-900 tabular-nums">{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-500">{note}</dd>
    </div>
  );
}

function SectionTitle({ id, title, note }: { id: string; title: string; note?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </div>
  );
}

function HolderHistoryChart({ projectId }: { projectId: number }) {
  const history = useHolderHistory(projectId);
  const data = history.data;
  // Stable between renders: a new array would redraw the chart and reset the user's zoom.
  const points = useMemo(() => (data ? dailyHolderPoints(data.points) : []), [data]);
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <section aria-labelledby="holder-history-title" className="border-b border-slate-100 px-5 py-5 sm:px-6">
      <SectionTitle
        id="holder-history-title"
        title="Holder count per day"
        note="UTC days; a day without transfers keeps the day before's count"
      />
      <div className="mt-3">
        {history.isPending ? (
          <Skeleton className="h-56" />
        ) : history.isError && !data ? (
          <ErrorState
            className="py-6"
            message={serverMessage(history.error) ?? 'The holder history could not be loaded. Please try again.'}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : !first || !last ? (
          <p className="grid h-32 place-items-center text-center text-sm text-slate-500">
            No transfers yet, so there is no history to draw.
          </p>
        ) : (
          <>
            <Suspense fallback={<Skeleton className="h-56" />}>
              <HolderChartCanvas points={points} />
            </Suspense>
            <p className={points.length === 1 ? 'mt-2 text-xs text-slate-500' : 'sr-only'}>{historyText(points)}</p>
            <ChartAttribution className="mt-2" />
          </>
        )}
      </div>
    </section>
  );
}

function TopHolders({ project, summary }: { project: Project; summary: HoldersSummary }) {
  const network = useNetwork(project.network);
  const rows = summary.top;
  return (
    <section aria-labelledby="top-holders-title" className="@container py-5">
      <div className="px-5 sm:px-6">
        <SectionTitle
          id="top-holders-title"
          title={rows.length === 20 ? 'Top 20 holders' : 'Top holders'}
          note={
            summary.balances_source === 'balance_of'
              ? `balanceOf at block ${summary.reconciliation.block}; share of totalSupply()`
              : 'Share of the supply held by each address'
          }
        />
        {!summary.pools_checked && (
          <p className="mt-1 text-xs text-amber-700">
            The {network?.name ?? 'network'} node could not be asked which holders are pools, so only this
            project&apos;s own pools are labelled and counted out of the concentration.
          </p>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="px-5 pt-4 text-sm text-slate-500 sm:px-6">No address holds {project.token_symbol} yet.</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-sm" aria-labelledby="top-holders-title">
          <thead>
            <tr className="border-y border-slate-100 bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <th scope="col" className="w-12 py-2 pr-2 pl-5 sm:pl-6">
                #
              </th>
              <th scope="col" className="py-2 pr-3">
                Address
              </th>
              <th scope="col" className="hidden w-44 py-2 pr-3 text-right @2xl:table-cell">
                Balance
              </th>
              <th scope="col" className="w-24 py-2 pr-5 text-right sm:pr-6 @2xl:w-32">
                Share
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((holder) => (
              <HolderRow
                key={holder.address}
                holder={holder}
                symbol={project.token_symbol}
                explorer={network?.network_explorer}
              />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function HolderRow({
  holder,
  symbol,
  explorer,
}: {
  holder: TopHolder;
  symbol: string;
  explorer: string | null | undefined;
}) {
  const short = shortenAddress(holder.address);
  const balance = formatAmount(holder.balance, BALANCE);
  return (
    <tr className="align-top hover:bg-slate-50">
      <td className="py-3 pr-2 pl-5 text-slate-500 tabular-nums sm:pl-6">{holder.rank}</td>
      <td className="min-w-0 py-2.5 pr-3">
        <div className="flex flex-wrap items-center gap-x-1 gap-y-1">
          {holder.pool_id !== null ? (
            <Link
              to={paths.pool(holder.pool_id)}
              title={holder.address}
              className="rounded font-mono text-indigo-600 hover:text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {short}
            </Link>
          ) : (
            <span className="font-mono text-slate-900" title={holder.address}>
              {short}
            </span>
          )}
          <span className="inline-flex items-center">
            <CopyButton value={holder.address} label={`Copy address of holder ${holder.rank}`} />
            <ExplorerLink
              explorer={explorer}
              address={holder.address}
              label={`View holder ${holder.rank} on explorer`}
            />
          </span>
          {holder.labels.map((label) => (
            <Badge key={label} tone={labelTone[label]}>
              {holderLabelText[label]}
            </Badge>
          ))}
        </div>
        <p className="mt-0.5 text-xs text-slate-500 tabular-nums @2xl:hidden">
          {balance} {symbol}
        </p>
      </td>
      <td className="hidden py-3 pr-3 text-right text-slate-900 tabular-nums @2xl:table-cell">
        <span className="break-all">{balance}</span>
      </td>
      <td className="py-3 pr-5 text-right sm:pr-6">
        <span className="font-medium text-slate-900 tabular-nums">{formatSharePct(holder.share_pct)}</span>
        {holder.share_pct !== null && (
          // The figure beside it says it all; the bar is for the eye.
          <span aria-hidden="true" className="mt-1.5 block h-1 overflow-hidden rounded-full bg-slate-100">
            <span
              className="block h-full rounded-full bg-indigo-500"
              style={{ width: `${Math.min(100, Math.max(0, holder.share_pct))}%` }}
            />
          </span>
        )}
      </td>
    </tr>
  );
}
