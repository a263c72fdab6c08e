import {
  createProjectBodySchema,
  createProjectFieldOrder,
  projectMessages,
  toFieldErrors,
  tokenInfoBodySchema,
  type Project,
  type TokenInfo,
} from '@tokendesk/contract';
import { Download } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError, serverErrorField, serverMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateProject } from '../api/create-project';
import { useNetworks } from '../../../lib/networks';
import { useGetTokenInfo } from '../api/get-token-info';
import { useLoadErrorText } from '../../../lib/live/connection-store';

type ProjectField = (typeof createProjectFieldOrder)[number];

interface FormValues {
  network: string;
  contract_address: string;
  name: string;
  token_symbol: string;
  token_decimal: string;
}

const emptyValues: FormValues = { network: '', contract_address: '', name: '', token_symbol: '', token_decimal: '' };

function isProjectField(field: string | null): field is ProjectField {
  return field !== null && (createProjectFieldOrder as readonly string[]).includes(field);
}

function fieldIds(formId: string): Record<ProjectField, string> {
  return {
    network: `${formId}-network`,
    contract_address: `${formId}-address`,
    name: `${formId}-name`,
    token_symbol: `${formId}-symbol`,
    token_decimal: `${formId}-decimals`,
  };
}

const tokenTextHint = 'Read from the contract by Fetch Token Info.';

/** Empty inputs go to zod as missing, so `z.coerce.number()` cannot read '' as 0. */
function blankToUndefined(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
}

export interface AddProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the project exists; the caller decides where to go (product §2.3). */
  onCreated?: (project: Project) => void;
}

