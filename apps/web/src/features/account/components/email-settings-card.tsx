import { accountMessages, changeEmailBodySchema, type User } from '@tokendesk/contract';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useChangeEmail } from '../api/change-email';

export function EmailSettingsCard({ user }: { user: User }) {
  const [newEmail, setNewEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [flash, showFlash, clearFlash] = useFlashMessage(3000);
  const changeEmail = useChangeEmail();
  const pending = changeEmail.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    clearFlash();
    const parsed = changeEmailBodySchema.safeParse({ new_email: newEmail });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? accountMessages.emailInvalid);
      document.getElementById('settings-new-email')?.focus();
      return;
    }
    setFieldError(null);
    changeEmail.mutate(parsed.data, {
      onSuccess: () => {
        setNewEmail('');
        showFlash(accountMessages.emailChanged);
      },
      onError: (error) => {
        const message = serverMessage(error) ?? 'Failed to change email. Please try again.';
        // 'already taken' or 'unchanged' concern the field; anything else goes above the form.
        if (serverErrorField(error) === 'new_email') {
          setFieldError(message);
          document.getElementById('settings-new-email')?.focus();
        } else {
          setFormError(message);
        }
      },
    });
  }

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
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="settings-current-email" label="Current Email">
              <Input id="settings-current-email" type="email" value={user.email} readOnly />
            </Field>
            <Field id="settings-new-email" label="New Email" error={fieldError}>
              <Input
                id="settings-new-email"
                name="new_email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="name@example.com"
                value={newEmail}
                disabled={pending}
                onChange={(e) => {
                  setNewEmail(e.target.value);
                  setFieldError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={describedBy('settings-new-email', { error: !!fieldError })}
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
