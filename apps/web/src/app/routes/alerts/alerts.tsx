import type { AlertKind } from '@tokendesk/contract';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { ListPage, ListRefreshButton, pagedListState } from '../../../components/list-page';
import { serverMessage } from '../../../lib/api-client';
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
  const state = pagedListState(alerts, search, rows.length);

  return (
    <ListPage
      width="6xl"
      title="Alerts"
      description="Hear about price moves, liquidity drops and large swaps in your pools"
      actions={
        <>
          {state.hasAny && <ListRefreshButton list={alerts} state={state} />}
          <AddAlertMenu types={types} onSelect={create} />
        </>
      }
      list={alerts}
      search={search}
      state={state}
      searchField={{ label: 'Search alerts', placeholder: 'Search token, pair or DEX' }}
      loadingText="Loading your alerts..."
      errorMessage={serverMessage(alerts.error) ?? 'Failed to load alerts. Please try again.'}
      noMatch={{ title: 'No matching alerts', description: `No alerts match "${search.query}".` }}
      empty={{
        icon: BellRing,
        title: 'No alerts yet',
        description:
          'An alert watches one of your pools and notifies you when its price moves, its liquidity drops or a large swap happens.',
        action: (
          <AddAlertMenu types={types} onSelect={create} label="Create Your First Alert" size="md" align="center" />
        ),
      }}
      rowCount={rows.length}
      noun="alert"
      after={<AlertFormDialog target={target} onClose={() => setTarget(null)} types={types.data} />}
    >
      <AlertsList alerts={rows} types={types.data} complete={!alerts.hasNextPage} />
    </ListPage>
  );
}
