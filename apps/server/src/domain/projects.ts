import type { ProjectRow } from '../db/schema';

/**
 * A project as the lists and the market figures read it: its row with the holder count of its token
 * (null until the token's history is indexed). Here because two features answer it
 * (features/projects reads it, features/market values it) and features do not import each other.
 */
export type ProjectWithHolders = ProjectRow & { holderCount?: number | null; holdersUnavailable?: boolean | null };
