import { api as endpoints, apiPath, type Project } from '@tokendesk/contract';
import { http, HttpResponse, type PathParams } from 'msw';
import { devnet, devnetDexes, devnetTokens } from '../data-generators';
import { apiError, mockEndpoint } from './api';

/**
 * What every signed-in screen asks for besides its own data (the header's bell, the live stream,
 * the e-mail options), answered as a quiet server would. A test overrides any of them (server.use).
 */
export const baseHandlers = [
  mockEndpoint(endpoints.notifications.unreadCount, () => ({ unread_count: 0 })),
  mockEndpoint(endpoints.networks.list, () => [devnet]),
  mockEndpoint(endpoints.networks.dexOptions, ({ params }) => (Number(params.id) === devnet.id ? devnetDexes : [])),
  mockEndpoint(endpoints.networks.tokenOptions, ({ params }) => (Number(params.id) === devnet.id ? devnetTokens : [])),
  mockEndpoint(endpoints.accountEmail.options, () => ({ email_configured: true, support_contact: null })),
  // One workspace, the user's own: the header shows no switcher (decision 0087).
  mockEndpoint(endpoints.workspaces.list, () => [{ id: 1, name: 'me', role: 'owner' as const, personal: true }]),
  // The live stream opens and stays quiet: no change is pushed unless a test sends one. The
  // unmount at the end of each test aborts it.
  http.get(
    `*${apiPath(endpoints.stream.open)}`,
    () => new HttpResponse(new ReadableStream({ start() {} }), { headers: { 'Content-Type': 'text/event-stream' } }),
  ),
];

/**
 * A project just added, as the server answers for it before anything is indexed: no pools, no USD
 * price, holders pending, no weekly report. The answers of its /projects/{id} screen.
 */
export function newProjectHandlers(project: Project) {
  const own = (params: PathParams) => Number(params.id) === project.id;
  const notFound = () => apiError(404, 'Project not found.');
  return [
    mockEndpoint(endpoints.projects.get, ({ params }) => (own(params) ? project : notFound())),
    mockEndpoint(endpoints.pools.ofProject, ({ params }) => (own(params) ? [] : notFound())),
    mockEndpoint(endpoints.discoveredPools.list, ({ params }) => (own(params) ? { pools: [] } : notFound())),
    mockEndpoint(endpoints.market.ofProject, ({ params }) =>
      own(params)
        ? {
            project_id: project.id,
            price_usd: null,
            change_24h: null,
            liquidity_usd: null,
            market_cap_usd: null,
            fdv_usd: null,
            circulating_supply: null,
            total_supply: null,
            supply_unavailable_reason: null,
            volume_24h_usd: null,
            holders: null,
            price_pool_id: null,
            usd: null,
            usd_unavailable_reason: 'No pool of this project has a USD route yet.',
            block_number: null,
            stale: false,
          }
        : notFound(),
    ),
    // A plain token without pools: no owner, nothing privileged, no proxy, nothing to simulate yet.
    mockEndpoint(endpoints.tokenHealth.card, ({ params }) =>
      own(params)
        ? {
            project_id: project.id,
            token: project.contract_address,
            block: '100',
            ownership: {
              status: 'no_owner_function' as const,
              owner: null,
              block: '100',
              how: 'An eth_call of owner() at this block.',
            },
            privileged: {
              status: 'none' as const,
              functions: [],
              block: '100',
              how: 'The 4-byte selectors, looked for in the runtime code.',
            },
            proxy: {
              status: 'not_proxy' as const,
              standard: null,
              implementation: null,
              admin: null,
              beacon: null,
              block: '100',
              how: 'The proxy slots are empty.',
            },
            trading: [],
            liquidity: [],
          }
        : notFound(),
    ),
    mockEndpoint(endpoints.holders.summary, ({ params }) =>
      own(params)
        ? {
            sync: {
              state: 'pending' as const,
              indexed_block: null,
              target_block: null,
              deploy_block: null,
              progress_pct: null,
              problem: null,
            },
            holder_count: null,
            supply: null,
            supply_source: null,
            balances_source: null,
            reconciliation: {
              status: 'pending' as const,
              block: null,
              checked_at: null,
              supply_from_logs: null,
              total_supply: null,
              supply_on_chain: null,
              difference: null,
              largest_difference: null,
              addresses_checked: 0,
              addresses_differing: 0,
              note: '',
            },
            top10_share_pct: null,
            pools_checked: true,
            top: [],
          }
        : notFound(),
    ),
    mockEndpoint(endpoints.projects.deleteSummary, ({ params }) =>
      own(params) ? { pool_count: 0, alert_count: 0 } : notFound(),
    ),
    mockEndpoint(endpoints.reports.get, ({ params }) =>
      own(params)
        ? {
            project_id: project.id,
            enabled: false,
            email_configured: true,
            email_verified: true,
            last_week: null,
            last_sent_at: null,
            next_report_at: null,
          }
        : notFound(),
    ),
  ];
}
