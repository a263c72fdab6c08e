import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserInfo } from '../../../features/account/api/get-user-info';
import { AccountInformationCard } from '../../../features/account/components/account-information-card';
import { PersonalInformationCard } from '../../../features/account/components/personal-information-card';
import { ProfileSummaryCard } from '../../../features/account/components/profile-summary-card';
import { paths } from '../../../lib/paths';

export function ProfileRoute() {
  useDocumentTitle('My Profile');
  const userInfo = useUserInfo();
  const [flash, showFlash] = useFlashMessage(3000);

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="My Profile"
        description="Your personal details and account information."
        actions={
          <Link to={paths.settings} className={buttonClasses('outline')}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            Settings
          </Link>
        }
      />

      {userInfo.data ? (
        <div className="flex flex-col gap-6">
          {flash && <Alert tone="success">{flash}</Alert>}
          <ProfileSummaryCard user={userInfo.data} />
          <PersonalInformationCard user={userInfo.data} onSaved={() => showFlash('Profile updated successfully!')} />
          <AccountInformationCard user={userInfo.data} />
          <div className="flex justify-end">
            <Link to={paths.settings} className={buttonClasses('primary')}>
              Go to Account Settings
            </Link>
          </div>
        </div>
      ) : userInfo.isError ? (
        <Alert tone="error">Unable to load profile information. Please try again later.</Alert>
      ) : (
        <p role="status" className="py-10 text-center text-sm text-slate-500">
          Loading profile information...
        </p>
      )}
    </div>
  );
}
