import { accountMessages, fillMessage, type User } from '@tokendesk/contract';
import { AtSign } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ReadOnlyValue } from './read-only-value';
import { verificationHint } from './verification-hint';
import { useEmailOptions } from '../../../lib/email-options';
import { paths } from '../../../lib/paths';

export function AccountInformationCard({ user }: { user: User }) {
  const verification = verificationHint(user, useEmailOptions().data?.email_configured);
  return (
    <Card aria-labelledby="account-information-title">
      <CardHeader
        titleId="account-information-title"
        icon={<AtSign className="h-5 w-5" aria-hidden="true" />}
        title="Account Information"
        description="How you sign in and where we reach you."
      />
      <CardBody>
        <dl className="grid gap-5 sm:grid-cols-2">
          <ReadOnlyValue label="Username" value={user.username} hint="Your username cannot be changed" />
          <ReadOnlyValue
            label="Email Address"
            value={user.email}
            hint={
              <>
                {verification && <span className="block">{verification}</span>}
                {user.pending_email && (
                  <span className="block font-medium text-sky-700">
                    {fillMessage(accountMessages.waitingForConfirmation, { email: user.pending_email })}
                  </span>
                )}
                You can change your email address in{' '}
                <Link to={paths.settings} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
                  Settings
                </Link>
                .
              </>
            }
          />
        </dl>
      </CardBody>
    </Card>
  );
}
