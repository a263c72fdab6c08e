import {
  alertFieldOrder,
  createAlertBodySchema,
  LIQUIDITY_DROP_MAX_PCT,
  thresholdProblem,
  toFieldErrors,
  updateAlertBodySchema,
  type Alert,
  type AlertKind,
  type AlertType,
  type Pool,
} from '@tokendesk/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert as Banner } from '../../../components/ui/alert';
import { describedBy, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { keepDialogOpenForOpenList } from '../../../components/ui/searchable-select';
import { alertKindLabel } from '../../../lib/alert-kinds';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { useCreateAlert } from '../api/create-alert';
import { poolOptionsQueryOptions } from '../api/get-pool-options';
import { useUpdateAlert } from '../api/update-alert';
import { pairSymbol } from './alert-text';
import { ChannelCheckboxes } from './channel-checkboxes';
import { PoolSelect } from './pool-select';
import { paths } from '../../../lib/paths';

type KindField = 'threshold_pct' | 'window_minutes' | 'min_amount';
type FormField = 'pool_id' | KindField | 'cooldown_minutes' | 'channel_ids';

const DEFAULT_FIELDS: Record<AlertKind, KindField[]> = {
  price_move: ['threshold_pct', 'window_minutes'],
  liquidity_drop: ['threshold_pct', 'window_minutes'],
  large_swap: ['min_amount'],
};

/** The create modal of one kind, or the edit modal of one alert. */
export type AlertFormTarget = { mode: 'create'; kind: AlertKind } | { mode: 'edit'; alert: Alert };

export interface AlertFormDialogProps {
  target: AlertFormTarget | null;
  onClose: () => void;
  /** The edited alert's pool when the screen has it (labels and the paired token's symbol). */
  pool?: Pool;
  types: AlertType[] | undefined;
}

/** Product §2.10: Pool ('PROJECT/PAIR - DEX'), the kind's fields and the cooldown, validated as in §4. */
export function AlertFormDialog({ target, onClose, pool, types }: AlertFormDialogProps) {
  const formId = useId();
  const createAlert = useCreateAlert();
  const updateAlert = useUpdateAlert();
  const pending = createAlert.isPending || updateAlert.isPending;
  const kind = target ? (target.mode === 'create' ? target.kind : target.alert.kind) : null;
  const type = kind ? types?.find((t) => t.kind === kind) : undefined;
  const label = kind ? alertKindLabel(kind, types) : '';
  const editing = target?.mode === 'edit';

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      onDismiss={() => {
        createAlert.reset();
        updateAlert.reset();
      }}
      onEscapeKeyDown={keepDialogOpenForOpenList}
      title={editing ? `Edit ${label} Alert` : `New ${label} Alert`}
      description={type?.description}
      pending={pending}
      formId={formId}
      submitLabel={editing ? 'Save Changes' : 'Create Alert'}
      pendingLabel="Saving..."
    >
      {target && kind && (
        <AlertForm
          key={target.mode === 'edit' ? `edit-${target.alert.id}` : `create-${target.kind}`}
          formId={formId}
          target={target}
          kind={kind}
          fields={type?.fields ?? DEFAULT_FIELDS[kind]}
          pool={pool}
          createAlert={createAlert}
          updateAlert={updateAlert}
          onDone={onClose}
        />
      )}
    </FormDialog>
  );
}

interface AlertFormProps {
  formId: string;
  target: AlertFormTarget;
  kind: AlertKind;
  fields: readonly KindField[];
  pool: Pool | undefined;
  createAlert: ReturnType<typeof useCreateAlert>;
  updateAlert: ReturnType<typeof useUpdateAlert>;
  onDone: () => void;
}

interface FormError {
  field: FormField | null;
  message: string;
}

const FORM_FIELDS: readonly FormField[] = [
  'pool_id',
  'threshold_pct',
  'window_minutes',
  'min_amount',
  'cooldown_minutes',
  'channel_ids',
];
const asFormField = (field: string | null | undefined): FormField | null =>
  field && (FORM_FIELDS as readonly string[]).includes(field) ? (field as FormField) : null;

function fieldIds(formId: string): Record<FormField, string> {
  return {
    pool_id: `${formId}-pool`,
    threshold_pct: `${formId}-threshold`,
    window_minutes: `${formId}-window`,
    min_amount: `${formId}-min-amount`,
    cooldown_minutes: `${formId}-cooldown`,
    channel_ids: `${formId}-channels`,
  };
}

