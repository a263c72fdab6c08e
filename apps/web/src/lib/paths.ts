/**
 * Every in-app address, built in one module: the route tables (app/app-routes.tsx,
 * app/signed-in-app.tsx) and every Link, NavLink and navigate() take them from here, so a screen's
 * address is written once. The addresses are the product's (docs/product.md §2.1): the pools live
 * under /funds and the tickets under /support, although the code calls them pools and tickets.
 *
 * Paths to one record take its id; `routePatterns` are the same paths with the route table's
 * `:id` parameter.
 */

const PROJECTS = '/projects';
const ACTIVITIES = '/activities';
const ALERTS = '/alerts';
const POOLS = '/funds';
const TICKETS = '/support';
const STAFF_TICKETS = '/staff/tickets';
const LOGIN = '/login';

export const paths = {
  home: '/',
  login: LOGIN,
  register: '/register',
  /** Sign-in after a new account (product §2.5: 'Account created. Please sign in.'). */
  loginAfterRegistration: `${LOGIN}?registered=true`,
  /** Sign-in after a password change, which ended every session (product §2.12). */
  loginAfterPasswordChange: `${LOGIN}?password_changed=true`,
  /** Sign-in after a reset by e-mailed link, which also ended every session (decision 0039). */
  loginAfterPasswordReset: `${LOGIN}?password_reset=true`,
  forgotPassword: '/forgot-password',
  /** The operator's texts (issue 35), open signed in or out. */
  terms: '/terms',
  privacy: '/privacy',
  /** Where e-mailed links lead, signed in or out (decision 0039); the server builds them with PUBLIC_URL. */
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** Sign-in that returns to `query`'s page afterwards (the query holds the return parameter). */
  loginReturningTo: (query: URLSearchParams) => `${LOGIN}?${query}`,

  projects: PROJECTS,
  project: (id: number) => `${PROJECTS}/${id}`,

  activities: ACTIVITIES,
  /** The activity feed filtered to one pool (and its project). */
  poolActivities: (projectId: number, poolId: number) => `${ACTIVITIES}?project=${projectId}&pool=${poolId}`,
  /** The activity feed of one trader (a transaction sender), optionally in one pool. */
  traderActivities: (trader: string, poolId?: number) =>
    `${ACTIVITIES}?trader=${trader}${poolId === undefined ? '' : `&pool=${poolId}`}`,

  alerts: ALERTS,
  alert: (id: number) => `${ALERTS}/${id}`,

  pools: POOLS,
  /** The pools list filtered to one project. */
  projectPools: (projectId: number) => `${POOLS}?project=${projectId}`,
  newPool: `${POOLS}/new`,
  pool: (id: number) => `${POOLS}/${id}`,

  profile: '/profile',
  settings: '/settings',
  /** Where alerts are delivered besides the bell, and each channel's delivery log (docs/decisions/0038). */
  channels: '/settings/channels',
  /** The current workspace's members and invites (decision 0087). */
  members: '/settings/members',
  /** Where an invite link leads; its token is in the fragment. */
  invite: '/invite',

  tickets: TICKETS,
  ticket: (id: number) => `${TICKETS}/${id}`,
  staffTickets: STAFF_TICKETS,
  staffTicket: (id: number) => `${STAFF_TICKETS}/${id}`,
} as const;

/** The route table's patterns: the paths above with `:id` where a record's id goes. */
export const routePatterns = {
  project: `${PROJECTS}/:id`,
  alert: `${ALERTS}/:id`,
  pool: `${POOLS}/:id`,
  ticket: `${TICKETS}/:id`,
  staffTicket: `${STAFF_TICKETS}/:id`,
} as const;
