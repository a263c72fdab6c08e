import { displayName } from '@tokendesk/contract';
import { Bell, BookOpen, ExternalLink, Menu, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Brand } from '../../components/brand';
import { UserAvatar } from '../../components/user-avatar';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { Sheet, SheetContent, SheetTrigger } from '../../components/ui/sheet';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../lib/current-user';
import { badgeCount } from '../../lib/format';
import { AccountFooter } from './account-footer';
import { NavGroups } from './nav-groups';
import { paths } from '../../lib/paths';

const itemClasses =
  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/** Below 768 px the sidebar is hidden; this sheet holds the same items as the sidebar and header. */
export function MobileMenu({ onOpenNotifications }: { onOpenNotifications: () => void }) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const unread = useUnreadCount();
  const unreadCount = unread.data ?? 0;
  // The notifications dropdown opens once the sheet has closed and handed focus back.
  const openNotificationsOnClose = useRef(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger
        className="grid h-10 w-10 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden"
        aria-label="Open menu"
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </SheetTrigger>
      <SheetContent
        title="Menu"
        description="Navigation and account"
        header={<Brand />}
        onCloseAutoFocus={(event) => {
          if (!openNotificationsOnClose.current) return;
          openNotificationsOnClose.current = false;
          event.preventDefault();
          onOpenNotifications();
        }}
      >
        <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-4">
          <UserAvatar user={user} size="md" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900">{displayName(user)}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-5">
          <NavGroups idPrefix="mobile" onNavigate={close} />
          <div className="mt-6">
            <p id="mobile-account" className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">
              Account
            </p>
            <ul aria-labelledby="mobile-account" className="mt-2 flex flex-col gap-0.5">
              <li>
                <NavLink
                  to={paths.profile}
                  onClick={close}
                  className={({ isActive }) => cn(itemClasses, isActive && 'bg-indigo-50 text-indigo-700')}
                >
                  <UserRound className="h-4 w-4 shrink-0" aria-hidden="true" />
                  Profile
                </NavLink>
              </li>
              <li>
                <button
                  type="button"
                  className={cn(itemClasses, 'w-full cursor-pointer')}
                  onClick={() => {
                    openNotificationsOnClose.current = true;
                    close();
                  }}
                >
                  <Bell className="h-4 w-4 shrink-0" aria-hidden="true" />
                  Notifications
                  {unreadCount > 0 && (
                    <span
                      data-figure="badge"
                      className="ml-auto rounded-full bg-red-600 px-1.5 py-0.5 text-[10px] leading-none font-semibold text-white tabular-nums"
                    >
                      {badgeCount(unreadCount)}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </button>
              </li>
              <li>
                {/* A new tab keeps the user's place in the app (the docs are outside it). */}
                <a href="/api/docs" target="_blank" rel="noopener noreferrer" className={itemClasses}>
                  <BookOpen className="h-4 w-4 shrink-0" aria-hidden="true" />
                  Docs
                  <ExternalLink className="ml-auto h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </div>
        </nav>
        <AccountFooter />
      </SheetContent>
    </Sheet>
  );
}
