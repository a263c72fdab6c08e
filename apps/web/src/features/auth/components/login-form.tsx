import { accountMessages } from '@tokendesk/contract/account-messages';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { ApiError } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/login';

type LoginField = 'username' | 'password';

function loginErrorMessage(error: unknown): string {
  // A rate limit says when to try again; every other failure gets one message, so the form does
  // not reveal whether the username exists.
  if (error instanceof ApiError && error.status === 429 && error.detail) return error.detail;
  return accountMessages.loginFailed;
}

/** Where a sign-in goes: the page asked for, else the Support console for staff and the dashboard for everyone else. */
export function landingPath(user: { is_staff: boolean }, returnTo: string | null | undefined): string {
  return returnTo ?? (user.is_staff ? paths.staffTickets : paths.home);
}

/** One message above the form at a time (issue 35): a failed sign-in replaces 'Account created…' and the like. */
export function LoginMessage({ notice, error }: { notice?: string | null; error: string | null }) {
  if (error) return <Alert tone="error">{error}</Alert>;
  if (notice) return <Alert tone="success">{notice}</Alert>;
  return null;
}

interface LoginFormProps {
  /** A checked same-origin path to load after sign-in instead of '/' (the page asked for signed out). */
  returnTo?: string | null;
  /** Why the visitor is here ('Account created. Please sign in.'), until a sign-in fails. */
  notice?: string | null;
}

export function LoginForm({ returnTo, notice }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: LoginField; message: string } | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const login = useLogin();

  const pending = login.isPending || redirecting;
  const formError = login.isError ? loginErrorMessage(login.error) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // A previous server answer no longer applies to what is being submitted now.
    login.reset();
    if (!username.trim()) {
      setFieldError({ field: 'username', message: 'Please enter your username' });
      document.getElementById('login-username')?.focus();
      return;
    }
    if (!password) {
      setFieldError({ field: 'password', message: 'Please enter your password' });
      document.getElementById('login-password')?.focus();
      return;
    }
    setFieldError(null);
    login.mutate(
      { username: username.trim(), password, remember },
      {
        onSuccess: (session) => {
          saveSession(session, remember);
          setRedirecting(true);
          // A full page load (product §2.4) starts the app fresh with the new session and no stale cache;
          // it goes to the page the visitor asked for when they were sent here (product §2.1).
          // Without one, staff land in the Support console, their daily screen (issue 35).
          window.location.assign(landingPath(session.user, returnTo));
        },
      },
    );
  }

  const usernameError = fieldError?.field === 'username' ? fieldError.message : null;
  const passwordError = fieldError?.field === 'password' ? fieldError.message : null;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <LoginMessage notice={notice} error={formError} />

      <Field id="login-username" label="Username" error={usernameError}>
        <Input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            if (fieldError?.field === 'username') setFieldError(null);
          }}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={describedBy('login-username', { error: !!usernameError })}
        />
      </Field>

      <Field id="login-password" label="Password" error={passwordError}>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (fieldError?.field === 'password') setFieldError(null);
          }}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('login-password', { error: !!passwordError })}
        />
      </Field>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox id="login-remember" checked={remember} onCheckedChange={(value) => setRemember(value === true)} />
          <Label htmlFor="login-remember" className="cursor-pointer font-normal">
            Remember me
          </Label>
        </div>
        {/* The page says what this server can do: a reset link by e-mail, or ask support (decision 0039). */}
        <Link
          to={paths.forgotPassword}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
        >
          Forgot password?
        </Link>
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={pending} loading={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