function initialValues(target: AlertFormTarget): Record<Exclude<FormField, 'channel_ids'>, string> {
  if (target.mode === 'edit') {
    const { alert } = target;
    return {
      pool_id: String(alert.pool_id),
      threshold_pct: alert.threshold_pct ?? '',
      window_minutes: alert.window_minutes === null ? '' : String(alert.window_minutes),
      min_amount: alert.min_amount ?? '',
      cooldown_minutes: String(alert.cooldown_minutes),
    };
  }
  return { pool_id: '', threshold_pct: '', window_minutes: '60', min_amount: '', cooldown_minutes: '60' };
}

function AlertForm({
  formId,
  target,
  kind,
  fields,
  pool: editedPool,
  createAlert,
  updateAlert,
  onDone,
}: AlertFormProps) {
  const [values, setValues] = useState(() => initialValues(target));
  // The alert's channels besides the bell (docs/decisions/0038).
  const [channelIds, setChannelIds] = useState<number[]>(() =>
    target.mode === 'edit' ? [...target.alert.channel_ids] : [],
  );
  const [chosenPool, setChosenPool] = useState<Pool | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const pending = createAlert.isPending || updateAlert.isPending;
  const ids = fieldIds(formId);

  // Each failed attempt puts the cursor on the field that needs fixing.
  useEffect(() => {
    if (error?.field) document.getElementById(fieldIds(formId)[error.field])?.focus();
  }, [error, attempt, formId]);

  const editing = target.mode === 'edit';
  // The newest pools without a search: the same request the select makes first, shared through the cache.
  const firstPools = useInfiniteQuery({ ...poolOptionsQueryOptions(''), enabled: !editing });
  const pool = editing ? editedPool : (chosenPool ?? undefined);
  const pair = pool?.token.symbol ?? (editing ? pairSymbol(target.alert) || undefined : undefined);
  const set = (field: Exclude<FormField, 'channel_ids'>, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (error && (error.field === field || error.field === null)) setError(null);
  };
  const fail = (next: FormError) => {
    setError(next);
    setAttempt((n) => n + 1);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const kindValues = Object.fromEntries(fields.map((field) => [field, values[field].trim()]));
    const onError = (failure: unknown) =>
      fail({
        field: asFormField(serverErrorField(failure)),
        message: serverMessage(failure) ?? 'Failed to save alert. Please try again.',
      });

    if (target.mode === 'edit') {
      const parsed = updateAlertBodySchema.safeParse({
        ...kindValues,
        cooldown_minutes: values.cooldown_minutes.trim(),
        channel_ids: channelIds,
      });
      if (!parsed.success) {
        const [first] = toFieldErrors(parsed.error.issues, alertFieldOrder);
        if (first) fail({ field: asFormField(first.field), message: first.message });
        return;
      }
      // The edit body has no kind: the kind's own range (a Liquidity Drop of at most 100 %) is checked here.
      const thresholdIssue =
        parsed.data.threshold_pct === undefined ? null : thresholdProblem(kind, parsed.data.threshold_pct);
      if (thresholdIssue) {
        fail({ field: 'threshold_pct', message: thresholdIssue });
        return;
      }
      setError(null);
      updateAlert.mutate(
        { id: target.alert.id, body: parsed.data },
        {
          onSuccess: () => {
            toast.success('Alert updated.');
            onDone();
          },
          onError,
        },
      );
      return;
    }

    const parsed = createAlertBodySchema.safeParse({
      kind,
      pool_id: values.pool_id,
      ...kindValues,
      cooldown_minutes: values.cooldown_minutes.trim(),
      channel_ids: channelIds,
    });
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, alertFieldOrder);
      if (first) fail({ field: asFormField(first.field), message: first.message });
      return;
    }
    setError(null);
    createAlert.mutate(parsed.data, {
      onSuccess: (alert) => {
        toast.success(`Alert created for ${alert.label}.`);
        onDone();
      },
      onError,
    });
  }

  const errorFor = (field: FormField) => (error?.field === field ? error.message : null);
  const invalid = (field: FormField) => (errorFor(field) ? true : undefined);
  const noPools = !editing && firstPools.data?.pages[0]?.pools.length === 0;

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && !error.field && <Banner tone="error">{error.message}</Banner>}
      {noPools && (
        <Banner tone="info">
          Alerts watch a liquidity pool. Add a pool to one of your{' '}
          <Link to={paths.projects} className="font-medium underline underline-offset-2">
            projects
          </Link>{' '}
          first.
        </Banner>
      )}

      <Field
        id={ids.pool_id}
        label="Pool"
        error={errorFor('pool_id')}
        hint={editing ? 'The pool of an alert cannot be changed.' : undefined}
      >
        <PoolSelect
          id={ids.pool_id}
          value={pool ?? null}
          editedLabel={editing ? target.alert.label : undefined}
          disabled={pending || editing}
          aria-invalid={invalid('pool_id')}
          aria-describedby={describedBy(ids.pool_id, { hint: editing, error: !!errorFor('pool_id') })}
          onChange={(next) => {
            setChosenPool(next);
            set('pool_id', String(next.id));
          }}
        />
      </Field>

      {(fields.includes('threshold_pct') || fields.includes('window_minutes')) && (
        <div className="grid gap-5 sm:grid-cols-2">
          {fields.includes('threshold_pct') && (
            <Field
              id={ids.threshold_pct}
              label={kind === 'liquidity_drop' ? 'Drop of at least (%)' : 'Price change of at least (%)'}
              hint={
                kind === 'liquidity_drop'
                  ? `Below the highest ${pair ?? 'paired-token'} reserve, 0.1 to ${LIQUIDITY_DROP_MAX_PCT}`
                  : 'Up or down, 0.1 to 1000'
              }
              error={errorFor('threshold_pct')}
            >
              <Input
                id={ids.threshold_pct}
                name="threshold_pct"
                inputMode="decimal"
                autoComplete="off"
                placeholder="10"
                value={values.threshold_pct}
                disabled={pending}
                aria-invalid={invalid('threshold_pct')}
                aria-describedby={describedBy(ids.threshold_pct, { hint: true, error: !!errorFor('threshold_pct') })}
                onChange={(e) => set('threshold_pct', e.target.value)}
              />
            </Field>
          )}
          {fields.includes('window_minutes') && (
            <Field
              id={ids.window_minutes}
              label="Within (minutes)"
              hint="1 to 10080 (7 days)"
              error={errorFor('window_minutes')}
            >
              <Input
                id={ids.window_minutes}
                name="window_minutes"
                inputMode="numeric"
                autoComplete="off"
                value={values.window_minutes}
                disabled={pending}
                aria-invalid={invalid('window_minutes')}
                aria-describedby={describedBy(ids.window_minutes, { hint: true, error: !!errorFor('window_minutes') })}
                onChange={(e) => set('window_minutes', e.target.value)}
              />
            </Field>
          )}
        </div>
      )}

      {fields.includes('min_amount') && (
        <Field
          id={ids.min_amount}
          label={pair ? `Minimum amount (${pair})` : 'Minimum amount'}
          hint={`One swap buying or selling at least this much ${pair ?? 'of the paired token'} fires the alert`}
          error={errorFor('min_amount')}
        >
          <Input
            id={ids.min_amount}
            name="min_amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="5"
            value={values.min_amount}
            disabled={pending}
            aria-invalid={invalid('min_amount')}
            aria-describedby={describedBy(ids.min_amount, { hint: true, error: !!errorFor('min_amount') })}
            onChange={(e) => set('min_amount', e.target.value)}
          />
        </Field>
      )}

      <Field
        id={ids.cooldown_minutes}
        label="Cooldown (minutes)"
        hint="After firing, the alert stays quiet for this many minutes"
        error={errorFor('cooldown_minutes')}
      >
        <Input
          id={ids.cooldown_minutes}
          name="cooldown_minutes"
          inputMode="numeric"
          autoComplete="off"
          value={values.cooldown_minutes}
          disabled={pending}
          aria-invalid={invalid('cooldown_minutes')}
          aria-describedby={describedBy(ids.cooldown_minutes, { hint: true, error: !!errorFor('cooldown_minutes') })}
          onChange={(e) => set('cooldown_minutes', e.target.value)}
          className="sm:max-w-[calc(50%-0.625rem)]"
        />
      </Field>

      <ChannelCheckboxes
        idPrefix={ids.channel_ids}
        value={channelIds}
        disabled={pending}
        error={errorFor('channel_ids')}
        onChange={(next) => {
          setChannelIds(next);
          if (error?.field === 'channel_ids') setError(null);
        }}
      />
    </form>
  );
}
