import { accountMessages, forgotPasswordBodySchema } from '@tokendesk/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { useEmailOptions } from '../../../lib/email-options';
import { useForgotPassword } from '../api/forgot-password';
import { NoEmailResetHelp } from './no-email-reset-help';

const EMAIL_ID = 'forgot-email';

/**
 * 'Forgot password?' (decision 0039): the same answer whether or not an account uses the address,
 * so the page cannot be used to find out who has an account. Without SMTP it says so, and whom to
 * ask for a one-time link and what to tell them, instead of pretending to send.
 */
export function ForgotPasswordForm() {
  const options = useEmailOptions();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (fieldError) input.current?.focus();
  }, [fieldError, attempt]);

  if (options.isPending) {
    return (
      <p role="status" className="py-4 text-center text-sm text-slate-500">
        Loading...
      </p>
    );
  }
  if (options.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">TokenDesk could not be reached. Check your connection and try again.</Alert>
        <Button
          variant="outline"
          onClick={() => void options.refetch()}
          disabled={options.isFetching}
          loading={options.isFetching}
        >
          Try Again
        </Button>
      </div>
    );
  }
  if (!options.data.email_configured) return <NoEmailResetHelp contact={options.data.support_contact} />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    forgot.reset();
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? accountMessages.emailInvalid);
      setAttempt((n) => n + 1);
      return;
    }
    setFieldError(null);
    forgot.mutate(parsed.data, {
      onError: (error) => {
        if (serverErrorField(error) === 'email') {
          setFieldError(serverMessage(error) ?? accountMessages.emailInvalid);
          setAttempt((n) => n + 1);
        }
      },
    });
  }

  const formError =
    forgot.isError && serverErrorField(forgot.error) !== 'email'
      ? (serverMessage(forgot.error) ?? 'The request failed. Please try again.')
      : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {forgot.isSuccess && <Alert tone="success">{forgot.data.detail}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field id={EMAIL_ID} label="Email" hint="The e-mail address of your TokenDesk account." error={fieldError}>
        <Input
          ref={input}
          id={EMAIL_ID}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          placeholder="name@example.com"
          value={email}
          disabled={forgot.isPending}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldError(null);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(EMAIL_ID, { hint: true, error: !!fieldError })}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending} loading={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
