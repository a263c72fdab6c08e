import type { AlertKind } from '@tokendesk/contract';
import { BellRing, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ListSearchField } from '../../../components/list-search-field';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListSearch } from '../../../lib/use-list-search';
import { useAlertTypes } from '../../../features/alerts/api/get-alert-types';
import { useAlertsPages } from '../../../features/alerts/api/get-alerts';
import { AddAlertMenu } from '../../../features/alerts/components/add-alert-menu';
import { AlertFormDialog, type AlertFormTarget } from '../../../features/alerts/components/alert-form-dialog';
import { AlertsList } from '../../../features/alerts/components/alerts-list';

/**
 * Product §2.10: the user's alerts by kind, 'Add Alert', pause and resume in place. A page of alerts at
 * a time, newest first, searched on the server by pool label (as /funds and /projects): a heavy user
 * has thousands. Each row names its pool from the alert's own label, so no pools list is needed.
 */
export function AlertsRoute() {
  useDocumentTitle('Alerts');
  const search = useListSearch();
  const alerts = useAlertsPages(search.query);
  const types = useAlertTypes();
  const [target, setTarget] = useState<AlertFormTarget | null>(null);
  const create = (kind: AlertKind) => setTarget({ mode: 'create', kind });
  const rows = alerts.data?.pages.flatMap((page) => page.alerts) ?? [];
  // The rows answer an older text while the new answer (or the debounce) is pending.
  const stale = search.settling || alerts.isPlaceholderData;
  const searching = search.query !== '';
  const hasAny = rows.length > 0 || searching || search.text !== '';

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Alerts"
        description="Hear about price moves, liquidity drops and large swaps in your pools"
        actions={
          <>
            {hasAny && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => void alerts.refetch()}
                disabled={alerts.isFetching}
                loading={alerts.isFetching && !alerts.isFetchingNextPage && !stale}
              >
                Refresh
              </Button>
            )}
            <AddAlertMenu types={types} onSelect={create} />
          </>
        }
      />
      {hasAny && (
        <div className="mb-4">
          <ListSearchField
            label="Search alerts"
            placeholder="Search token, pair or DEX"
            value={search.text}
            onChange={search.setText}
            searching={stale && alerts.isFetching}
            className="sm:max-w-sm"
          />
        </div>
      )}
      {alerts.isPending ? (
        <Card>
          <LoadingState>Loading your alerts...</LoadingState>
        </Card>
      ) : alerts.isError && !alerts.data ? (
        <Card>
          <ErrorState
            message={serverMessage(alerts.error) ?? 'Failed to load alerts. Please try again.'}
            onRetry={() => void alerts.refetch()}
            retrying={alerts.isFetching}
          />
        </Card>
      ) : rows.length === 0 && searching ? (
        <Card>
          <EmptyState
            icon={SearchX}
            title="No matching alerts"
            description={`No alerts match "${search.query}".`}
            action={
              <Button variant="outline" size="sm" onClick={() => search.setText('')}>
                Clear search
              </Button>
            }
            className={cn(stale && 'opacity-60')}
          />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon={BellRing}
            title="No alerts yet"
            description="An alert watches one of your pools and notifies you when its price moves, its liquidity drops or a large swap happens."
            action={<AddAlertMenu types={types} onSelect={create} label="Create Your First Alert" size="md" align="center" />}
          />
        </Card>
      ) : (
        <>
          <div aria-busy={stale} className={cn('transition-opacity', stale && 'opacity-60')}>
            <AlertsList alerts={rows} types={types.data} complete={!alerts.hasNextPage} />
          </div>
          <div className="mt-4">
            <LoadMoreFooter
              shown={`${rows.length} alert${rows.length === 1 ? '' : 's'} shown`}
              hasMore={alerts.hasNextPage && !stale}
              loadingMore={alerts.isFetchingNextPage}
              failed={alerts.isFetchNextPageError}
              failedText="More alerts could not be loaded. Please try again."
              onLoadMore={() => void alerts.fetchNextPage()}
            />
          </div>
        </>
      )}
      <AlertFormDialog
        target={target}
        onClose={() => setTarget(null)}
        types={types.data}
      />
    </div>
  );
}
