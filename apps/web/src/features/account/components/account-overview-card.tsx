import type { User } from '@tokendesk/contract';
import { IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ReadOnlyValue } from './read-only-value';
import { paths } from '../../../lib/paths';

/** The read-only identity block of the settings page. */
export function AccountOverviewCard({ user }: { user: User }) {
  return (
    <Card aria-labelledby="account-overview-title">
      <CardHeader
        titleId="account-overview-title"
        icon={<IdCard className="h-5 w-5" aria-hidden="true" />}
        title="Account"
        description={
          <>
            Your name is edited on{' '}
            <Link to={paths.profile} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
              your profile
            </Link>
            .
          </>
        }
      />
      <CardBody className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar user={user} size="lg" className="self-center sm:self-auto" />
        <dl className="grid flex-1 gap-5 sm:grid-cols-3">
          <ReadOnlyValue label="First Name" value={user.first_name} />
          <ReadOnlyValue label="Last Name" value={user.last_name} />
          <ReadOnlyValue label="Username" value={user.username} />
        </dl>
      </CardBody>
    </Card>
  );
}
