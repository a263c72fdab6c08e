import { Droplets, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFunds } from '../api/get-funds';
import { FundsList } from '../components/funds-list';

/** SPEC §2.11: each pool with the liquidity it holds. TokenDesk holds no wallet: the funds sit in the pools. */
export function FundsRoute() {
  useDocumentTitle('Funds');
  const funds = useFunds();

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Funds"
        description="The liquidity in your pools, read from the chain"
        actions={
          funds.data && funds.data.length > 0 ? (
            <>
              <Button variant="outline" size="sm" onClick={() => void funds.refetch()} disabled={funds.isFetching} loading={funds.isFetching}>
                Refresh
              </Button>
              <Link to="/funds/new" className={buttonClasses('primary', 'sm')}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add Pool
              </Link>
            </>
          ) : undefined
        }
      />
      <Card aria-label="Your funds">
        {funds.isPending ? (
          <LoadingState>Loading your funds...</LoadingState>
        ) : funds.isError ? (
          <ErrorState
            message={serverMessage(funds.error) ?? 'Failed to load funds. Please try again.'}
            onRetry={() => void funds.refetch()}
            retrying={funds.isFetching}
          />
        ) : funds.data.length === 0 ? (
          <EmptyState
            icon={Droplets}
            title="No funds yet"
            description="A fund is the liquidity in one of your pools. Choose one of your projects and add its pool."
            action={
              <Link to="/funds/new" className={buttonClasses('primary')}>
                Add Your First Fund
              </Link>
            }
          />
        ) : (
          <FundsList pools={funds.data} />
        )}
      </Card>
    </div>
  );
}
