import type { User } from '@tokendesk/contract';
import { Brand } from '../components/brand';
import { Button } from '../components/ui/button';
import { PasswordSettingsCard } from '../features/account/components/password-settings-card';
import { useDocumentTitle } from '../lib/use-document-title';
import { SignOutProvider, useSignOut } from './layout/sign-out';

/**
 * The only screen of an account that signed in with a password the operator's CLI made up (issue 35):
 * the operator saw it and it was printed on a terminal, so the account chooses its own before anything
 * else. The server answers 403 to every other request meanwhile, so no other screen could work anyway.
 */
export function ChooseOwnPassword({ user }: { user: Pick<User, 'username' | 'is_staff'> }) {
  useDocumentTitle('Choose your password');
  return (
    <SignOutProvider>
      <div className="min-h-dvh bg-slate-50 px-4 py-10 sm:py-14">
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <div className="flex items-center justify-between gap-4">
            <Brand />
            <SignOutButton />
          </div>
          <main className="flex flex-col gap-6">
            <div>
              <h1 className="text-xl font-semibold tracking-tight text-slate-900">Choose your own password</h1>
              <p className="mt-2 text-sm text-slate-600">
                {`You signed in as ${user.username} with a one-time password from this server's operator. They have seen it, so choose a password only you know before you continue. `}
                {user.is_staff
                  ? 'The Support console opens once you sign in with it.'
                  : 'Your dashboard opens once you sign in with it.'}
              </p>
            </div>
            <PasswordSettingsCard currentLabel="One-time Password" />
          </main>
        </div>
      </div>
    </SignOutProvider>
  );
}

function SignOutButton() {
  const { signOut, signingOut } = useSignOut();
  return (
    <Button variant="outline" size="sm" onClick={signOut} disabled={signingOut} loading={signingOut}>
      {signingOut ? 'Logging out...' : 'Sign Out'}
    </Button>
  );
}
