import {
  ADDRESS_RE,
  createPoolBodySchema,
  createPoolFieldOrder,
  POOL_ID_RE,
  projectMessages,
  shortenAddress,
  toFieldErrors,
  type DexOption,
  type Pool,
  type PoolAddress,
  type Project,
} from '@tokendesk/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError, serverErrorField, serverMessage } from '../../../lib/api-client';
import { pairLabel } from '../../../lib/format';
import { foundPoolDescription, isPoolIdVersion } from '../../../lib/pool-family';
import { useCreatePool } from '../api/create-pool';
import { useDexOptions } from '../api/get-dex-options';
import { usePoolAddress } from '../api/get-pool-address';
import { useTokenOptions } from '../api/get-token-options';

type PoolField = 'dex' | 'token' | 'pool_address';

function fieldIds(formId: string): Record<PoolField, string> {
  return { dex: `${formId}-dex`, token: `${formId}-token`, pool_address: `${formId}-address` };
}

export interface AddPoolDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the pool is saved (the dialog has closed). */
  onCreated?: (pool: Pool) => void;
}

/**
 * Whether 'Add Pool' can send: a DEX and a token chosen, no lookup running, and an address (or V4
 * pool id) of the right shape in the field, found or typed. After 'No pool found for this pair' the
 * field is empty, so the button waits for an address instead of answering 'Pool address is
 * required' (issue 35 item 5); the server still checks on chain whatever is sent.
 */
export function addPoolReady(state: { dexId: string; tokenId: string; lookingUp: boolean; address: string }): boolean {
  if (state.dexId === '' || state.tokenId === '' || state.lookingUp) return false;
  const address = state.address.trim();
  return ADDRESS_RE.test(address) || POOL_ID_RE.test(address);
}

/**
 * A DEX option names the contract TokenDesk reads for it (its factory, or V4's PoolManager), shortened
 * so the list stays readable ('Aerodrome · 0x4200…0006'); the full address is its title and, once
 * chosen, the hint under the select, so a user can check it against the DEX's own documentation.
 */
export const dexOptionLabel = (option: Pick<DexOption, 'name' | 'factory'>): string =>
  `${option.name} · ${shortenAddress(option.factory)}`;
export const dexOptionTitle = (option: Pick<DexOption, 'version' | 'factory'>): string =>
  `${isPoolIdVersion(option.version) ? 'PoolManager' : 'Factory'} ${option.factory}`;

/** Under the DEX select: the full factory (or PoolManager) address of the chosen DEX. */
export function DexFactoryHint({ dex }: { dex: Pick<DexOption, 'version' | 'factory'> }) {
  return (
    <>
      Reads the {isPoolIdVersion(dex.version) ? 'PoolManager' : 'factory'}{' '}
      <span className="font-mono break-all">{dex.factory}</span>
    </>
  );
}

/**
 * The address field's hint: what the lookup found, in its family's terms ('Uniswap V3-style pool, fee
 * tier 0.3%', 'Solidly stable pool, fee tier 0.05%', 'Liquidity Book pair, bin step 25 (0.25%)…').
 */
export function foundPoolHint(found: Pick<PoolAddress, 'pool_version' | 'fee' | 'shape'> | undefined): string {
  const description = found ? foundPoolDescription(found, shortenAddress) : null;
  return description ? `${projectMessages.poolAutoFillHint} (${description})` : projectMessages.poolAutoFillHint;
}

/** Product §2.8: pick a DEX and a paired token; the pool address comes from the DEX factory on chain. */
export function AddPoolDialog({ project, open, onOpenChange, onCreated }: AddPoolDialogProps) {
  const formId = useId();
  const createPool = useCreatePool();
  const [ready, setReady] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onDismiss={createPool.reset}
      title="Add Pool"
      description={`Attach a liquidity pool of ${project.token_symbol}. TokenDesk checks on chain that it really is that DEX's pool of the two tokens.`}
      pending={createPool.isPending}
      submitDisabled={!ready}
      formId={formId}
      submitLabel="Add Pool"
      pendingLabel="Saving..."
    >
      <AddPoolForm
        formId={formId}
        project={project}
        createPool={createPool}
        onReadyChange={setReady}
        onCreated={(pool) => {
          onOpenChange(false);
          onCreated?.(pool);
        }}
      />
    </FormDialog>
  );
}

