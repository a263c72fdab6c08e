import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';

/** On Settings: the way to the current workspace's members (product §22). */
export function MembersSettingsCard() {
  return (
    <Card aria-labelledby="members-settings-title">
      <CardHeader
        titleId="members-settings-title"
        icon={<Users className="h-5 w-5" aria-hidden="true" />}
        title="Workspace Members"
        description="Invite your team as owners, admins or viewers."
      />
      <CardBody className="flex justify-end">
        <Link to={paths.members} className={buttonClasses('outline')}>
          Manage Members
        </Link>
      </CardBody>
    </Card>
  );
}
