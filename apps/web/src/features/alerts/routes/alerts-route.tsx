import type { AlertKind, Pool } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAlertTypes } from '../api/get-alert-types';
import { useAlerts } from '../api/get-alerts';
import { AddAlertMenu } from '../components/add-alert-menu';
import { AlertFormDialog, type AlertFormTarget } from '../components/alert-form-dialog';
import { AlertsList } from '../components/alerts-list';

export interface AlertsRouteProps {
  /** The user's newest pools (from the funds feature, composed in app/): row labels; rows of other pools use the alert's own label. */
  pools: UseQueryResult<Pool[]>;
}

/** SPEC §2.10: the user's alerts by kind, 'Add Alert', pause and resume in place. */
export function AlertsRoute({ pools }: AlertsRouteProps) {
  useDocumentTitle('Alerts');
  const alerts = useAlerts();
  const types = useAlertTypes();
  const [target, setTarget] = useState<AlertFormTarget | null>(null);
  const create = (kind: AlertKind) => setTarget({ mode: 'create', kind });
  const hasAlerts = !!alerts.data && alerts.data.length > 0;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Alerts"
        description="Hear about price moves, liquidity drops and large swaps in your pools"
        actions={
          <>
            {hasAlerts && (
              <Button variant="outline" size="sm" onClick={() => void alerts.refetch()} disabled={alerts.isFetching} loading={alerts.isFetching}>
                Refresh
              </Button>
            )}
            <AddAlertMenu types={types} onSelect={create} />
          </>
        }
      />
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
      ) : !hasAlerts ? (
        <Card>
          <EmptyState
            icon={BellRing}
            title="No alerts yet"
            description="An alert watches one of your pools and notifies you when its price moves, its liquidity drops or a large swap happens."
            action={<AddAlertMenu types={types} onSelect={create} label="Create Your First Alert" size="md" align="center" />}
          />
        </Card>
      ) : (
        <AlertsList alerts={alerts.data} types={types.data} pools={pools.data} />
      )}
      <AlertFormDialog
        target={target}
        onClose={() => setTarget(null)}
        types={types.data}
      />
    </div>
  );
}
