/**
 * Roots of the query cache shared by several features. A feature never imports another feature,
 * yet adding a pool in a project must refresh the funds list and the price panel: every query about
 * projects lives under `projectsRootKey`, every query about pools under `poolsRootKey`, and a
 * mutation invalidates the root it affects.
 */
export const projectsRootKey = ['projects'] as const;
export const poolsRootKey = ['pools'] as const;
/** Networks and their DEX and token options come from a config file: they change only on deploy. */
export const networksRootKey = ['networks'] as const;
