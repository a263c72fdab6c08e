import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useChannels } from '../api/get-channels';

/** On Settings: where the user's alerts go besides the bell, and the way to the channels screen. */
export function ChannelsSettingsCard() {
  const channels = useChannels();
  const list = channels.data?.channels;
  const paused = list?.filter((c) => c.status === 'paused').length ?? 0;
  const summary = !list
    ? channels.isError
      ? 'Your channels could not be loaded.'
      : 'Loading channels...'
    : list.length === 0
      ? 'No channels yet: alerts only light the bell.'
      : `${list.length} ${list.length === 1 ? 'channel' : 'channels'}${paused > 0 ? `, ${paused} paused` : ''}.`;
  return (
    <Card aria-labelledby="channels-settings-title">
      <CardHeader
        titleId="channels-settings-title"
        icon={<BellRing className="h-5 w-5" aria-hidden="true" />}
        title="Notification Channels"
        description="E-mail, webhooks, Telegram and Discord for your alerts."
      />
      <CardBody className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" role="status">
          {summary}
        </p>
        <Link to={paths.channels} className={buttonClasses('outline')}>
          Manage Channels
        </Link>
      </CardBody>
    </Card>
  );
}
