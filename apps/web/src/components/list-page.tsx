import { SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { useListSearch } from '../lib/use-list-search';
import { cn } from '../lib/cn';
import { ListSearchField } from './list-search-field';
import { LoadMoreFooter } from './load-more-footer';
import { PageHeader } from './page-header';
import { EmptyState, ErrorState, LoadingState } from './status-message';
import { Button } from './ui/button';
import { Card } from './ui/card';

/*
 * The scaffold of a paged list screen (/projects, /alerts, /funds): the header, the search field
 * (the text goes to the server, docs/product.md §11), loading, a load failure, 'no match', the
 * empty state, the rows, and 'Load more' under them. The rows themselves are the screen's.
 */

/** What the scaffold reads of a paged (infinite) query. */
export interface PagedList {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

export type ListSearch = ReturnType<typeof useListSearch>;

export interface PagedListState {
  /** The rows answer an older text while the new answer (or the debounce) is pending. */
  stale: boolean;
  /** The search text or another filter narrows the list. */
  searching: boolean;
  /** There is something to search or refresh: rows, or a search that found none. */
  hasAny: boolean;
}

export function pagedListState(
  list: PagedList,
  search: ListSearch,
  rowCount: number,
  filtered = false,
): PagedListState {
  const stale = search.settling || list.isPlaceholderData;
  const searching = search.query !== '' || filtered;
  return { stale, searching, hasAny: rowCount > 0 || searching || search.text !== '' };
}

/** 'Refresh' in a list's header; its spinner is not shown for a search still being answered. */
export function ListRefreshButton({ list, state }: { list: PagedList; state: PagedListState }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void list.refetch()}
      disabled={list.isFetching}
      loading={list.isFetching && !list.isFetchingNextPage && !state.stale}
    >
      Refresh
    </Button>
  );
}

/** 'Load more' alone under a list that counts nothing (the ticket lists). */
export function LoadMoreRow({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center border-t border-slate-100 px-5 py-3">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
        loading={list.isFetchingNextPage}
      >
        Load more
      </Button>
    </div>
  );
}

const WIDTHS = { '5xl': 'max-w-5xl', '6xl': 'max-w-6xl' } as const;

export interface ListPageProps {
  width: keyof typeof WIDTHS;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  /**
   * One card named so around the search, the states and the rows. Without it the search stands
   * above, each state is a card of its own and the rows bring their own cards (the alerts by kind).
   */
  cardLabel?: string;
  list: PagedList;
  search: ListSearch;
  state: PagedListState;
  searchField: { label: string; placeholder: string };
  /** Under the search field: another filter in force and how to drop it. */
  searchNote?: ReactNode;
  loadingText: string;
  errorMessage: ReactNode;
  /** The search (or filter) found nothing; the action defaults to 'Clear search'. */
  noMatch: { title: string; description: string; action?: ReactNode };
  empty: { icon: LucideIcon; title: string; description: ReactNode; action?: ReactNode };
  rowCount: number;
  /** The rows' noun for '3 pools shown' and 'More pools could not be loaded'. */
  noun: string;
  /** The rows. */
  children: ReactNode;
  /** After the list, inside the page (the screen's dialogs). */
  after?: ReactNode;
}

export function ListPage(props: ListPageProps) {
  const { width, title, description, actions, cardLabel, list, search, state, searchField, searchNote, after } = props;
  const framed = cardLabel !== undefined;
  const searchBox = state.hasAny && (
    <div className={framed ? 'border-b border-slate-100 px-5 py-4 sm:px-6' : 'mb-4'}>
      <ListSearchField
        label={searchField.label}
        placeholder={searchField.placeholder}
        value={search.text}
        onChange={search.setText}
        searching={state.stale && list.isFetching}
        className="sm:max-w-sm"
      />
      {searchNote}
    </div>
  );

  return (
    <div className={cn('mx-auto', WIDTHS[width])}>
      <PageHeader title={title} description={description} actions={actions} />
      {framed ? (
        <Card aria-label={cardLabel}>
          {searchBox}
          <ListBody {...props} framed />
        </Card>
      ) : (
        <>
          {searchBox}
          <ListBody {...props} framed={false} />
        </>
      )}
      {after}
    </div>
  );
}

function ListBody({
  list,
  search,
  state,
  loadingText,
  errorMessage,
  noMatch,
  empty,
  rowCount,
  noun,
  children,
  framed,
}: ListPageProps & { framed: boolean }) {
  // Framed, the states share the list's card; otherwise each state is a card of its own.
  const inCard = (content: ReactNode) => (framed ? content : <Card>{content}</Card>);

  if (list.isPending) return inCard(<LoadingState>{loadingText}</LoadingState>);
  if (list.isError && !list.data) {
    return inCard(<ErrorState message={errorMessage} onRetry={() => void list.refetch()} retrying={list.isFetching} />);
  }
  if (rowCount === 0 && state.searching) {
    return inCard(
      <EmptyState
        icon={SearchX}
        title={noMatch.title}
        description={noMatch.description}
        action={
          noMatch.action ?? (
            <Button variant="outline" size="sm" onClick={() => search.setText('')}>
              Clear search
            </Button>
          )
        }
        className={cn(state.stale && 'opacity-60')}
      />,
    );
  }
  if (rowCount === 0)
    return inCard(
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />,
    );

  const footer = (
    <LoadMoreFooter
      shown={`${rowCount} ${noun}${rowCount === 1 ? '' : 's'} shown`}
      hasMore={list.hasNextPage && !state.stale}
      loadingMore={list.isFetchingNextPage}
      failed={list.isFetchNextPageError}
      failedText={`More ${noun}s could not be loaded. Please try again.`}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
  return (
    <>
      <div aria-busy={state.stale} className={cn('transition-opacity', state.stale && 'opacity-60')}>
        {children}
      </div>
      {framed ? footer : <div className="mt-4">{footer}</div>}
    </>
  );
}
