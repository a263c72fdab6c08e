import {
  staffAccountMessages,
  staffUserLookupBodySchema,
  type IssuedResetLink,
  type StaffUser,
} from '@tokendesk/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api-client';
import { useIssueResetLink } from '../api/issue-reset-link';
import { useLookupUser } from '../api/lookup-user';
import { IssuedLinkPanel } from './issued-link-panel';

export const resetLinkDialogTexts = {
  title: 'Password Reset Link',
  description: 'For a user who cannot sign in: a one-time link to choose a new password, valid for 30 minutes.',
  loginLabel: 'Username or e-mail address',
  loginHint: 'Of the account whose password is to be reset.',
  find: 'Find User',
  finding: 'Finding...',
  warning:
    'Anyone who has the link can set this account’s password. Give it only to the account’s owner, once you are sure it is them.',
  issue: 'Issue Link',
  issuing: 'Issuing...',
  back: 'Back',
  cancel: 'Cancel',
  done: 'Done',
  failed: 'The request failed. Please try again.',
} as const;

/** Where the dialog is: finding the account, confirming it, or showing the link just issued. */
export type ResetLinkStep =
  | { step: 'find' }
  | { step: 'confirm'; user: StaffUser }
  | { step: 'issued'; link: IssuedResetLink };

export interface ResetLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Staff issue a one-time password-reset link (decision 0058): find the account by username or
 * e-mail address, confirm it, and the link shows once with a copy button. Everything, the link
 * included, lives in the dialog's body, which is mounted only while the dialog is open: closing
 * discards the link, and nothing (the server included) can show it again.
 */
export function ResetLinkDialog({ open, onOpenChange }: ResetLinkDialogProps) {
  // A request in flight keeps the dialog open: closing would hide its outcome (a link issued).
  const busy = useRef(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy.current) return;
        onOpenChange(next);
      }}
    >
      {open && <ResetLinkBody busy={busy} />}
    </Dialog>
  );
}

function ResetLinkBody({ busy }: { busy: RefObject<boolean> }) {
  const [step, setStep] = useState<ResetLinkStep>({ step: 'find' });
  const lookup = useLookupUser();
  const issue = useIssueResetLink();
  const formId = useId();
  const t = resetLinkDialogTexts;
  const pending = lookup.isPending || issue.isPending;
  useEffect(() => {
    busy.current = pending;
  }, [busy, pending]);

  const footer =
    step.step === 'find' ? (
      <>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            {t.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" form={formId} disabled={pending} loading={lookup.isPending}>
          {lookup.isPending ? t.finding : t.find}
        </Button>
      </>
    ) : step.step === 'confirm' ? (
      <>
        <Button
          variant="outline"
          disabled={pending}
          onClick={() => {
            issue.reset();
            setStep({ step: 'find' });
          }}
        >
          {t.back}
        </Button>
        <Button
          disabled={pending || step.user.is_staff}
          loading={issue.isPending}
          onClick={() =>
            issue.mutate(
              { userId: step.user.id },
              {
                onSuccess: (link) => {
                  setStep({ step: 'issued', link });
                  // The dialog's state holds the link now; the mutation's copy goes.
                  issue.reset();
                },
              },
            )
          }
        >
          {issue.isPending ? t.issuing : t.issue}
        </Button>
      </>
    ) : (
      <DialogClose asChild>
        <Button>{t.done}</Button>
      </DialogClose>
    );

  return (
    <DialogContent
      title={t.title}
      description={t.description}
      footer={footer}
      // A click beside the dialog must not throw away a link not yet copied.
      onPointerDownOutside={(event) => {
        if (step.step === 'issued' || pending) event.preventDefault();
      }}
    >
      {step.step === 'find' && (
        <FindUserForm formId={formId} lookup={lookup} onFound={(user) => setStep({ step: 'confirm', user })} />
      )}
      {step.step === 'confirm' && (
        <ConfirmUser user={step.user} error={issue.isError ? (serverMessage(issue.error) ?? t.failed) : null} />
      )}
      {step.step === 'issued' && <IssuedLinkPanel link={step.link} />}
    </DialogContent>
  );
}

function FindUserForm({
  formId,
  lookup,
  onFound,
}: {
  formId: string;
  lookup: ReturnType<typeof useLookupUser>;
  onFound: (user: StaffUser) => void;
}) {
  const t = resetLinkDialogTexts;
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const id = `${formId}-login`;

  useEffect(() => {
    if (error) input.current?.focus();
  }, [error, attempt]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lookup.isPending) return;
    const parsed = staffUserLookupBodySchema.safeParse({ login });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? staffAccountMessages.lookupRequired);
      setAttempt((n) => n + 1);
      return;
    }
    setError(null);
    lookup.mutate(parsed.data, {
      onSuccess: onFound,
      onError: (err) => {
        setError(serverMessage(err) ?? t.failed);
        setAttempt((n) => n + 1);
      },
    });
  }

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field id={id} label={t.loginLabel} hint={t.loginHint} error={error}>
        <Input
          ref={input}
          id={id}
          name="login"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="alice or alice@example.com"
          value={login}
          disabled={lookup.isPending}
          onChange={(e) => {
            setLogin(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: true, error: !!error })}
        />
      </Field>
    </form>
  );
}

export function ConfirmUser({ user, error }: { user: StaffUser; error: string | null }) {
  const t = resetLinkDialogTexts;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
        <dt className="text-slate-500">Username</dt>
        <dd className="font-medium break-words text-slate-900">{user.username}</dd>
        <dt className="text-slate-500">E-mail</dt>
        <dd className="break-words text-slate-900">{user.email}</dd>
        {name && (
          <>
            <dt className="text-slate-500">Name</dt>
            <dd className="break-words text-slate-900">{name}</dd>
          </>
        )}
      </dl>
      {user.is_staff ? (
        <Alert tone="error">{staffAccountMessages.staffTarget}</Alert>
      ) : (
        <Alert tone="info">{t.warning}</Alert>
      )}
    </div>
  );
}
