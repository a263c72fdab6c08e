import {
  channelKindLabels,
  type Channel,
  type ChannelKind,
  type ChannelTestResult,
  type ChannelWithSecret,
} from '@tokendesk/contract';
import {
  ChevronDown,
  ChevronUp,
  KeyRound,
  Mail,
  MessageSquare,
  Pencil,
  Play,
  Send,
  Trash2,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { serverMessage } from '../../../lib/api-client';
import { formatNotificationTime } from '../../../lib/format';
import { useDeleteChannel } from '../api/delete-channel';
import { useRotateChannelSecret } from '../api/rotate-channel-secret';
import { useTestChannel } from '../api/test-channel';
import { useUpdateChannel } from '../api/update-channel';
import { DeliveryLog } from './delivery-log';

const kindIcons: Record<ChannelKind, LucideIcon> = {
  email: Mail,
  webhook: Webhook,
  telegram: Send,
  discord: MessageSquare,
};

export interface ChannelListProps {
  channels: Channel[];
  /** Failed messages in a row after which TokenDesk pauses a channel. */
  pauseAfter: number;
  onEdit: (channel: Channel) => void;
  onSecret: (channel: ChannelWithSecret) => void;
}

export function ChannelList({ channels, pauseAfter, onEdit, onSecret }: ChannelListProps) {
  return (
    <ul aria-label="Notification channels" className="divide-y divide-slate-100">
      {channels.map((channel) => (
        <ChannelRow key={channel.id} channel={channel} pauseAfter={pauseAfter} onEdit={onEdit} onSecret={onSecret} />
      ))}
    </ul>
  );
}

function alertsText(count: number): string {
  if (count === 0) return 'No alert delivers here yet';
  return count === 1 ? 'Used by 1 alert' : `Used by ${count} alerts`;
}

function ChannelRow({
  channel,
  pauseAfter,
  onEdit,
  onSecret,
}: { channel: Channel; pauseAfter: number } & Omit<ChannelListProps, 'channels' | 'pauseAfter'>) {
  const Icon = kindIcons[channel.kind];
  const [logOpen, setLogOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [result, setResult] = useState<ChannelTestResult | { error: string } | null>(null);
  const test = useTestChannel();
  const resume = useUpdateChannel();
  const rotate = useRotateChannelSecret();
  const deletion = useDeleteChannel({
    onGone: () => {
      toast.success(`${channel.name} deleted.`);
      setDeleting(false);
      // In the same render: an open log re-rendered after its query left the cache would ask the
      // server again, for a channel that is gone (404). The row itself leaves with the refreshed list.
      setLogOpen(false);
    },
  });
  const paused = channel.status === 'paused';
  const logId = `channel-${channel.id}-log`;
  const titleId = `channel-${channel.id}-name`;

  return (
    <li className="flex flex-col" aria-labelledby={titleId}>
      <div className="flex flex-col gap-3 px-5 py-4 sm:px-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <div className="mt-0.5 grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon className="h-4 w-4" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="font-medium break-words text-slate-900">
                {channel.name}
              </h3>
              <Badge tone={paused ? 'warning' : 'success'}>{paused ? 'Paused' : 'Active'}</Badge>
            </div>
            <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-600">
              <span className="font-medium text-slate-700">{channelKindLabels[channel.kind]}</span> ·{' '}
              {channel.destination}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              {alertsText(channel.alert_count)}
              {!paused &&
                channel.consecutive_failures > 0 &&
                ` · ${channel.consecutive_failures} of ${pauseAfter} failed messages in a row before it is paused`}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 lg:justify-end">
          <Button
            size="sm"
            variant="outline"
            disabled={test.isPending}
            loading={test.isPending}
            onClick={() => {
              setResult(null);
              test.mutate(channel.id, {
                onSuccess: setResult,
                onError: (error) =>
                  setResult({ error: serverMessage(error) ?? 'Failed to send the test message. Please try again.' }),
              });
            }}
          >
            {!test.isPending && <Send className="h-3.5 w-3.5" aria-hidden="true" />}
            {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={() => setLogOpen((o) => !o)}
          >
            {logOpen ? (
              <ChevronUp className="h-3.5 w-3.5" aria-hidden="true" />
            ) : (
              <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
            )}
            Delivery log
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onEdit(channel)} aria-label={`Edit ${channel.name}`}>
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
            Edit
          </Button>
          {channel.kind === 'webhook' && (
            <Button
              size="sm"
              variant="ghost"
              disabled={rotate.isPending}
              loading={rotate.isPending}
              aria-label={`Rotate the signing secret of ${channel.name}`}
              onClick={() =>
                rotate.mutate(channel.id, {
                  onSuccess: onSecret,
                  onError: (error) =>
                    toast.error(serverMessage(error) ?? 'Failed to rotate the secret. Please try again.'),
                })
              }
            >
              {!rotate.isPending && <KeyRound className="h-3.5 w-3.5" aria-hidden="true" />}
              Rotate secret
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => setDeleting(true)}
            aria-label={`Delete ${channel.name}`}
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>

      {paused && (
        <div
          role="note"
          className="mx-5 mb-4 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 sm:mx-6 sm:flex-row sm:items-start sm:justify-between"
        >
          <p className="min-w-0 break-words">
            <span className="font-medium">
              Paused{channel.paused_at ? ` ${formatNotificationTime(channel.paused_at)}` : ''}.
            </span>{' '}
            {channel.paused_reason ?? `${pauseAfter} messages in a row could not be delivered.`} Its messages wait until
            you resume it.
          </p>
          <Button
            size="sm"
            disabled={resume.isPending}
            loading={resume.isPending}
            onClick={() =>
              resume.mutate(
                { id: channel.id, body: { status: 'active' } },
                {
                  onSuccess: () => toast.success(`${channel.name} resumed.`),
                  onError: (error) =>
                    toast.error(serverMessage(error) ?? 'Failed to resume the channel. Please try again.'),
                },
              )
            }
          >
            {!resume.isPending && <Play className="h-3.5 w-3.5" aria-hidden="true" />}
            {resume.isPending ? 'Resuming...' : 'Resume'}
          </Button>
        </div>
      )}

      <div role="status" className="empty:hidden">
        {result && <TestResult result={result} />}
      </div>

      {logOpen && (
        <div id={logId} className="border-t border-slate-100 bg-slate-50/50">
          <h4 className="sr-only">Delivery log</h4>
          <DeliveryLog channelId={channel.id} channelName={channel.name} />
        </div>
      )}

      <ConfirmDeleteDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete channel?"
        confirmLabel="Delete channel"
        deletion={deletion}
        failureText="Failed to delete the channel. Please try again."
        onConfirm={() => deletion.mutate(channel.id)}
      >
        <p>
          <span className="font-semibold text-slate-900">{channel.name}</span> will be deleted with its delivery log,
          and messages still waiting for it will not be sent.{' '}
          {channel.alert_count > 0 &&
            `${channel.alert_count === 1 ? 'The alert that uses it keeps' : `The ${channel.alert_count} alerts that use it keep`} the bell and any other channels.`}
        </p>
      </ConfirmDeleteDialog>
    </li>
  );
}

function TestResult({ result }: { result: ChannelTestResult | { error: string } }) {
  const tone =
    'error' in result && !('status' in result)
      ? 'border-red-200 bg-red-50 text-red-800'
      : (result as ChannelTestResult).status === 'delivered'
        ? 'border-emerald-200 bg-emerald-50 text-emerald-800'
        : (result as ChannelTestResult).status === 'failed'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-sky-200 bg-sky-50 text-sky-800';
  const text = 'status' in result ? `Test message: ${result.detail}` : result.error;
  return <p className={`mx-5 mb-4 rounded-lg border px-3 py-2 text-sm break-words sm:mx-6 ${tone}`}>{text}</p>;
}
