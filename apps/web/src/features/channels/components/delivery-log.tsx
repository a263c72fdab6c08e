import { deliveryStatusLabels, type Delivery, type DeliveryStatus } from '@tokendesk/contract';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatNotificationTime, UNKNOWN } from '../../../lib/format';
import { useDeliveries } from '../api/get-deliveries';

const statusTones: Record<DeliveryStatus, NonNullable<BadgeProps['tone']>> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
};

const categoryLabels: Record<Delivery['category'], string> = {
  alert: 'Alert',
  test: 'Test',
  channel: 'Channel',
  account: 'Account',
  staff: 'Staff',
  report: 'Report',
};

/** The delivery log of one channel (docs/decisions/0038): newest first, paged, refreshed every 30 s. */
export function DeliveryLog({ channelId, channelName }: { channelId: number; channelName: string }) {
  const log = useDeliveries(channelId);
  const rows = log.data?.pages.flatMap((p) => p.deliveries) ?? [];
  const captionId = `delivery-log-${channelId}`;

  if (log.isPending) {
    return (
      <p role="status" className="px-5 py-6 text-center text-sm text-slate-500">
        Loading the delivery log...
      </p>
    );
  }
  if (log.isError && rows.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 px-5 py-6 text-center text-sm text-red-700">
        <p>Failed to load the delivery log. Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="px-5 py-6 text-center text-sm">
        <p className="font-medium text-slate-900">No messages yet</p>
        <p className="mt-1 text-slate-500">Test messages and alerts sent through this channel will appear here.</p>
      </div>
    );
  }

  return (
    <div>
      {/* A phone gets one stacked entry per message: the six columns did not fit, and the status,
          what the user opens the log for, was the column cut off at the right edge. */}
      <ul
        className="divide-y divide-slate-100 border-t border-slate-100 sm:hidden"
        aria-label={`Delivery log of ${channelName}`}
      >
        {rows.map((d) => (
          <DeliveryEntry key={d.id} delivery={d} />
        ))}
      </ul>
      {/* Focusable so a keyboard can scroll the table sideways if a column still does not fit. */}
      <div
        className="hidden overflow-x-auto focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none sm:block"
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
      >
        <table className="w-full min-w-[40rem] text-left text-sm" aria-labelledby={captionId}>
          <caption id={captionId} className="sr-only">
            Delivery log of {channelName}
          </caption>
          <thead className="border-b border-slate-100 text-xs font-medium text-slate-500">
            <tr>
              <th scope="col" className="px-5 py-2 font-medium">
                Time
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Message
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Attempts
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Response
              </th>
              <th scope="col" className="px-5 py-2 font-medium">
                Next retry
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((d) => (
              <tr key={d.id} className="align-top">
                <td className="px-5 py-2.5 whitespace-nowrap text-slate-600">
                  <time dateTime={d.created_at} title={new Date(d.created_at).toLocaleString()}>
                    {formatNotificationTime(d.created_at)}
                  </time>
                </td>
                <td className="max-w-[18rem] px-3 py-2.5">
                  <span className="mr-1.5 text-xs font-medium text-slate-500">{categoryLabels[d.category]}</span>
                  <span className="break-words text-slate-900">{d.summary || UNKNOWN}</span>
                  {d.error && d.status !== 'delivered' && (
                    <p className="mt-0.5 text-xs break-words text-red-700">{d.error}</p>
                  )}
                </td>
                <td className="px-3 py-2.5">
                  <Badge tone={statusTones[d.status]}>{deliveryStatusLabels[d.status]}</Badge>
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{d.attempts}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{d.response_code ?? UNKNOWN}</td>
                <td className="px-5 py-2.5 whitespace-nowrap text-slate-600">
                  {d.next_attempt_at ? (
                    <time dateTime={d.next_attempt_at} title={new Date(d.next_attempt_at).toLocaleString()}>
                      {formatNotificationTime(d.next_attempt_at)}
                    </time>
                  ) : (
                    UNKNOWN
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMoreFooter
        shown={`${rows.length} ${rows.length === 1 ? 'message' : 'messages'} shown`}
        hasMore={log.hasNextPage}
        loadingMore={log.isFetchingNextPage}
        failed={log.isFetchNextPageError}
        onLoadMore={() => void log.fetchNextPage()}
        failedText="Failed to load more messages. Please try again."
      />
    </div>
  );
}

/** One message of the log as a phone shows it: when and what, its status, then the delivery's details. */
function DeliveryEntry({ delivery: d }: { delivery: Delivery }) {
  return (
    <li className="flex flex-col gap-1 px-5 py-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-slate-500">
          <time dateTime={d.created_at} title={new Date(d.created_at).toLocaleString()}>
            {formatNotificationTime(d.created_at)}
          </time>
          {' · '}
          <span className="font-medium">{categoryLabels[d.category]}</span>
        </span>
        <Badge tone={statusTones[d.status]}>{deliveryStatusLabels[d.status]}</Badge>
      </div>
      <p className="break-words text-slate-900">{d.summary || UNKNOWN}</p>
      {d.error && d.status !== 'delivered' && <p className="text-xs break-words text-red-700">{d.error}</p>}
      <p className="text-xs text-slate-500 tabular-nums">
        Attempts {d.attempts} · Response {d.response_code ?? UNKNOWN}
        {d.next_attempt_at && (
          <>
            {' · Next retry '}
            <time dateTime={d.next_attempt_at} title={new Date(d.next_attempt_at).toLocaleString()}>
              {formatNotificationTime(d.next_attempt_at)}
            </time>
          </>
        )}
      </p>
    </li>
  );
}
