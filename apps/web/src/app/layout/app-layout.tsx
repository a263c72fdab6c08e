import { Outlet } from 'react-router';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SignOutProvider } from './sign-out';

export function AppLayout() {
  return (
    <SignOutProvider>
      <div className="min-h-dvh bg-slate-50">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-2 focus:ring-indigo-500"
        >
          Skip to content
        </a>
        <Sidebar />
        <div className="flex min-h-dvh min-w-0 flex-col md:pl-64">
          <Header />
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8">
            <Outlet />
          </main>
        </div>
      </div>
    </SignOutProvider>
  );
}
