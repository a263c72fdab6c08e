/**
 * Roots of the query cache shared by several features. A feature never imports another feature,
 * yet adding a pool in a project must refresh the funds list and the price panel: every query about
 * projects lives under `projectsRootKey`, every query about pools under `poolsRootKey`, and a
 * mutation invalidates the root it affects.
 */
export const projectsRootKey = ['projects'] as const;
export const poolsRootKey = ['pools'] as const;
/**
 * A project's weekly-report setting (features/reports). Here rather than in its feature because
 * deleting the project (features/projects) must drop it from the cache before anything refetches
 * it: a refetch on the still-mounted detail screen would answer 404.
 */
export const weeklyReportQueryKey = (projectId: number) => [...projectsRootKey, 'weekly-report', projectId] as const;
/** A project's 'Token health' card (features/token-health), here for the same reason as the weekly report's. */
export const tokenHealthQueryKey = (projectId: number) => [...projectsRootKey, 'token-health', projectId] as const;
/** Networks and their DEX and token options come from a config file: they change only on deploy. */
export const networksRootKey = ['networks'] as const;
/**
 * Alerts are deleted with their pool or project, and fire from indexed events: the projects
 * feature and the notification bell invalidate this root.
 */
export const alertsRootKey = ['alerts'] as const;
/** Swaps and liquidity changes of the user's pools (the indexer adds to them all the time). */
export const activityRootKey = ['activity'] as const;
/** The bell: the unread count and the newest notifications. */
export const notificationsRootKey = ['notifications'] as const;
/** Support tickets (the user's and the staff console's); a ticket notification invalidates it. */
export const ticketsRootKey = ['tickets'] as const;
/**
 * Pools the new-pool watch found for a project and that are not attached yet. The bell
 * invalidates it when a notification arrives: one of them may be a 'New pool found'.
 */
export const discoveredPoolsRootKey = ['discovered-pools'] as const;
/**
 * The user's notification channels (docs/decisions/0038): the channels screen changes them, the
 * alert form lists them to choose from.
 */
export const channelsRootKey = ['channels'] as const;

/** The pool lists and every query about one pool (detail, history, candles, traders): adding or deleting a pool refreshes them all. */
export const poolsQueryKey = [...poolsRootKey, 'funds'] as const;
/** One project (features/projects); the holders card refreshes it when the holder count it shows changes. */
export const projectQueryKey = (id: number) => [...projectsRootKey, 'detail', id] as const;
/** The projects list (features/projects). */
export const projectsQueryKey = [...projectsRootKey, 'list'] as const;
/** A project's holders (features/holders); attaching a pool relabels its holders, deleting the project drops them. */
export const holdersQueryKey = (projectId: number) => [...projectsRootKey, 'holders', projectId] as const;
/** A project's holder-count history, under its holders. */
export const holderHistoryQueryKey = (projectId: number) => [...holdersQueryKey(projectId), 'history'] as const;
/** The pools the new-pool watch found for one project (features/discovered-pools). */
export const discoveredPoolsQueryKey = (projectId: number) => [...discoveredPoolsRootKey, projectId] as const;
/** A project's market figures (features/market), valued from its pools. */
export const projectMarketQueryKey = (id: number) => [...poolsRootKey, 'project-market', id] as const;
