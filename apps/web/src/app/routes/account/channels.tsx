import type { Channel, ChannelWithSecret } from '@tokendesk/contract';
import { BellRing, Plus } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../../components/detail-page';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChannels } from '../../../features/channels/api/get-channels';
import { ChannelFormDialog, type ChannelFormTarget } from '../../../features/channels/components/channel-form-dialog';
import { ChannelList } from '../../../features/channels/components/channel-list';
import { SecretDialog } from '../../../features/channels/components/secret-dialog';

/**
 * Where alerts are delivered besides the bell (docs/decisions/0038): the user's channels with
 * their status, 'Send test', the delivery log, and the forms to add, edit, resume and delete one.
 */
export function ChannelsRoute() {
  useDocumentTitle('Notification Channels');
  const user = useCurrentUser();
  const channels = useChannels();
  const [target, setTarget] = useState<ChannelFormTarget | null>(null);
  const [secret, setSecret] = useState<ChannelWithSecret | null>(null);
  const list = channels.data;
  const add = () => setTarget({ mode: 'create' });
  const edit = (channel: Channel) => setTarget({ mode: 'edit', channel });

  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-4">
        <BackLink to={paths.settings}>Back to Settings</BackLink>
      </div>
      <PageHeader
        title="Notification Channels"
        description="Alerts always light the bell. Add e-mail, a webhook, Telegram or Discord to hear about them anywhere."
        actions={
          list && list.channels.length > 0 ? (
            <Button onClick={add}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Channel
            </Button>
          ) : undefined
        }
      />
      {list && !list.email_configured && (
        <p role="note" className="mb-4 text-sm text-slate-500">
          E-mail is not configured on this server.
        </p>
      )}
      <Card aria-labelledby="channels-title">
        <CardHeader
          titleId="channels-title"
          title="Your channels"
          description={`Choose them per alert, in the alert's form. After ${list?.pause_after ?? 10} failed messages in a row a channel is paused and you are told.`}
        />
        {channels.isPending ? (
          <LoadingState>Loading channels...</LoadingState>
        ) : channels.isError || !list ? (
          <ErrorState
            message={serverMessage(channels.error) ?? 'Unable to load your channels. Please try again later.'}
            onRetry={() => void channels.refetch()}
            retrying={channels.isFetching}
          />
        ) : list.channels.length === 0 ? (
          <EmptyState
            icon={BellRing}
            title="No channels yet"
            description="A channel takes your alerts out of TokenDesk: to your inbox, your own systems, a Telegram chat or a Discord channel."
            action={<Button onClick={add}>Add Your First Channel</Button>}
          />
        ) : (
          <ChannelList channels={list.channels} pauseAfter={list.pause_after} onEdit={edit} onSecret={setSecret} />
        )}
      </Card>
      <ChannelFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSecret={setSecret}
        email={{
          configured: list?.email_configured ?? false,
          verified: list?.email_verified ?? false,
          address: user.email,
          exists: list?.channels.some((c) => c.kind === 'email') ?? false,
        }}
      />
      <SecretDialog channel={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
