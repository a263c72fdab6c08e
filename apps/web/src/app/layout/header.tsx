import { BookOpen, LifeBuoy, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { ConnectionIndicator } from '../../components/live/connection-indicator-live';
import { Button, buttonClasses } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { useMediaQuery } from '../../lib/use-media-query';
import { MarketPricesDrawer } from '../../features/pools/components/market-prices-drawer';
import { PRICES_PANEL_QUERY } from '../../features/pools/components/market-prices-panel';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ProjectSearch } from '../../features/projects/components/project-search';
import { ProjectSearchOverlay } from '../../features/projects/components/project-search-overlay';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher';
import { useOpenAddProject } from './add-project';
import { MobileMenu } from './mobile-menu';
import { UserMenu } from './user-menu';
import { paths } from '../../lib/paths';

export function Header() {
  const openAddProject = useOpenAddProject();
  // The mobile menu opens the same dropdown (product §2.2: it holds the same items as the header).
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  // From 1280 px the panel is beside the page; unmounting the drawer there also closes an open one.
  const pricesBesidePage = useMediaQuery(PRICES_PANEL_QUERY);
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-6 lg:px-8">
      <MobileMenu onOpenNotifications={() => setNotificationsOpen(true)} />
      <Link
        to={paths.home}
        aria-label="TokenDesk home"
        className="shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden"
      >
        <Brand textClassName="hidden min-[400px]:inline" />
      </Link>
      <div className="hidden min-w-0 flex-1 md:block md:max-w-md">
        <ProjectSearch />
      </div>
      <div className="ml-auto flex min-w-0 shrink-0 items-center gap-1 sm:gap-2">
        <ConnectionIndicator />
        <WorkspaceSwitcher />
        <ProjectSearchOverlay className="grid h-10 w-10 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden" />
        <Button size="sm" className="h-9 px-2.5 lg:px-3" onClick={openAddProject}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only lg:not-sr-only">New Project</span>
        </Button>
        {/* Phones reach the Docs through the menu (Account), like Support: at 375 px the header has
            no room for it next to the Market Prices button. */}
        <div className="hidden sm:block">
          <Tooltip content="API reference (opens in a new tab)">
            {/* A plain link: the docs are served by the API, outside this single-page app. A new tab keeps
                the user's place in the app; noopener/noreferrer keep the docs page from reaching back. */}
            <a
              href="/api/docs"
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('ghost', 'sm', 'h-9 px-2.5 lg:px-3')}
            >
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only xl:not-sr-only">Docs</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Tooltip>
        </div>
        {/* Phones reach Support through the menu (General), where the header has no room. */}
        <div className="hidden sm:block">
          <Tooltip content="Support">
            <Link to={paths.tickets} className={buttonClasses('ghost', 'sm', 'h-9 px-2.5 lg:px-3')}>
              <LifeBuoy className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only xl:not-sr-only">Support</span>
            </Link>
          </Tooltip>
        </div>
        {!pricesBesidePage && <MarketPricesDrawer triggerClassName={buttonClasses('ghost', 'sm', 'h-9 px-2.5')} />}
        <NotificationBell open={notificationsOpen} onOpenChange={setNotificationsOpen} />
        <UserMenu />
      </div>
    </header>
  );
}