/** Product §2.3: add a token project by network and contract address. */
export function AddProjectDialog({ open, onOpenChange, onCreated }: AddProjectDialogProps) {
  const formId = useId();
  const createProject = useCreateProject();
  // The token is already one of the user's projects: Add Project would only be refused (409).
  const [existing, setExisting] = useState<ExistingProject | null>(null);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setExisting(null);
        onOpenChange(next);
      }}
      submitDisabled={existing !== null}
      title="Add Project"
      description="Pick the network, paste the token's contract address and let TokenDesk read the rest from the chain."
      pending={createProject.isPending}
      formId={formId}
      submitLabel="Add Project"
      pendingLabel="Saving..."
    >
      <AddProjectForm
        formId={formId}
        createProject={createProject}
        existing={existing}
        onExisting={setExisting}
        onCreated={(project) => {
          onOpenChange(false);
          onCreated?.(project);
        }}
        onLeave={() => {
          setExisting(null);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

type ExistingProject = NonNullable<TokenInfo['existing_project']>;

/**
 * Said as soon as the token is read (issue 35), with the way to the project, instead of a refusal
 * once the form is sent. Only ever the user's own project: the server names no other (tenant isolation).
 */
export function ExistingProjectNotice({ project, onOpen }: { project: ExistingProject; onOpen?: () => void }) {
  return (
    <Alert tone="info">
      <p>{`${project.name} (${project.token_symbol}) is already one of your projects on this network.`}</p>
      <Link
        to={paths.project(project.id)}
        onClick={onOpen}
        className="mt-1 inline-block font-medium text-indigo-700 underline hover:text-indigo-800"
      >
        {`Open ${project.name}`}
      </Link>
    </Alert>
  );
}

interface AddProjectFormProps {
  formId: string;
  createProject: ReturnType<typeof useCreateProject>;
  existing: ExistingProject | null;
  onExisting: (project: ExistingProject | null) => void;
  onCreated: (project: Project) => void;
  /** The user follows the link to the project the token already is. */
  onLeave: () => void;
}

interface FormError {
  field: ProjectField | null;
  message: string;
}

function AddProjectForm({ formId, createProject, existing, onExisting, onCreated, onLeave }: AddProjectFormProps) {
  const networks = useNetworks();
  const loadErrorText = useLoadErrorText();
  const tokenInfo = useGetTokenInfo();
  const [values, setValues] = useState<FormValues>(emptyValues);
  const [error, setError] = useState<FormError | null>(null);
  const [fetchError, setFetchError] = useState<{ message: string; detail?: string } | null>(null);
  const [fetchedFrom, setFetchedFrom] = useState<string | null>(null);
  // What the server changed or filled in (an odd or missing name/symbol): shown beside the values.
  const [fetchNotes, setFetchNotes] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const ids = fieldIds(formId);

  useEffect(() => {
    if (error?.field) document.getElementById(fieldIds(formId)[error.field])?.focus();
  }, [error, attempt, formId]);

  const pending = createProject.isPending;
  const fetching = tokenInfo.isPending;
  const busy = pending || fetching;

  function update(field: ProjectField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (error?.field === field || error?.field === null) setError(null);
    if (field === 'network' || field === 'contract_address') {
      setFetchError(null);
      // Another token or network may well be new.
      onExisting(null);
    }
  }

  function showError(next: FormError) {
    setError(next);
    setAttempt((n) => n + 1);
  }

  function clearTokenInfo() {
    onExisting(null);
    setValues((current) => ({ ...current, name: '', token_symbol: '', token_decimal: '' }));
    setFetchedFrom(null);
    setFetchNotes([]);
  }

  /**
   * `source` is given when the fetch starts by itself (a pasted address, a network chosen after it):
   * the state has not caught up with that change yet, and an address that is not one yet stays quiet.
   */
  function fetchTokenInfo(source?: { network: string; contract_address: string }) {
    if (busy) return;
    const network = source?.network ?? values.network;
    const address = source?.contract_address ?? values.contract_address;
    if (source) {
      if (!tokenInfoBodySchema.safeParse({ network, contract_address: address }).success) return;
    }
    setFetchError(null);
    if (!network || !address.trim()) {
      setError(null);
      setFetchError({ message: projectMessages.fetchNeedsNetworkAndAddress });
      return;
    }
    const parsed = tokenInfoBodySchema.safeParse({ network, contract_address: address });
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, createProjectFieldOrder);
      if (first) showError({ field: isProjectField(first.field) ? first.field : null, message: first.message });
      return;
    }
    setError(null);
    tokenInfo.mutate(parsed.data, {
      onSuccess: (info) => {
        setValues((current) => ({
          ...current,
          contract_address: parsed.data.contract_address,
          name: info.name,
          token_symbol: info.symbol,
          token_decimal: String(info.decimals),
        }));
        setFetchedFrom(`${info.name} (${info.symbol}), ${info.decimals} decimals`);
        setFetchNotes(info.notes ?? []);
        onExisting(info.existing_project ?? null);
      },
      onError: (failure) => {
        clearTokenInfo();
        // An unreachable node is not the address's fault: say so in the server's words.
        if (failure instanceof ApiError && failure.status === 503 && failure.detail) {
          setFetchError({ message: failure.detail });
          return;
        }
        const detail =
          failure instanceof ApiError && failure.status === 400 ? (failure.detail ?? undefined) : undefined;
        setFetchError({ message: projectMessages.tokenInfoFailed, detail });
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFetchError(null);
    const parsed = createProjectBodySchema.safeParse({
      network: blankToUndefined(values.network),
      contract_address: values.contract_address,
      name: values.name,
      token_symbol: values.token_symbol,
      // Trimmed: the contract reads only plain decimal text (decision 0022), and ' 18' is 18 to a person.
      token_decimal: blankToUndefined(values.token_decimal)?.trim(),
    });
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, createProjectFieldOrder);
      if (first) showError({ field: isProjectField(first.field) ? first.field : null, message: first.message });
      return;
    }
    setError(null);
    createProject.mutate(parsed.data, {
      onSuccess: (project) => {
        toast.success(`${project.name} (${project.token_symbol}) was added.`);
        onCreated(project);
      },
      onError: (failure) => {
        const message = serverMessage(failure) ?? projectMessages.createFailed;
        const field = serverErrorField(failure);
        // A duplicate (409) is said once, at its field, where Fetch Token Info says it too (issue 35);
        // anything else, product §5: the server's explanation as a toast, the field it names marked as well.
        const duplicate = failure instanceof ApiError && failure.status === 409 && isProjectField(field);
        if (!duplicate) toast.error(message);
        if (isProjectField(field)) showError({ field, message });
      },
    });
  }

  const errorFor = (field: ProjectField) => (error?.field === field ? error.message : null);
  const controlProps = (field: ProjectField, hint = false) => ({
    id: ids[field],
    name: field,
    'aria-invalid': errorFor(field) ? true : undefined,
    'aria-describedby': describedBy(ids[field], { hint, error: !!errorFor(field) }),
  });
  const networkList = networks.data ?? [];

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && !error.field && <Alert tone="error">{error.message}</Alert>}

      <Field
        id={ids.network}
        label="Network"
        error={
          errorFor('network') ??
          (networks.isError ? loadErrorText(networks.error, 'Networks could not be loaded.') : null)
        }
      >
        <Select
          {...controlProps('network')}
          value={values.network}
          disabled={busy}
          onChange={(e) => {
            update('network', e.target.value);
            // An address entered before the network was chosen (or on another network) is read again.
            fetchTokenInfo({ network: e.target.value, contract_address: values.contract_address });
          }}
        >
          <option value="">{networks.isPending ? 'Loading networks...' : 'Select a network'}</option>
          {networkList.map((network) => (
            <option key={network.id} value={String(network.id)}>
              {network.name}
            </option>
          ))}
        </Select>
      </Field>
      {networks.isError && (
        <Button variant="link" className="-mt-3 self-start text-sm" onClick={() => void networks.refetch()}>
          Load networks again
        </Button>
      )}

      <div className="flex flex-col gap-2">
        <Field id={ids.contract_address} label="Contract Address" error={errorFor('contract_address')}>
          <Input
            {...controlProps('contract_address')}
            value={values.contract_address}
            disabled={busy}
            placeholder="0x…"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            onChange={(e) => {
              update('contract_address', e.target.value);
              // A pasted address is complete: read the token at once instead of waiting for the button.
              const native = e.nativeEvent as Partial<InputEvent>;
              if (native.inputType === 'insertFromPaste')
                fetchTokenInfo({ network: values.network, contract_address: e.target.value });
            }}
            onKeyDown={(e) => {
              // Enter here means 'read this address', not 'save a project that has no name yet'.
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                fetchTokenInfo();
              }
            }}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" onClick={() => fetchTokenInfo()} disabled={busy} loading={fetching}>
            {!fetching && <Download className="h-4 w-4" aria-hidden="true" />}
            {fetching ? 'Fetching...' : 'Fetch Token Info'}
          </Button>
          {fetchedFrom && !fetchError && (
            <p role="status" className="min-w-0 text-xs break-words text-emerald-700">
              Read from the contract: {fetchedFrom}
            </p>
          )}
        </div>
        {fetchedFrom && !fetchError && fetchNotes.length > 0 && (
          <Alert tone="info">
            <ul className="flex flex-col gap-1">
              {fetchNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </Alert>
        )}
        {fetchedFrom && !fetchError && existing && <ExistingProjectNotice project={existing} onOpen={onLeave} />}
        {fetchError && (
          <Alert tone="error">
            <p>{fetchError.message}</p>
            {fetchError.detail && fetchError.detail !== fetchError.message && (
              <p className="mt-1 text-red-700/90">{fetchError.detail}</p>
            )}
          </Alert>
        )}
      </div>

      {/* Read-only: the project takes the contract's name and symbol whatever is sent (decision 0057). */}
      <Field id={ids.name} label="Name" hint={tokenTextHint} error={errorFor('name')}>
        <Input {...controlProps('name', true)} value={values.name} readOnly disabled={busy} autoComplete="off" />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.token_symbol} label="Symbol" hint={tokenTextHint} error={errorFor('token_symbol')}>
          <Input
            {...controlProps('token_symbol', true)}
            value={values.token_symbol}
            readOnly
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field
          id={ids.token_decimal}
          label="Decimals"
          hint="A whole number from 0 to 36."
          error={errorFor('token_decimal')}
        >
          <Input
            {...controlProps('token_decimal', true)}
            value={values.token_decimal}
            disabled={busy}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => update('token_decimal', e.target.value)}
          />
        </Field>
      </div>
    </form>
  );
}