interface AddPoolFormProps {
  formId: string;
  project: Project;
  createPool: ReturnType<typeof useCreatePool>;
  /** Whether the form holds something to send (addPoolReady): the dialog's action waits until then. */
  onReadyChange: (ready: boolean) => void;
  onCreated: (pool: Pool) => void;
}

interface FormError {
  field: PoolField | null;
  message: string;
}

function AddPoolForm({ formId, project, createPool, onReadyChange, onCreated }: AddPoolFormProps) {
  const dexOptions = useDexOptions(project.network);
  const tokenOptions = useTokenOptions(project.network);
  const [dexId, setDexId] = useState('');
  const [tokenId, setTokenId] = useState('');
  // null: show what the chain lookup found; a string: the user typed an address of their own.
  const [typedAddress, setTypedAddress] = useState<string | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const lookup = usePoolAddress({ project_id: project.id, dex_id: dexId, token_id: tokenId });

  const ids = fieldIds(formId);
  useEffect(() => {
    if (error?.field) document.getElementById(fieldIds(formId)[error.field])?.focus();
  }, [error, attempt, formId]);

  const dex = dexOptions.data?.find((option) => option.id === dexId);
  const token = tokenOptions.data?.find((option) => option.id === tokenId);
  // The project's own token cannot be its pair.
  const pairTokens = (tokenOptions.data ?? []).filter(
    (option) => option.address.toLowerCase() !== project.contract_address.toLowerCase(),
  );
  const bothChosen = dexId !== '' && tokenId !== '';
  const notFound = bothChosen && lookup.error instanceof ApiError && lookup.error.status === 404;
  const lookupFailed = bothChosen && lookup.isError && !notFound;
  const lookingUp = bothChosen && lookup.isFetching && typedAddress === null;
  const foundAddress = bothChosen && !lookup.isError ? (lookup.data?.pool_address ?? '') : '';
  const address = typedAddress ?? foundAddress;
  const found = typedAddress === null && foundAddress ? lookup.data : undefined;
  const pending = createPool.isPending;
  const ready = addPoolReady({ dexId, tokenId, lookingUp, address });
  useEffect(() => onReadyChange(ready), [ready, onReadyChange]);
  // The dialog keeps its state between openings; a closed form leaves nothing ready behind.
  useEffect(() => () => onReadyChange(false), [onReadyChange]);

  function choose(field: 'dex' | 'token', value: string) {
    if (field === 'dex') setDexId(value);
    else setTokenId(value);
    // A new pair means a new lookup: whatever was in the address field belonged to the old one.
    setTypedAddress(null);
    setError(null);
    createPool.reset();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || lookingUp) return;
    const parsed = createPoolBodySchema.safeParse({
      dex: dexId,
      token: tokenId,
      pool_address: address,
      ...(dex ? { pool_version: dex.version } : {}),
    });
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, createPoolFieldOrder);
      if (first) {
        const field =
          first.field === 'dex' || first.field === 'token' || first.field === 'pool_address' ? first.field : null;
        setError({ field, message: first.message });
        setAttempt((n) => n + 1);
      }
      return;
    }
    setError(null);
    createPool.mutate(
      { projectId: project.id, body: parsed.data },
      {
        onSuccess: (pool) => {
          toast.success(`${pairLabel(pool.project.token_symbol, pool.token.symbol)} on ${pool.dex.name} was added.`);
          onCreated(pool);
        },
        onError: (failure) => {
          const field = serverErrorField(failure);
          const message = serverMessage(failure) ?? 'Failed to add pool. Please try again.';
          setError({ field: field === 'dex' || field === 'token' || field === 'pool_address' ? field : null, message });
          setAttempt((n) => n + 1);
        },
      },
    );
  }

  const errorFor = (field: PoolField) => (error?.field === field ? error.message : null);
  const optionsFailed = dexOptions.isError || tokenOptions.isError;

  const addressHint = lookingUp ? 'Looking up the pool on chain...' : foundPoolHint(found);
  const addressMessage = errorFor('pool_address')
    ? null
    : notFound
      ? ((lookup.error as ApiError).detail ?? projectMessages.noPool(dex?.name ?? 'this DEX'))
      : lookupFailed
        ? (serverMessage(lookup.error) ?? 'The pool could not be looked up. Please try again.')
        : null;

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && !error.field && <Alert tone="error">{error.message}</Alert>}
      {optionsFailed && (
        <Alert tone="error">
          The DEX and token options could not be loaded.{' '}
          <Button
            variant="link"
            className="text-sm"
            onClick={() => {
              void dexOptions.refetch();
              void tokenOptions.refetch();
            }}
          >
            Try again
          </Button>
        </Alert>
      )}

      <Field id={ids.dex} label="DEX" hint={dex ? <DexFactoryHint dex={dex} /> : undefined} error={errorFor('dex')}>
        <Select
          id={ids.dex}
          name="dex"
          value={dexId}
          disabled={pending}
          aria-invalid={errorFor('dex') ? true : undefined}
          aria-describedby={describedBy(ids.dex, { hint: !!dex, error: !!errorFor('dex') })}
          onChange={(e) => choose('dex', e.target.value)}
        >
          <option value="">{dexOptions.isPending ? 'Loading DEXes...' : 'Select a DEX'}</option>
          {dexOptions.data?.map((option) => (
            <option key={option.id} value={option.id} title={dexOptionTitle(option)}>
              {dexOptionLabel(option)}
            </option>
          ))}
        </Select>
      </Field>

      <Field id={ids.token} label="Token" hint={`Paired with ${project.token_symbol}.`} error={errorFor('token')}>
        <Select
          id={ids.token}
          name="token"
          value={tokenId}
          disabled={pending || tokenOptions.isPending}
          aria-invalid={errorFor('token') ? true : undefined}
          aria-describedby={describedBy(ids.token, { hint: true, error: !!errorFor('token') })}
          onChange={(e) => choose('token', e.target.value)}
        >
          <option value="">{tokenOptions.isPending ? 'Loading tokens...' : 'Select a token'}</option>
          {pairTokens.map((option) => (
            <option key={option.id} value={option.id}>
              {option.symbol} · {option.name}
            </option>
          ))}
        </Select>
      </Field>

      <div className="flex flex-col gap-1.5">
        <Field
          id={ids.pool_address}
          label={dex && isPoolIdVersion(dex.version) ? 'Pool ID' : 'Pool Address'}
          hint={addressHint}
          error={errorFor('pool_address')}
        >
          <Input
            id={ids.pool_address}
            name="pool_address"
            value={address}
            readOnly={lookingUp}
            disabled={pending}
            placeholder={lookingUp ? 'Looking up...' : '0x…'}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono text-xs sm:text-sm"
            aria-invalid={errorFor('pool_address') || addressMessage ? true : undefined}
            aria-describedby={[
              describedBy(ids.pool_address, { hint: true, error: !!errorFor('pool_address') }),
              addressMessage ? `${ids.pool_address}-lookup` : null,
            ]
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => {
              setTypedAddress(e.target.value);
              if (error?.field === 'pool_address' || error?.field === null) setError(null);
            }}
          />
        </Field>
        {addressMessage && (
          <p id={`${ids.pool_address}-lookup`} role="alert" className="text-xs font-medium text-red-600">
            {addressMessage}
            {lookupFailed && (
              <>
                {' '}
                <Button variant="link" className="text-xs" onClick={() => void lookup.refetch()}>
                  Try again
                </Button>
              </>
            )}
          </p>
        )}
        {token && dex && !addressMessage && !lookingUp && address && (
          <p className="text-xs text-slate-500">
            {pairLabel(project.token_symbol, token.symbol)} on {dex.name}
          </p>
        )}
      </div>
    </form>
  );
}
