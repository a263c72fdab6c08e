import { BackLink } from '../../../components/detail-page';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { MembersPanel } from '../../../features/workspaces/components/members-panel';

/** The current workspace's members, invites and roles (decision 0087, product §22). */
export function MembersRoute() {
  useDocumentTitle('Members');
  const user = useCurrentUser();
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-4">
        <BackLink to={paths.settings}>Back to Settings</BackLink>
      </div>
      <PageHeader title="Members" description="Who can see and change this workspace's projects, pools and alerts." />
      <MembersPanel myId={user.id} />
    </div>
  );
}
