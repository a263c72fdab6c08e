import type { Endpoint } from '../endpoint';
import { accountEmailEndpoints, accountEndpoints } from './account';
import { activityEndpoints } from './activity';
import { alertEndpoints } from './alerts';
import { candleEndpoints } from './candles';
import { channelEndpoints } from './channels';
import { discoveredPoolEndpoints } from './discovered-pools';
import { holderEndpoints } from './holders';
import { legalEndpoints } from './legal';
import { marketEndpoints } from './market';
import { networkEndpoints } from './networks';
import { notificationEndpoints } from './notifications';
import { poolEndpoints } from './pools';
import { projectEndpoints } from './projects';
import { reportEndpoints } from './reports';
import { staffAccountEndpoints } from './staff-accounts';
import { streamEndpoints } from './stream';
import { staffTicketEndpoints, ticketEndpoints } from './tickets';
import { traderEndpoints } from './traders';
import { workspaceEndpoints } from './workspaces';

export { ALERT_TRIGGER_LIMIT } from './alerts';
export { CHANNEL_TEST_WINDOW_MS, CHANNEL_TESTS_PER_CHANNEL, CHANNEL_TESTS_PER_USER } from './channels';
export { discoveredPoolParamsSchema } from './discovered-pools';
export { NOTIFICATION_LIST_LIMIT } from './notifications';
export { projectIdParamsSchema } from './pools';
export { STAFF_AUDIT_LIST_MAX } from './staff-accounts';

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
  activity: activityEndpoints,
  alerts: alertEndpoints,
  channels: channelEndpoints,
  notifications: notificationEndpoints,
  tickets: ticketEndpoints,
  staffTickets: staffTicketEndpoints,
  reports: reportEndpoints,
  legal: legalEndpoints,
  stream: streamEndpoints,
  workspaces: workspaceEndpoints,
};

/** Every endpoint, flat: for the budget table and the checks that walk the whole API. */
export function allEndpoints(): Endpoint[] {
  return Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);
}
