/**
 * The tab's connection to TokenDesk as the header shows it (issue 31): 'Live' while the stream is
 * open, 'Reconnecting…' while it is being reopened (or the server refuses it, and polling carries the
 * screens), 'Offline' once the server cannot be reached at all. Pure: the stream loop and the query
 * cache report what happened, this decides what the user is told.
 */
export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface ConnectionState {
  /** Is the stream open right now? */
  streamOpen: boolean;
  /** Failed attempts to (re)open the stream since it was last open. */
  failures: number;
  /** Did the last attempt (of the stream or of any read) fail to reach the server at all? */
  unreachable: boolean;
  /** Did the stream ever open in this tab? (Before that, 'Connecting…', not 'Reconnecting…'.) */
  everOpen: boolean;
  /** When data last arrived from the server (ms since epoch): the 'Figures as of' time. */
  lastDataAt: number | null;
}

export type ConnectionEvent =
  | { type: 'stream-open'; at: number }
  /** The stream ended or could not be opened; `reachable` is false when no answer came at all. */
  | { type: 'stream-failed'; reachable: boolean }
  /** A read answered (any status: the server is there); `ok` when it brought data. */
  | { type: 'data'; ok: boolean; at: number }
  /** A read got no answer at all (ApiError status 0). */
  | { type: 'data-unreachable' }
  /** The browser says it has no network ('offline' event): nothing can reach the server. */
  | { type: 'browser-offline' };

/**
 * One stream attempt that got no answer may be a blip (a restart, a Wi-Fi hand-over): the user is
 * told 'Offline' from the second one, about 1.5 s later at the earliest (backoff.ts).
 */
export const OFFLINE_AFTER_FAILURES = 2;

export const initialConnectionState: ConnectionState = {
  streamOpen: false,
  failures: 0,
  unreachable: false,
  everOpen: false,
  lastDataAt: null,
};

export function nextConnectionState(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'stream-open':
      return { ...state, streamOpen: true, everOpen: true, failures: 0, unreachable: false, lastDataAt: event.at };
    case 'stream-failed': {
      const failures = state.failures + 1;
      return {
        ...state,
        streamOpen: false,
        failures,
        unreachable: event.reachable ? false : state.unreachable || failures >= OFFLINE_AFTER_FAILURES,
      };
    }
    case 'data':
      return { ...state, unreachable: false, lastDataAt: event.ok ? event.at : state.lastDataAt };
    case 'data-unreachable':
      // An open stream proves the server is there; a read lost in between does not make it offline.
      return state.streamOpen ? state : { ...state, unreachable: true };
    case 'browser-offline':
      // An open stream over a lost network may not notice until the heartbeat is missed: the browser knows now.
      return { ...state, streamOpen: false, unreachable: true };
  }
}

export function connectionStatus(state: ConnectionState): ConnectionStatus {
  if (state.unreachable) return 'offline';
  if (state.streamOpen) return 'live';
  return state.everOpen || state.failures > 0 ? 'reconnecting' : 'connecting';
}

/** The indicator's label and the explanation behind it (hover, focus, screen readers). */
export function connectionTexts(status: ConnectionStatus, asOf: string | null): { label: string; explanation: string } {
  switch (status) {
    case 'live':
      return {
        label: 'Live',
        explanation: 'Connected: new swaps, prices and notifications appear as they are indexed.',
      };
    case 'connecting':
      return {
        label: 'Connecting…',
        explanation: 'Opening the live connection; figures refresh on their own meanwhile.',
      };
    case 'reconnecting':
      return {
        label: 'Reconnecting…',
        explanation: 'The live connection dropped; trying again. Figures still refresh every 30 seconds meanwhile.',
      };
    case 'offline':
      return { label: 'Offline', explanation: unreachableMessage(asOf) };
  }
}

/** The one message for a server that cannot be reached (issue 31), wherever an area failed to load. */
export function unreachableMessage(asOf: string | null): string {
  return asOf ? `Can't reach TokenDesk. Figures as of ${asOf}.` : "Can't reach TokenDesk.";
}
