/** SPEC §6: dashboard lists show at most 5. */
export const DASHBOARD_LIST_LIMIT = 5;
