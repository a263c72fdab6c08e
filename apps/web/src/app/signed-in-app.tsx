// First import: the schema library must be configured before any schema is built.
import '../lib/zod-config';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageMessage } from '../components/full-page-message';
import { Button } from '../components/ui/button';
import { TooltipProvider } from '../components/ui/tooltip';
import { userInfoQueryOptions } from '../features/account/api/get-user-info';
import { clearSession } from '../lib/auth-storage';
import { CurrentUserProvider } from '../lib/current-user';
import { paths, routePatterns } from '../lib/paths';
import { ChooseOwnPassword } from './choose-own-password';
import { AppLayout } from './layout/app-layout';
import { LiveStream } from './live/live-stream';
import { LoadingScreen } from './loading-screen';
import { ProfileRoute } from './routes/account/profile';
import { SettingsRoute } from './routes/account/settings';
import { ChannelsRoute } from './routes/account/channels';
import { InviteRoute } from './routes/account/invite';
import { MembersRoute } from './routes/account/members';
import { ActivitiesRoute } from './routes/activity/activities';
import { AlertDetailRoute } from './routes/alerts/alert-detail';
import { AlertsRoute } from './routes/alerts/alerts';
import { DashboardRoute } from './routes/dashboard/dashboard';
import { AddPoolRoute } from './routes/pools/add-pool';
import { PoolDetailRoute } from './routes/pools/pool-detail';
import { PoolsRoute } from './routes/pools/pools';
import { ProjectDetailRoute } from './routes/projects/project-detail';
import { ProjectsRoute } from './routes/projects/projects';
import { StaffTicketDetailRoute } from './routes/tickets/staff-ticket-detail';
import { StaffTicketsRoute } from './routes/tickets/staff-tickets';
import { TicketDetailRoute } from './routes/tickets/ticket-detail';
import { TicketsRoute } from './routes/tickets/tickets';

export function SignedInApp() {
  // The auth check: a stored token is only trusted once the server accepts it. A 401 clears the
  // session in the API client, which switches to the signed-out routes.
  const userInfo = useQuery(userInfoQueryOptions);

  if (userInfo.data?.password_change_required) return <ChooseOwnPassword user={userInfo.data} />;

  if (userInfo.data) {
    // Only signed-in screens have tooltips: the provider (and its positioning library) stays off the login page.
    return (
      <TooltipProvider>
        <CurrentUserProvider user={userInfo.data}>
          <LiveStream />
          <Routes>
            <Route element={<AppLayout />}>
              <Route index element={<DashboardRoute />} />
              <Route path={paths.projects} element={<ProjectsRoute />} />
              <Route path={routePatterns.project} element={<ProjectDetailRoute />} />
              <Route path={paths.activities} element={<ActivitiesRoute />} />
              <Route path={paths.alerts} element={<AlertsRoute />} />
              <Route path={routePatterns.alert} element={<AlertDetailRoute />} />
              <Route path={paths.pools} element={<PoolsRoute />} />
              <Route path={paths.newPool} element={<AddPoolRoute />} />
              <Route path={routePatterns.pool} element={<PoolDetailRoute />} />
              <Route path={paths.profile} element={<ProfileRoute />} />
              <Route path={paths.settings} element={<SettingsRoute />} />
              <Route path={paths.channels} element={<ChannelsRoute />} />
              <Route path={paths.members} element={<MembersRoute />} />
              <Route path={paths.invite} element={<InviteRoute />} />
              {/* The delivery worker's 'Channel paused' notice links here. */}
              <Route path="/account/settings" element={<Navigate to={paths.channels} replace />} />
              <Route path={paths.tickets} element={<TicketsRoute />} />
              <Route path={routePatterns.ticket} element={<TicketDetailRoute />} />
              {/* Staff only (product §2.1): everyone else is sent to /. */}
              {userInfo.data.is_staff && <Route path={paths.staffTickets} element={<StaffTicketsRoute />} />}
              {userInfo.data.is_staff && (
                <Route path={routePatterns.staffTicket} element={<StaffTicketDetailRoute />} />
              )}
            </Route>
            <Route path="*" element={<Navigate to={paths.home} replace />} />
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
            <Button
              onClick={() => void userInfo.refetch()}
              disabled={userInfo.isFetching}
              loading={userInfo.isFetching}
            >
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
