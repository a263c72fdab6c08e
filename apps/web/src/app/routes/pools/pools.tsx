import { Droplets, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ListPage, ListRefreshButton, pagedListState } from '../../../components/list-page';
import { Button, buttonClasses } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../../../lib/use-list-search';
import { useLivePoolsPages } from '../../../features/pools/api/get-pools';
import { PoolsList } from '../../../features/pools/components/pools-list';
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
  const livePools = useLivePoolsPages({ q: search.query, project });
  const pools = livePools.data?.pages.flatMap((page) => page.pools) ?? [];
  const state = pagedListState(livePools, search, pools.length, project !== undefined);
  const projectName =
    project !== undefined ? pools.find((pool) => pool.project.id === project)?.project.name : undefined;
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
    <ListPage
      width="6xl"
      title="Funds"
      description="The liquidity in your pools, read from the chain"
      actions={
        state.hasAny ? (
          <>
            <ListRefreshButton list={livePools} state={state} />
            <Link to={paths.newPool} className={buttonClasses('primary', 'sm')}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Pool
            </Link>
          </>
        ) : undefined
      }
      cardLabel="Your funds"
      list={livePools}
      search={search}
      state={state}
      searchField={{ label: 'Search funds', placeholder: 'Search token, DEX or address' }}
      searchNote={
        project !== undefined && (
          <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <span>
              Only the pools of{' '}
              <span className="font-medium text-slate-900">{projectName ?? `project #${project}`}</span>
            </span>
            <Button variant="link" size="sm" onClick={showAllProjects}>
              Show all pools
            </Button>
          </p>
        )
      }
      loadingText="Loading your funds..."
      errorMessage={serverMessage(livePools.error) ?? 'Failed to load funds. Please try again.'}
      noMatch={{
        title: 'No matching funds',
        description: search.query ? `No pools match "${search.query}".` : 'This project has no pools.',
        action: (
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
        ),
      }}
      empty={{
        icon: Droplets,
        title: 'No funds yet',
        description: 'A fund is the liquidity in one of your pools. Choose one of your projects and add its pool.',
        action: (
          <Link to={paths.newPool} className={buttonClasses('primary')}>
            Add Your First Fund
          </Link>
        ),
      }}
      rowCount={pools.length}
      noun="pool"
    >
      <PoolsList pools={pools} />
    </ListPage>
  );
}
