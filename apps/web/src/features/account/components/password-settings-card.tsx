import { changePasswordFormFieldOrder, changePasswordFormSchema, toFieldErrors } from '@tokendesk/contract';
import { KeyRound } from 'lucide-react';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { describedBy, Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth-storage';
import { useChangePassword } from '../api/change-password';
import { paths } from '../../../lib/paths';

type PasswordField = (typeof changePasswordFormFieldOrder)[number];

const fields: { name: PasswordField; id: string; label: string; autoComplete: string; toggle: string }[] = [
  {
    name: 'old_password',
    id: 'settings-current-password',
    label: 'Current Password',
    autoComplete: 'current-password',
    toggle: 'current password',
  },
  {
    name: 'new_password',
    id: 'settings-new-password',
    label: 'New Password',
    autoComplete: 'new-password',
    toggle: 'new password',
  },
  {
    name: 'confirm_password',
    id: 'settings-confirm-password',
    label: 'Confirm New Password',
    autoComplete: 'new-password',
    toggle: 'new password confirmation',
  },
];

/**
 * The server has revoked every session; the message stays this long before the sign-in page (which
 * says it again), counted down, with a button to go at once (issue 35: 1.5 s was too short to read).
 */
export const SIGN_OUT_DELAY_SECONDS = 8;

/** While the request runs: the hash is slow on purpose and takes seconds on a busy server (issue 35). */
export const PASSWORD_CHANGE_PROGRESS =
  'Checking your current password and saving the new one. This takes a few seconds: passwords are scrambled slowly on purpose, so that a stolen copy is hard to crack.';

/** What the card says while the change runs and once it is done (a pure view, for tests). */
export function PasswordChangeStatus({
  state,
  message,
  secondsLeft,
  onSignInNow,
}: {
  state: 'saving' | 'done';
  message?: string;
  secondsLeft?: number;
  onSignInNow?: () => void;
}) {
  if (state === 'saving') {
    return (
      <p role="status" className="text-sm text-slate-600">
        {PASSWORD_CHANGE_PROGRESS}
      </p>
    );
  }
  return (
    <Alert tone="success">
      <p className="font-medium">{message}</p>
      <p className="mt-1">
        {`Every session of yours was signed out, this one too. The sign-in page opens in ${secondsLeft ?? SIGN_OUT_DELAY_SECONDS} s.`}
      </p>
      <Button size="sm" className="mt-3" onClick={onSignInNow}>
        Sign In Now
      </Button>
    </Alert>
  );
}

function goToSignIn() {
  clearSession();
  // A fresh page load, signed out, on a sign-in page that says why the user is there
  // (product §2.12). A router navigation raced the signed-out routes' own redirect to a bare /login.
  window.location.replace(paths.loginAfterPasswordChange);
}

export function PasswordSettingsCard({ currentLabel = 'Current Password' }: { currentLabel?: string }) {
  const [values, setValues] = useState<Record<PasswordField, string>>({
    old_password: '',
    new_password: '',
    confirm_password: '',
  });
  const [fieldError, setFieldError] = useState<{ field: PasswordField; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(SIGN_OUT_DELAY_SECONDS);
  const changePassword = useChangePassword();
  const locked = changePassword.isPending || success !== null;
  // Bumped with every message, so focus moves even when the message is unchanged.
  const [attempt, setAttempt] = useState(0);

  // After the render: a server's answer arrives while the inputs are still disabled, and a
  // disabled input cannot take focus.
  useEffect(() => {
    const field = fields.find((f) => f.name === fieldError?.field);
    if (field) document.getElementById(field.id)?.focus();
  }, [fieldError, attempt]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (locked) return;
    setFormError(null);
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, changePasswordFormFieldOrder);
      const field = fields.find((f) => f.name === first?.field);
      if (first && field) {
        setFieldError({ field: field.name, message: first.message });
        setAttempt((n) => n + 1);
      }
      return;
    }
    setFieldError(null);
    changePassword.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: ({ detail }) => {
          setSuccess(detail);
          // The session is dead on the server: a background refetch meanwhile would answer 401 and
          // drop the page on a bare /login before the message is read. Queries wait while 'offline';
          // the page load below starts afresh.
          onlineManager.setOnline(false);
          // Not cancelled on unmount: the session is already dead on the server, so leaving the page
          // early must still end in a clean local sign-out.
          const started = Date.now();
          const tick = window.setInterval(() => {
            const left = SIGN_OUT_DELAY_SECONDS - Math.floor((Date.now() - started) / 1000);
            if (left > 0) {
              setSecondsLeft(left);
              return;
            }
            window.clearInterval(tick);
            goToSignIn();
          }, 250);
        },
        onError: (error) => {
          const message = serverMessage(error) ?? 'Failed to change password. Please check your current password.';
          // A wrong current password belongs next to that field; anything else above the form.
          const field = fields.find((f) => f.name === serverErrorField(error));
          if (field) {
            setFieldError({ field: field.name, message });
            setAttempt((n) => n + 1);
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  return (
    <Card aria-labelledby="password-settings-title">
      <CardHeader
        titleId="password-settings-title"
        icon={<KeyRound className="h-5 w-5" aria-hidden="true" />}
        title="Password Settings"
        description="Changing your password signs you out everywhere, including this browser."
      />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {success && (
            <PasswordChangeStatus state="done" message={success} secondsLeft={secondsLeft} onSignInNow={goToSignIn} />
          )}
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-5 sm:grid-cols-3">
            {fields.map((field) => {
              const error = fieldError?.field === field.name ? fieldError.message : null;
              const hint = field.name === 'new_password';
              return (
                <Field
                  key={field.name}
                  id={field.id}
                  label={field.name === 'old_password' ? currentLabel : field.label}
                  hint={hint ? 'At least 8 characters and hard to guess: not your name, username or email.' : undefined}
                  error={error}
                >
                  <PasswordInput
                    id={field.id}
                    name={field.name}
                    autoComplete={field.autoComplete}
                    toggleLabel={field.toggle}
                    value={values[field.name]}
                    disabled={locked}
                    onChange={(e) => {
                      const value = e.target.value;
                      setValues((current) => ({ ...current, [field.name]: value }));
                      if (fieldError?.field === field.name) setFieldError(null);
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(field.id, { hint, error: !!error })}
                  />
                </Field>
              );
            })}
          </div>
          <div className="flex flex-col items-end gap-2">
            <Button type="submit" disabled={locked} loading={changePassword.isPending}>
              {changePassword.isPending ? 'Changing Password...' : 'Change Password'}
            </Button>
            {changePassword.isPending && <PasswordChangeStatus state="saving" />}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
