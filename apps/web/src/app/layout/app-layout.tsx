import { Outlet } from 'react-router';
import { OfflineBanner, useStaleRegion } from '../../components/live/offline-banner';
import { VerifyEmailBanner } from '../../features/account/components/verify-email-banner';
import { MarketPricesPanel, PRICES_PANEL_QUERY } from '../../features/pools/components/market-prices-panel';
import { useMediaQuery } from '../../lib/use-media-query';
import { AddProjectProvider } from './add-project';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SignOutProvider } from './sign-out';

export function AppLayout() {
  // Product §2.2: the panel appears from 1280 px; below that it is not mounted (no polling) and the
  // header offers it as a drawer instead.
  const showPrices = useMediaQuery(PRICES_PANEL_QUERY);
  // Issue 31: while the server cannot be reached, the figures on screen are the last ones read.
  const stale = useStaleRegion();
  return (
    <SignOutProvider>
      <AddProjectProvider>
        {/* data-stale here too: the header's bell and every figure outside main go stale with them. */}
        <div className="min-h-dvh bg-slate-50" data-stale={stale['data-stale']}>
          <a
            href="#main-content"
            className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-2 focus:ring-indigo-500"
          >
            Skip to content
          </a>
          <Sidebar />
          <div className="flex min-h-dvh min-w-0 flex-col md:pl-64">
            <Header />
            <div className="flex min-w-0 flex-1">
              <main
                id="main-content"
                tabIndex={-1}
                {...stale}
                className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
              >
                <OfflineBanner />
                <VerifyEmailBanner />
                <Outlet />
              </main>
              {showPrices && (
                <div
                  data-prices-panel
                  className="sticky top-16 flex h-[calc(100dvh-4rem)] w-72 shrink-0 border-l border-slate-200 bg-white"
                >
                  <MarketPricesPanel className="w-full" />
                </div>
              )}
            </div>
          </div>
        </div>
      </AddProjectProvider>
    </SignOutProvider>
  );
}
