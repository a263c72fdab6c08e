import type { Endpoint } from './endpoint';
import { accountEmailEndpoints, accountEndpoints } from './account/endpoints';
import { activityEndpoints } from './activity/endpoints';
import { alertEndpoints } from './alerts/endpoints';
import { candleEndpoints } from './candles/endpoints';
import { channelEndpoints } from './channels/endpoints';
import { discoveredPoolEndpoints } from './discovered-pools/endpoints';
import { holderEndpoints } from './holders/endpoints';
import { legalEndpoints } from './legal/endpoints';
import { marketEndpoints } from './market/endpoints';
import { networkEndpoints } from './networks/endpoints';
import { notificationEndpoints } from './notifications/endpoints';
import { poolEndpoints } from './pools/endpoints';
import { projectEndpoints } from './projects/endpoints';
import { reportEndpoints } from './reports/endpoints';
import { staffAccountEndpoints } from './staff-accounts/endpoints';
import { streamEndpoints } from './stream/endpoints';
import { staffTicketEndpoints, ticketEndpoints } from './tickets/endpoints';
import { tokenHealthEndpoints } from './token-health/endpoints';
import { traderEndpoints } from './traders/endpoints';
import { workspaceEndpoints } from './workspaces/endpoints';

export { ALERT_TRIGGER_LIMIT } from './alerts/endpoints';
export { CHANNEL_TEST_WINDOW_MS, CHANNEL_TESTS_PER_CHANNEL, CHANNEL_TESTS_PER_USER } from './channels/endpoints';
export { discoveredPoolParamsSchema } from './discovered-pools/endpoints';
export { NOTIFICATION_LIST_LIMIT } from './notifications/endpoints';
export { projectIdParamsSchema } from './pools/endpoints';
export { STAFF_AUDIT_LIST_MAX } from './staff-accounts/endpoints';

/**
 * Every endpoint of the API, by feature (docs/decisions/0083). The server registers its routes from
 * these entries, the web calls them through one client made from them (lib/api-client.ts), and the
 * OpenAPI document is generated from what the server registered.
 */
export const api = {
  account: accountEndpoints,
  accountEmail: accountEmailEndpoints,
  staffAccounts: staffAccountEndpoints,
  networks: networkEndpoints,
  projects: projectEndpoints,
  market: marketEndpoints,
  pools: poolEndpoints,
  discoveredPools: discoveredPoolEndpoints,
  candles: candleEndpoints,
  traders: traderEndpoints,
  holders: holderEndpoints,
  tokenHealth: tokenHealthEndpoints,
  workspaces: workspaceEndpoints,
  activity: activityEndpoints,
  alerts: alertEndpoints,
  channels: channelEndpoints,
  notifications: notificationEndpoints,
  tickets: ticketEndpoints,
  staffTickets: staffTicketEndpoints,
  reports: reportEndpoints,
  legal: legalEndpoints,
  stream: streamEndpoints,
};

/** Every endpoint, flat: for the budget table and the checks that walk the whole API. */
export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);
}
