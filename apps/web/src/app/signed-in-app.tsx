// First import: the schema library must be configured before any schema is built.
import '../lib/zod-config';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageMessage } from '../components/full-page-message';
import { Button } from '../components/ui/button';
import { TooltipProvider } from '../components/ui/tooltip';
import { userInfoQueryOptions } from '../features/account/api/get-user-info';
import { ProfileRoute } from '../features/account/routes/profile-route';
import { SettingsRoute } from '../features/account/routes/settings-route';
import { StaffTicketDetailRoute } from '../features/tickets/routes/staff-ticket-detail-route';
import { StaffTicketsRoute } from '../features/tickets/routes/staff-tickets-route';
import { TicketDetailRoute } from '../features/tickets/routes/ticket-detail-route';
import { FundsRoute } from '../features/pools/routes/funds-route';
import { ProjectDetailRoute } from '../features/projects/routes/project-detail-route';
import { ProjectsRoute } from '../features/projects/routes/projects-route';
import { clearSession } from '../lib/auth-storage';
import { CurrentUserProvider } from '../lib/current-user';
import { DashboardPage } from './dashboard-page';
import { ActivitiesPage, AddFundPage, AlertDetailPage, AlertsPage, FundDetailPage, SupportPage } from './feature-pages';
import { AppLayout } from './layout/app-layout';
import { LoadingScreen } from './loading-screen';

export function SignedInApp() {
  // The auth check: a stored token is only trusted once the server accepts it. A 401 clears the
  // session in the API client, which switches to the signed-out routes.
  const userInfo = useQuery(userInfoQueryOptions);

  if (userInfo.data) {
    // Only signed-in screens have tooltips: the provider (and its positioning library) stays off the login page.
    return (
      <TooltipProvider>
        <CurrentUserProvider user={userInfo.data}>
          <Routes>
            <Route element={<AppLayout />}>
              <Route index element={<DashboardPage />} />
              <Route path="projects" element={<ProjectsRoute />} />
              <Route path="projects/:id" element={<ProjectDetailRoute />} />
              <Route path="activities" element={<ActivitiesPage />} />
              <Route path="alerts" element={<AlertsPage />} />
              <Route path="alerts/:id" element={<AlertDetailPage />} />
              <Route path="funds" element={<FundsRoute />} />
              <Route path="funds/new" element={<AddFundPage />} />
              <Route path="funds/:id" element={<FundDetailPage />} />
              <Route path="profile" element={<ProfileRoute />} />
              <Route path="settings" element={<SettingsRoute />} />
              <Route path="support" element={<SupportPage />} />
              <Route path="support/:id" element={<TicketDetailRoute />} />
              {/* Staff only (product §2.1): everyone else is sent to /. */}
              {userInfo.data.is_staff && <Route path="staff/tickets" element={<StaffTicketsRoute />} />}
              {userInfo.data.is_staff && <Route path="staff/tickets/:id" element={<StaffTicketDetailRoute />} />}
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </CurrentUserProvider>
      </TooltipProvider>
    );
  }

  if (userInfo.isError) {
    return (
      <FullPageMessage>
        <div role="alert" className="flex max-w-sm flex-col items-center gap-4">
          <p className="text-base font-medium text-slate-900">TokenDesk could not be reached.</p>
          <p>Check your connection and try again.</p>
          <div className="flex gap-2">
            <Button onClick={() => void userInfo.refetch()} disabled={userInfo.isFetching} loading={userInfo.isFetching}>
              Try Again
            </Button>
            <Button variant="outline" onClick={clearSession}>
              Sign Out
            </Button>
          </div>
        </div>
      </FullPageMessage>
    );
  }

  return <LoadingScreen />;
}
