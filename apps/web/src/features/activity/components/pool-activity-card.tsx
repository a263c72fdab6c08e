import type { Pool } from '@tokendesk/contract';
import { ArrowRight, History } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { POOL_ACTIVITY_LIMIT, usePoolActivity } from '../api/get-activity';
import { ActivityRow } from './activity-row';
import { BookedAmountsNote } from './booked-amounts-note';
import { paths } from '../../../lib/paths';
import { useLoadErrorText } from '../../../lib/live/connection-store';

/** Product §2.11: the pool's last 20 swaps and liquidity changes on the fund detail. */
export function PoolActivityCard({ pool }: { pool: Pool }) {
  const activity = usePoolActivity(pool.id);
  const loadErrorText = useLoadErrorText();
  const now = useNow(15_000);
  const events = activity.data?.events;

  return (
    <Card aria-labelledby="pool-activity-title">
      <CardHeader
        titleId="pool-activity-title"
        icon={<History className="h-5 w-5" aria-hidden="true" />}
        title="Recent Activity"
        description={`The last ${POOL_ACTIVITY_LIMIT} swaps and liquidity changes of this pool`}
        actions={
          events && events.length > 0 ? (
            <Link
              to={paths.poolActivities(pool.project.id, pool.id)}
              className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-600 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              View all
              <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
            </Link>
          ) : undefined
        }
      />
      {activity.isPending ? (
        <LoadingState>Loading activity...</LoadingState>
      ) : activity.isError && !activity.data ? (
        <ErrorState
          message={loadErrorText(
            activity.error,
            serverMessage(activity.error) ?? 'Failed to load activity. Please try again.',
          )}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : activity.data.events.length === 0 ? (
        <EmptyState
          icon={History}
          title="No activity yet"
          description="Swaps and liquidity changes in this pool will appear here"
        />
      ) : (
        <>
          <ul className="@container divide-y divide-slate-100" aria-label="Pool activity">
            {activity.data.events.map((event) => (
              <ActivityRow key={event.id} event={event} pool={pool} now={now} showPool={false} />
            ))}
          </ul>
          <BookedAmountsNote className="border-t border-slate-100 px-5 py-3 sm:px-6" />
        </>
      )}
    </Card>
  );
}
