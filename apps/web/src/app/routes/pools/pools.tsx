import { Droplets, Plus, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ListSearchField } from '../../../components/list-search-field';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../../../lib/use-list-search';
import { useFundsPages } from '../../../features/pools/api/get-funds';
import { FundsList } from '../../../features/pools/components/funds-list';
import { paths } from '../../../lib/paths';

function positiveId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : undefined;
}

/**
 * Product §2.11: each pool with the liquidity it holds. TokenDesk holds no wallet: the funds sit in the
 * pools. A page of pools at a time (each row's reserves are a chain read), searched on the server.
 */
export function PoolsRoute() {
  useDocumentTitle('Funds');
  const search = useListSearch();
  const [params, setParams] = useSearchParams();
  // ?project= narrows the list to one project's pools (the project page links here when it has more than it shows).
  const project = positiveId(params.get('project'));
  const funds = useFundsPages({ q: search.query, project });
  const pools = funds.data?.pages.flatMap((page) => page.pools) ?? [];
  // The rows answer an older text while the new answer (or the debounce) is pending.
  const stale = search.settling || funds.isPlaceholderData;
  const searching = search.query !== '' || project !== undefined;
  const hasAny = pools.length > 0 || searching || search.text !== '';
  const projectName = project !== undefined ? pools.find((pool) => pool.project.id === project)?.project.name : undefined;
  const showAllProjects = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('project');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Funds"
        description="The liquidity in your pools, read from the chain"
        actions={
          hasAny ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void funds.refetch()}
                disabled={funds.isFetching}
                loading={funds.isFetching && !funds.isFetchingNextPage && !stale}
              >
                Refresh
              </Button>
              <Link to={paths.newPool} className={buttonClasses('primary', 'sm')}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add Pool
              </Link>
            </>
          ) : undefined
        }
      />
      <Card aria-label="Your funds">
        {hasAny && (
          <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <ListSearchField
              label="Search funds"
              placeholder="Search token, DEX or address"
              value={search.text}
              onChange={search.setText}
              searching={stale && funds.isFetching}
              className="sm:max-w-sm"
            />
            {project !== undefined && (
              <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                <span>
                  Only the pools of <span className="font-medium text-slate-900">{projectName ?? `project #${project}`}</span>
                </span>
                <Button variant="link" size="sm" onClick={showAllProjects}>
                  Show all pools
                </Button>
              </p>
            )}
          </div>
        )}
        {funds.isPending ? (
          <LoadingState>Loading your funds...</LoadingState>
        ) : funds.isError && !funds.data ? (
          <ErrorState
            message={serverMessage(funds.error) ?? 'Failed to load funds. Please try again.'}
            onRetry={() => void funds.refetch()}
            retrying={funds.isFetching}
          />
        ) : pools.length === 0 && searching ? (
          <EmptyState
            icon={SearchX}
            title="No matching funds"
            description={search.query ? `No pools match "${search.query}".` : 'This project has no pools.'}
            action={
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  search.setText('');
                  if (!search.query) showAllProjects();
                }}
              >
                {search.query ? 'Clear search' : 'Show all pools'}
              </Button>
            }
            className={cn(stale && 'opacity-60')}
          />
        ) : pools.length === 0 ? (
          <EmptyState
            icon={Droplets}
            title="No funds yet"
            description="A fund is the liquidity in one of your pools. Choose one of your projects and add its pool."
            action={
              <Link to={paths.newPool} className={buttonClasses('primary')}>
                Add Your First Fund
              </Link>
            }
          />
        ) : (
          <>
            <div aria-busy={stale} className={cn('transition-opacity', stale && 'opacity-60')}>
              <FundsList pools={pools} />
            </div>
            <LoadMoreFooter
              shown={`${pools.length} pool${pools.length === 1 ? '' : 's'} shown`}
              hasMore={funds.hasNextPage && !stale}
              loadingMore={funds.isFetchingNextPage}
              failed={funds.isFetchNextPageError}
              failedText="More pools could not be loaded. Please try again."
              onLoadMore={() => void funds.fetchNextPage()}
            />
          </>
        )}
      </Card>
    </div>
  );
}
