import {
  channelFieldOrder,
  channelKindLabels,
  channelMessages,
  createChannelBodySchema,
  toFieldErrors,
  updateChannelBodySchema,
  type Channel,
  type ChannelKind,
  type ChannelWithSecret,
} from '@tokendesk/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert as Banner } from '../../../components/ui/alert';
import { describedBy, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { useCreateChannel } from '../api/create-channel';
import { useUpdateChannel } from '../api/update-channel';

type FormField = 'kind' | 'name' | 'url' | 'webhook_url' | 'bot_token' | 'chat_id';
type ConfigField = Exclude<FormField, 'kind' | 'name'>;

const KIND_FIELDS: Record<ChannelKind, readonly ConfigField[]> = {
  email: [],
  webhook: ['url'],
  telegram: ['bot_token', 'chat_id'],
  discord: ['webhook_url'],
};

const DEFAULT_NAMES: Record<ChannelKind, string> = { email: 'E-mail', webhook: '', telegram: '', discord: '' };

/** The form's field for a server error's field ('config.url' → 'url'); null for the form as a whole. */
function formFieldOf(field: string | null | undefined): FormField | null {
  if (!field) return null;
  const name = field.startsWith('config.') ? field.slice('config.'.length) : field;
  return (['kind', 'name', 'url', 'webhook_url', 'bot_token', 'chat_id'] as const).find((f) => f === name) ?? null;
}

export type ChannelFormTarget = { mode: 'create' } | { mode: 'edit'; channel: Channel };

export interface ChannelFormDialogProps {
  target: ChannelFormTarget | null;
  onClose: () => void;
  /** A webhook was created: its signing secret, to show once. */
  onSecret: (channel: ChannelWithSecret) => void;
  /** Whether the server can send e-mail, whether the account address is verified, and the address. */
  email: { configured: boolean; verified: boolean; address: string; exists: boolean };
}

/** Add a channel of any kind, or rename one and replace its destination (docs/decisions/0038). */
export function ChannelFormDialog({ target, onClose, onSecret, email }: ChannelFormDialogProps) {
  const formId = useId();
  const createChannel = useCreateChannel();
  const updateChannel = useUpdateChannel();
  const pending = createChannel.isPending || updateChannel.isPending;
  const [emailBlocked, setEmailBlocked] = useState(false);
  const editing = target?.mode === 'edit';
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      onDismiss={() => {
        createChannel.reset();
        updateChannel.reset();
      }}
      title={editing ? `Edit ${target.channel.name}` : 'Add Notification Channel'}
      description={
        editing
          ? 'Leave a destination field empty to keep the current one.'
          : 'Alerts that choose this channel are delivered here as well as to the bell.'
      }
      pending={pending}
      formId={formId}
      submitLabel={editing ? 'Save Changes' : 'Add Channel'}
      pendingLabel="Saving..."
      submitDisabled={!editing && emailBlocked}
    >
      {target && (
        <ChannelForm
          key={target.mode === 'edit' ? `edit-${target.channel.id}` : 'create'}
          formId={formId}
          target={target}
          email={email}
          createChannel={createChannel}
          updateChannel={updateChannel}
          onEmailBlocked={setEmailBlocked}
          onDone={(created) => {
            onClose();
            if (created?.secret) onSecret(created);
          }}
        />
      )}
    </FormDialog>
  );
}

interface ChannelFormProps {
  formId: string;
  target: ChannelFormTarget;
  email: ChannelFormDialogProps['email'];
  createChannel: ReturnType<typeof useCreateChannel>;
  updateChannel: ReturnType<typeof useUpdateChannel>;
  onEmailBlocked: (blocked: boolean) => void;
  onDone: (created?: ChannelWithSecret) => void;
}

