import {
  accountMessages,
  resetPasswordFormFieldOrder,
  resetPasswordFormSchema,
  toFieldErrors,
} from '@tokendesk/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { useResetPassword } from '../api/reset-password';

type ResetField = (typeof resetPasswordFormFieldOrder)[number];
const fieldIds: Record<ResetField, string> = { password: 'reset-password', confirm_password: 'reset-confirm-password' };

/** A new password from a reset link (decision 0039); the link's token never shows in the form. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [values, setValues] = useState({ password: '', confirm_password: '' });
  const [fieldError, setFieldError] = useState<{ field: ResetField; message: string } | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (fieldError) document.getElementById(fieldIds[fieldError.field])?.focus();
  }, [fieldError, attempt]);

  if (!token) return <LinkProblem message={accountMessages.tokenRequired} />;
  if (linkError) return <LinkProblem message={linkError} />;

  function showFieldError(field: ResetField, message: string) {
    setFieldError({ field, message });
    setAttempt((n) => n + 1);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    reset.reset();
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, resetPasswordFormFieldOrder);
      showFieldError(
        first?.field === 'confirm_password' ? 'confirm_password' : 'password',
        first?.message ?? accountMessages.passwordTooShort,
      );
      return;
    }
    setFieldError(null);
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          // Every session of the account ended on the server, this browser's too if it had one.
          if (getToken()) clearSession();
          navigate(paths.loginAfterPasswordReset, { replace: true });
        },
        onError: (error) => {
          const field = serverErrorField(error);
          const message = serverMessage(error) ?? 'Failed to reset the password. Please try again.';
          if (field === 'password') showFieldError('password', message);
          else if (field === 'token') setLinkError(message);
        },
      },
    );
  }

  const errorFor = (field: ResetField) => (fieldError?.field === field ? fieldError.message : null);
  const formError =
    reset.isError && !serverErrorField(reset.error)
      ? (serverMessage(reset.error) ?? 'Failed to reset the password. Please try again.')
      : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field
        id={fieldIds.password}
        label="New Password"
        hint="At least 8 characters; a few unrelated words work well."
        error={errorFor('password')}
      >
        <PasswordInput
          id={fieldIds.password}
          name="password"
          autoComplete="new-password"
          autoFocus
          toggleLabel="new password"
          value={values.password}
          disabled={reset.isPending}
          onChange={(e) => {
            setValues((v) => ({ ...v, password: e.target.value }));
            if (fieldError?.field === 'password') setFieldError(null);
          }}
          aria-invalid={errorFor('password') ? true : undefined}
          aria-describedby={describedBy(fieldIds.password, { hint: true, error: !!errorFor('password') })}
        />
      </Field>
      <Field id={fieldIds.confirm_password} label="Confirm New Password" error={errorFor('confirm_password')}>
        <PasswordInput
          id={fieldIds.confirm_password}
          name="confirm_password"
          autoComplete="new-password"
          toggleLabel="password confirmation"
          value={values.confirm_password}
          disabled={reset.isPending}
          onChange={(e) => {
            setValues((v) => ({ ...v, confirm_password: e.target.value }));
            if (fieldError?.field === 'confirm_password') setFieldError(null);
          }}
          aria-invalid={errorFor('confirm_password') ? true : undefined}
          aria-describedby={describedBy(fieldIds.confirm_password, { error: !!errorFor('confirm_password') })}
        />
      </Field>
      <p className="text-xs text-slate-500">Resetting the password signs your account out everywhere.</p>
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending} loading={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="error">{message}</Alert>
      <Link
        to={paths.forgotPassword}
        className="text-sm font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
      >
        Ask for a new link
      </Link>
    </div>
  );
}
