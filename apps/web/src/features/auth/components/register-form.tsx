import { registerBodySchema, registerFieldOrder, toFieldErrors, type RegisterBody } from '@tokendesk/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PasswordInput } from '../../../components/ui/password-input';
import { serverErrorField, serverMessage } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { paths } from '../../../lib/paths';

type RegisterField = (typeof registerFieldOrder)[number];

const fieldIds: Record<RegisterField, string> = {
  full_name: 'register-full-name',
  email: 'register-email',
  username: 'register-username',
  password: 'register-password',
  confirm_password: 'register-confirm-password',
  accept_terms: 'register-terms',
};

function isRegisterField(field: string | null): field is RegisterField {
  return field !== null && field in fieldIds;
}

/** One message at a time, the first failure in form order (product §4). */
interface FormError {
  field: RegisterField | null;
  message: string;
}

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState<Required<RegisterBody>>({
    full_name: '',
    email: '',
    username: '',
    password: '',
    confirm_password: '',
    accept_terms: false,
  });
  const [error, setError] = useState<FormError | null>(null);
  // Bumped on every failed submit, so focus moves to the field even when the message is unchanged.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (error?.field) document.getElementById(fieldIds[error.field])?.focus();
  }, [error, attempt]);

  function update<K extends RegisterField>(field: K, value: Required<RegisterBody>[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // The message went stale once the user edits the field it points at.
    if (error?.field === field) setError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    const parsed = registerBodySchema.safeParse(values);
    if (!parsed.success) {
      const [first] = toFieldErrors(parsed.error.issues, registerFieldOrder);
      if (first) {
        setError({ field: isRegisterField(first.field) ? first.field : null, message: first.message });
        setAttempt((n) => n + 1);
      }
      return;
    }
    setError(null);
    register.mutate(parsed.data, {
      onSuccess: () => navigate(paths.loginAfterRegistration),
      onError: (failure) => {
        const field = serverErrorField(failure);
        setError({
          field: isRegisterField(field) ? field : null,
          message: serverMessage(failure) ?? 'Registration failed. Please try again.',
        });
        setAttempt((n) => n + 1);
      },
    });
  }

  const errorFor = (field: RegisterField) => (error?.field === field ? error.message : null);
  const inputProps = (field: RegisterField, hint = false) => ({
    id: fieldIds[field],
    name: field,
    'aria-invalid': errorFor(field) ? true : undefined,
    'aria-describedby': describedBy(fieldIds[field], { hint, error: !!errorFor(field) }),
  });
  const pending = register.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {error && !error.field && <Alert tone="error">{error.message}</Alert>}

      <Field id={fieldIds.full_name} label="Full name" error={errorFor('full_name')}>
        <Input
          {...inputProps('full_name')}
          autoComplete="name"
          autoFocus
          value={values.full_name}
          onChange={(e) => update('full_name', e.target.value)}
        />
      </Field>

      <Field id={fieldIds.email} label="Email" error={errorFor('email')}>
        <Input
          {...inputProps('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
        />
      </Field>

      <Field
        id={fieldIds.username}
        label="Username"
        hint="At least 4 characters: letters, digits and @ . + - _"
        error={errorFor('username')}
      >
        <Input
          {...inputProps('username', true)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => update('username', e.target.value)}
        />
      </Field>

      <Field
        id={fieldIds.password}
        label="Password"
        hint="At least 8 characters and hard to guess: not your name, username or email. A few unrelated words work well."
        error={errorFor('password')}
      >
        <PasswordInput
          {...inputProps('password', true)}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
        />
      </Field>

      <Field id={fieldIds.confirm_password} label="Confirm password" error={errorFor('confirm_password')}>
        <PasswordInput
          {...inputProps('confirm_password')}
          toggleLabel="confirm password"
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={(e) => update('confirm_password', e.target.value)}
        />
      </Field>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-2.5">
          <Checkbox
            id={fieldIds.accept_terms}
            name="accept_terms"
            className="mt-0.5"
            checked={values.accept_terms}
            onCheckedChange={(checked) => update('accept_terms', checked === true)}
            aria-invalid={errorFor('accept_terms') ? true : undefined}
            aria-describedby={describedBy(fieldIds.accept_terms, { error: !!errorFor('accept_terms') })}
          />
          <Label htmlFor={fieldIds.accept_terms} className="cursor-pointer leading-snug font-normal text-slate-600">
            I agree to the <TermsLink to={paths.terms}>Terms of Service</TermsLink> and{' '}
            <TermsLink to={paths.privacy}>Privacy Policy</TermsLink>
          </Label>
        </div>
        {errorFor('accept_terms') && (
          <p id={`${fieldIds.accept_terms}-error`} role="alert" className="text-xs font-medium text-red-600">
            {errorFor('accept_terms')}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={!values.accept_terms || pending} loading={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** Opens in a new tab, so a half-filled form is not lost; the operator's text (issue 35). */
function TermsLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
    >
      {children}
    </Link>
  );
}