function ChannelForm({
  formId,
  target,
  email,
  createChannel,
  updateChannel,
  onEmailBlocked,
  onDone,
}: ChannelFormProps) {
  const editing = target.mode === 'edit';
  const firstKind: ChannelKind = editing ? target.channel.kind : 'webhook';
  const [kind, setKind] = useState<ChannelKind>(firstKind);
  const [values, setValues] = useState<Record<FormField, string>>({
    kind: firstKind,
    name: editing ? target.channel.name : DEFAULT_NAMES[firstKind],
    url: '',
    webhook_url: '',
    bot_token: '',
    chat_id: '',
  });
  const [error, setError] = useState<{ field: FormField | null; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const pending = createChannel.isPending || updateChannel.isPending;
  const ids: Record<FormField, string> = {
    kind: `${formId}-kind`,
    name: `${formId}-name`,
    url: `${formId}-url`,
    webhook_url: `${formId}-webhook-url`,
    bot_token: `${formId}-bot-token`,
    chat_id: `${formId}-chat-id`,
  };

  // Why an e-mail channel cannot be added right now, in the words the server would use.
  const emailProblem =
    kind !== 'email' || editing
      ? null
      : !email.configured
        ? channelMessages.emailNotConfigured
        : email.exists
          ? channelMessages.emailChannelExists
          : !email.verified
            ? channelMessages.emailUnverified
            : null;
  useEffect(() => onEmailBlocked(emailProblem !== null), [emailProblem, onEmailBlocked]);

  useEffect(() => {
    if (error?.field) document.getElementById(ids[error.field])?.focus();
    // ids are derived from formId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, attempt, formId]);

  const set = (field: FormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (error && (error.field === field || error.field === null)) setError(null);
  };
  const fail = (field: FormField | null, message: string) => {
    setError({ field, message });
    setAttempt((n) => n + 1);
  };
  const onServerError = (failure: unknown) =>
    fail(
      formFieldOf(serverErrorField(failure)),
      serverMessage(failure) ?? 'Failed to save the channel. Please try again.',
    );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || emailProblem) return;
    const fields = KIND_FIELDS[kind];
    if (target.mode === 'edit') {
      const config = Object.fromEntries(
        fields.filter((f) => values[f].trim() !== '').map((f) => [f, values[f].trim()]),
      );
      const parsed = updateChannelBodySchema.safeParse({
        name: values.name,
        ...(Object.keys(config).length > 0 ? { config } : {}),
      });
      if (!parsed.success) {
        const [first] = toFieldErrors(parsed.error.issues, channelFieldOrder);
        if (first) fail(formFieldOf(first.field), first.message);
        return;
      }
      setError(null);
      updateChannel.mutate(
        { id: target.channel.id, body: parsed.data },
        {
          onSuccess: (channel) => {
            toast.success(`${channel.name} saved.`);
            onDone();
          },
          onError: onServerError,
        },
      );
      return;
    }
    const config = Object.fromEntries(fields.map((f) => [f, values[f].trim()]));
    const parsed = createChannelBodySchema.safeParse(
      kind === 'email' ? { kind, name: values.name.trim() || undefined } : { kind, name: values.name, config },
    );
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, channelFieldOrder);
      if (first) fail(formFieldOf(first.field), first.message);
      return;
    }
    setError(null);
    createChannel.mutate(parsed.data, {
      onSuccess: (channel) => {
        toast.success(`${channel.name} added.`);
        onDone(channel);
      },
      onError: onServerError,
    });
  }

  const errorFor = (field: FormField) => (error?.field === field ? error.message : null);
  const input = (
    field: ConfigField | 'name',
    props: { label: string; hint: string; placeholder?: string; type?: string; autoComplete?: string },
  ) => (
    <Field id={ids[field]} label={props.label} hint={props.hint} error={errorFor(field)}>
      <Input
        id={ids[field]}
        name={field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        autoCapitalize="none"
        spellCheck={false}
        placeholder={props.placeholder}
        value={values[field]}
        disabled={pending}
        aria-invalid={errorFor(field) ? true : undefined}
        aria-describedby={describedBy(ids[field], { hint: true, error: !!errorFor(field) })}
        onChange={(e) => set(field, e.target.value)}
      />
    </Field>
  );
  const keep = editing ? ' Leave empty to keep the current one.' : '';

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && !error.field && <Banner tone="error">{error.message}</Banner>}
      <Field
        id={ids.kind}
        label="Kind"
        error={errorFor('kind')}
        hint={editing ? 'The kind of a channel cannot be changed.' : undefined}
      >
        <Select
          id={ids.kind}
          name="kind"
          value={kind}
          disabled={pending || editing}
          aria-invalid={errorFor('kind') ? true : undefined}
          aria-describedby={describedBy(ids.kind, { hint: editing, error: !!errorFor('kind') })}
          onChange={(e) => {
            const next = e.target.value as ChannelKind;
            setKind(next);
            set('kind', next);
            // A name the user has not typed follows the kind.
            if (values.name === '' || values.name === DEFAULT_NAMES[kind]) set('name', DEFAULT_NAMES[next]);
          }}
        >
          {(['webhook', 'telegram', 'discord', 'email'] as const).map((k) => (
            <option key={k} value={k}>
              {channelKindLabels[k]}
            </option>
          ))}
        </Select>
      </Field>

      {emailProblem && <Banner tone="info">{emailProblem}</Banner>}
      {kind === 'email' && !emailProblem && !editing && (
        <Banner tone="info">Alert e-mails go to your account address, {email.address}.</Banner>
      )}

      {input('name', {
        label: 'Name',
        hint: 'How you will recognise it in your alerts, e.g. "Ops team".',
        placeholder: kind === 'email' ? 'E-mail' : 'Ops team',
      })}

      {kind === 'webhook' &&
        input('url', {
          label: 'Webhook URL',
          hint: `TokenDesk POSTs a signed JSON message here (Standard Webhooks). It must be a public address.${keep}`,
          placeholder: 'https://example.com/hooks/tokendesk',
          type: 'url',
        })}
      {kind === 'discord' &&
        input('webhook_url', {
          label: 'Discord webhook URL',
          hint: `In Discord: channel settings → Integrations → Webhooks → Copy Webhook URL.${keep}`,
          placeholder: 'https://discord.com/api/webhooks/…',
          type: 'url',
        })}
      {kind === 'telegram' && (
        <>
          {input('bot_token', {
            label: 'Bot token',
            hint: `The token BotFather gave your bot, e.g. 123456789:AA…. Add the bot to the chat first.${keep}`,
            placeholder: '123456789:AA…',
          })}
          {input('chat_id', {
            label: 'Chat id',
            hint: `A chat's number (groups and channels start with -100) or a public channel such as @mychannel.${keep}`,
            placeholder: '-1001234567890',
          })}
        </>
      )}
    </form>
  );
}
