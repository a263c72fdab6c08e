import { LogOut, UserRound } from 'lucide-react';
import { roleLabel, useCurrentUser } from '../../lib/current-user';
import { cn } from '../../lib/cn';
import { useSignOut } from './sign-out';

/** 'User Account', the role and Sign Out, at the bottom of the sidebar and the mobile menu. */
export function AccountFooter() {
  const user = useCurrentUser();
  const { signOut, signingOut } = useSignOut();
  return (
    <div className="border-t border-slate-200 p-3">
      <div className="flex items-center gap-3 px-3 py-2">
        <span
          className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-500"
          aria-hidden="true"
        >
          <UserRound className="h-4 w-4" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">User Account</p>
          <p className="text-xs text-slate-500">{roleLabel(user)}</p>
        </div>
      </div>
      <button
        type="button"
        onClick={signOut}
        disabled={signingOut}
        className={cn(
          'mt-1 flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors',
          'hover:bg-red-50 hover:text-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
          'disabled:cursor-wait disabled:opacity-70',
        )}
      >
        <LogOut className="h-4 w-4 shrink-0" aria-hidden="true" />
        {signingOut ? 'Logging out...' : 'Sign Out'}
      </button>
    </div>
  );
}
