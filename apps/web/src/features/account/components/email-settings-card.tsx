import {
  accountMessages,
  fillMessage,
  changeEmailBodySchema,
  changeEmailFieldOrder,
  toFieldErrors,
  type ChangeEmailBody,
  type User,
} from '@tokendesk/contract';
import { Mail } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { useEmailOptions } from '../../../lib/email-options';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useCancelEmailChange } from '../api/cancel-email-change';
import { useChangeEmail } from '../api/change-email';
import { verificationHint } from './verification-hint';

type EmailField = (typeof changeEmailFieldOrder)[number];

const fieldIds: Record<EmailField, string> = {
  new_email: 'settings-new-email',
  password: 'settings-email-password',
};

const isEmailField = (field: string | null | undefined): field is EmailField => !!field && field in fieldIds;

export function EmailSettingsCard({ user }: { user: User }) {
  const [values, setValues] = useState<ChangeEmailBody>({ new_email: '', password: '' });
  const [fieldError, setFieldError] = useState<{ field: EmailField; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [flash, showFlash, clearFlash] = useFlashMessage(3000);
  const changeEmail = useChangeEmail();
  const cancelChange = useCancelEmailChange();
  const emailConfigured = useEmailOptions().data?.email_configured;
  // Without e-mail, the notice above the card says why once (EmailOffNotice); the field only states the fact.
  const hint =
    emailConfigured === false && !user.email_verified ? 'Not verified.' : verificationHint(user, emailConfigured);
  const pending = changeEmail.isPending;
  // Bumped with every message, so focus moves even when the message is unchanged.
  const [attempt, setAttempt] = useState(0);

  // After the render: a server's answer arrives while the inputs are still disabled, and a
  // disabled input cannot take focus.
  useEffect(() => {
    if (fieldError) document.getElementById(fieldIds[fieldError.field])?.focus();
  }, [fieldError, attempt]);

  function showFieldError(field: EmailField, message: string) {
    setFieldError({ field, message });
    setAttempt((n) => n + 1);
  }

  function update(field: EmailField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldError?.field === field) setFieldError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    clearFlash();
    const parsed = changeEmailBodySchema.safeParse(values);
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, changeEmailFieldOrder);
      showFieldError(
        isEmailField(first?.field) ? first.field : 'new_email',
        first?.message ?? accountMessages.emailInvalid,
      );
      return;
    }
    setFieldError(null);
    changeEmail.mutate(parsed.data, {
      onSuccess: (updated) => {
        setValues({ new_email: '', password: '' });
        // With e-mail on, nothing changed yet: the pending notice below says what happens next.
        if (updated.pending_email === null) showFlash(accountMessages.emailChanged);
      },
      onError: (error) => {
        const message = serverMessage(error) ?? 'Failed to change email. Please try again.';
        // 'already taken', 'unchanged' and a wrong password concern a field; anything else
        // (too many attempts) goes above the form.
        const field = serverErrorField(error);
        if (isEmailField(field)) showFieldError(field, message);
        else setFormError(message);
      },
    });
  }

  const errorFor = (field: EmailField) => (fieldError?.field === field ? fieldError.message : null);

  return (
    <Card aria-labelledby="email-settings-title">
      <CardHeader
        titleId="email-settings-title"
        icon={<Mail className="h-5 w-5" aria-hidden="true" />}
        title="Email Settings"
        description="Where TokenDesk reaches you."
      />
      <CardBody>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {flash && <Alert tone="success">{flash}</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          {user.pending_email && (
            <div
              className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2.5 text-sm text-sky-800 sm:flex-row sm:items-center"
              role="status"
            >
              <p className="min-w-0 flex-1 break-words">
                <span className="font-medium">
                  {fillMessage(accountMessages.waitingForConfirmation, { email: user.pending_email })}
                </span>
                <br />
                {fillMessage(accountMessages.emailChangePending, { email: user.pending_email })}
              </p>
              <Button
                variant="outline"
                size="sm"
                className="shrink-0 self-start sm:self-center"
                disabled={cancelChange.isPending}
                loading={cancelChange.isPending}
                onClick={() =>
                  cancelChange.mutate(undefined, { onSuccess: () => showFlash(accountMessages.emailChangeCancelled) })
                }
              >
                {cancelChange.isPending ? 'Cancelling...' : 'Cancel Change'}
              </Button>
            </div>
          )}
          {cancelChange.isError && (
            <Alert tone="error">
              {serverMessage(cancelChange.error) ?? 'Failed to cancel the change. Please try again.'}
            </Alert>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="settings-current-email" label="Current Email" hint={hint}>
              <Input
                id="settings-current-email"
                type="email"
                value={user.email}
                readOnly
                aria-describedby={describedBy('settings-current-email', { hint: hint !== null })}
              />
            </Field>
            <Field id={fieldIds.new_email} label="New Email" error={errorFor('new_email')}>
              <Input
                id={fieldIds.new_email}
                name="new_email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="name@example.com"
                value={values.new_email}
                disabled={pending}
                onChange={(e) => update('new_email', e.target.value)}
                aria-invalid={errorFor('new_email') ? true : undefined}
                aria-describedby={describedBy(fieldIds.new_email, { error: !!errorFor('new_email') })}
              />
            </Field>
            <Field
              id={fieldIds.password}
              label="Password"
              hint="Your current password, to confirm the change."
              error={errorFor('password')}
            >
              <PasswordInput
                id={fieldIds.password}
                name="password"
                autoComplete="current-password"
                toggleLabel="password for the email change"
                value={values.password}
                disabled={pending}
                onChange={(e) => update('password', e.target.value)}
                aria-invalid={errorFor('password') ? true : undefined}
                aria-describedby={describedBy(fieldIds.password, { hint: true, error: !!errorFor('password') })}
              />
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={pending} loading={pending}>
              {pending ? 'Updating Email...' : 'Update Email'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
