import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUserInfo } from '../../../features/account/api/get-user-info';
import { AccountOverviewCard } from '../../../features/account/components/account-overview-card';
import { EmailOffNotice } from '../../../features/account/components/email-off-notice';
import { useEmailOptions } from '../../../lib/email-options';
import { EmailSettingsCard } from '../../../features/account/components/email-settings-card';
import { PasswordSettingsCard } from '../../../features/account/components/password-settings-card';
import { ChannelsSettingsCard } from '../../../features/channels/components/channels-settings-card';
import { MembersSettingsCard } from '../../../features/workspaces/components/members-settings-card';

export function SettingsRoute() {
  useDocumentTitle('Settings');
  const userInfo = useUserInfo();
  const emailOff = useEmailOptions().data?.email_configured === false;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Settings" description="Manage your email address and password." />
      {userInfo.data ? (
        <div className="flex flex-col gap-6">
          <AccountOverviewCard user={userInfo.data} />
          {emailOff && <EmailOffNotice />}
          <EmailSettingsCard user={userInfo.data} />
          <PasswordSettingsCard />
          <ChannelsSettingsCard />
          <MembersSettingsCard />
        </div>
      ) : userInfo.isError ? (
        <Alert tone="error">Unable to load your account settings. Please try again later.</Alert>
      ) : (
        <p role="status" className="py-10 text-center text-sm text-slate-500">
          Loading settings...
        </p>
      )}
    </div>
  );
}
