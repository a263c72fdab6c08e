/**
 * The workspace this tab acts in (decision 0087): sent as a header on every API call, so each screen
 * shows that workspace's data. Kept per tab (sessionStorage): two tabs may look at two workspaces.
 * Null: the user's personal workspace (no header). Loaded by the sign-in page too, so no zod here.
 */

/** The contract's WORKSPACE_HEADER (a test checks they agree; the contract's index would load zod). */
export const WORKSPACE_HEADER = 'x-workspace-id';
const KEY = 'tokendesk.workspace';

function read(): number | null {
  try {
    const value = Number(globalThis.sessionStorage?.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

let current: number | null = read();

export function currentWorkspaceId(): number | null {
  return current;
}

export function setCurrentWorkspaceId(id: number | null): void {
  current = id;
  try {
    if (id === null) globalThis.sessionStorage?.removeItem(KEY);
    else globalThis.sessionStorage?.setItem(KEY, String(id));
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

/** The header of the current workspace, for a request to the API. */
export function workspaceHeaders(): Record<string, string> {
  return current === null ? {} : { [WORKSPACE_HEADER]: String(current) };
}
