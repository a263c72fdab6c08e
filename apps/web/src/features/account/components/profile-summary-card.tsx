import { displayName, type User } from '@tokendesk/contract';
import { UserAvatar } from '../../../components/user-avatar';
import { Card } from '../../../components/ui/card';
import { roleLabel } from '../../../lib/current-user';

/** Avatar, name and role at the top of the profile and settings pages. */
export function ProfileSummaryCard({ user }: { user: User }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-5 py-6 text-center sm:flex-row sm:px-6 sm:text-left">
      <UserAvatar user={user} size="xl" />
      {/* max-w-full and wrap-anywhere: a centred flex item is as wide as its longest word otherwise. */}
      <div className="max-w-full min-w-0">
        <p className="text-lg font-semibold wrap-anywhere text-slate-900">{displayName(user)}</p>
        <p className="text-sm break-all text-slate-500">{user.email}</p>
        <span className="mt-2 inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 ring-inset">
          {roleLabel(user)}
        </span>
      </div>
    </Card>
  );
}
