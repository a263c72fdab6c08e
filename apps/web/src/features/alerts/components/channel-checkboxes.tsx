import { channelKindLabels } from '@tokendesk/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/checkbox';
import { paths } from '../../../lib/paths';
import { useChannelOptions } from '../api/get-channel-options';

export interface ChannelCheckboxesProps {
  idPrefix: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  error?: string | null;
}

/**
 * Where an alert is delivered (docs/decisions/0038): the bell always (checked, not a choice), and
 * any of the user's channels. An e-mail channel cannot send while the server has no SMTP.
 */
export function ChannelCheckboxes({ idPrefix, value, onChange, disabled = false, error }: ChannelCheckboxesProps) {
  const options = useChannelOptions();
  const list = options.data;
  const errorId = `${idPrefix}-error`;
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((v) => v !== id));

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">Deliver to</legend>
      <div className="flex items-center gap-2 text-sm">
        <Checkbox id={`${idPrefix}-bell`} checked disabled aria-describedby={`${idPrefix}-bell-hint`} />
        <label htmlFor={`${idPrefix}-bell`} className="text-slate-700">
          In-app bell
        </label>
        <span id={`${idPrefix}-bell-hint`} className="text-xs text-slate-500">
          always
        </span>
      </div>
      {options.isPending ? (
        <p role="status" className="text-xs text-slate-500">
          Loading channels...
        </p>
      ) : options.isError || !list ? (
        <p role="alert" className="text-xs text-red-600">
          Your channels could not be loaded. The alert will still light the bell.
        </p>
      ) : (
        <>
          {list.channels.map((channel) => {
            const id = `${idPrefix}-${channel.id}`;
            const emailOff = channel.kind === 'email' && !list.email_configured;
            const checked = value.includes(channel.id);
            return (
              <div key={channel.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <Checkbox
                  id={id}
                  checked={checked}
                  // An e-mail channel that cannot send stays removable, never newly chosen.
                  disabled={disabled || (emailOff && !checked)}
                  onCheckedChange={(state) => toggle(channel.id, state === true)}
                  aria-describedby={emailOff ? `${id}-hint` : undefined}
                />
                <label htmlFor={id} className="min-w-0 break-words text-slate-700">
                  {channel.name} <span className="text-slate-500">({channelKindLabels[channel.kind]})</span>
                </label>
                {channel.status === 'paused' && <Badge tone="warning">Paused</Badge>}
                {emailOff && (
                  <span id={`${id}-hint`} className="text-xs text-slate-500">
                    E-mail is not configured on this server.
                  </span>
                )}
              </div>
            );
          })}
          <p className="text-xs text-slate-500">
            {list.channels.length === 0 ? 'No e-mail, webhook, Telegram or Discord channel yet. ' : ''}
            <Link to={paths.channels} className="font-medium text-indigo-600 underline-offset-2 hover:underline">
              {list.channels.length === 0 ? 'Add a channel' : 'Manage channels'}
            </Link>
          </p>
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
