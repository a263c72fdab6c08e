import { toFieldErrors, updateProfileBodySchema, type User } from '@tokendesk/contract';
import { UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useUpdateProfile } from '../api/update-profile';
import { ReadOnlyValue } from './read-only-value';

const nameFields = ['first_name', 'last_name'] as const;
type NameField = (typeof nameFields)[number];

export interface PersonalInformationCardProps {
  user: User;
  onSaved: () => void;
}

export function PersonalInformationCard({ user, onSaved }: PersonalInformationCardProps) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ first_name: user.first_name, last_name: user.last_name });
  const [errors, setErrors] = useState<Partial<Record<NameField, string>>>({});
  const update = useUpdateProfile();

  function startEditing() {
    setValues({ first_name: user.first_name, last_name: user.last_name });
    setErrors({});
    update.reset();
    setEditing(true);
  }

  function cancel() {
    // Cancel resets to the saved names (product §2.12).
    setValues({ first_name: user.first_name, last_name: user.last_name });
    setErrors({});
    update.reset();
    setEditing(false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = updateProfileBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<NameField, string>> = {};
      for (const error of toFieldErrors(parsed.error.issues, nameFields)) {
        const field = error.field as NameField;
        next[field] ??= error.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { first_name: parsed.data.first_name ?? '', last_name: parsed.data.last_name ?? '' },
      {
        onSuccess: () => {
          setEditing(false);
          onSaved();
        },
      },
    );
  }

  const pending = update.isPending;

  const NameGroup = editing ? 'div' : 'dl';
  return (
    <Card aria-labelledby="personal-information-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader
          titleId="personal-information-title"
          icon={<UserRound className="h-5 w-5" aria-hidden="true" />}
          title="Personal Information"
          description="Your name as support staff and your team see it."
          actions={
            editing ? (
              <>
                <Button variant="outline" size="sm" onClick={cancel} disabled={pending}>
                  Cancel
                </Button>
                <Button type="submit" size="sm" disabled={pending} loading={pending}>
                  {pending ? 'Saving...' : 'Save Changes'}
                </Button>
              </>
            ) : (
              <Button variant="outline" size="sm" onClick={startEditing}>
                Edit
              </Button>
            )
          }
        />
        <CardBody className="flex flex-col gap-5">
          {editing && update.isError && <Alert tone="error">Failed to update profile. Please try again.</Alert>}
          {/* Read-only, the names are a description list (<dt>/<dd> need their <dl>); editing, two fields. */}
          <NameGroup className="grid gap-5 sm:grid-cols-2">
            {nameFields.map((field) => {
              const id = `profile-${field.replace('_', '-')}`;
              const label = field === 'first_name' ? 'First Name' : 'Last Name';
              return editing ? (
                <Field key={field} id={id} label={label} error={errors[field]}>
                  <Input
                    id={id}
                    name={field}
                    autoComplete={field === 'first_name' ? 'given-name' : 'family-name'}
                    placeholder="Not set"
                    value={values[field]}
                    disabled={pending}
                    autoFocus={field === 'first_name'}
                    onChange={(e) => {
                      const value = e.target.value;
                      setValues((current) => ({ ...current, [field]: value }));
                      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
                    }}
                    aria-invalid={errors[field] ? true : undefined}
                    aria-describedby={describedBy(id, { error: !!errors[field] })}
                  />
                </Field>
              ) : (
                <ReadOnlyValue key={field} label={label} value={user[field]} />
              );
            })}
          </NameGroup>
        </CardBody>
      </form>
    </Card>
  );
}
