import { useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';
import { formatClock } from './format-clock';
import {
  connectionStatus,
  initialConnectionState,
  nextConnectionState,
  unreachableMessage,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStatus,
} from './connection-state';

/**
 * The connection state of this tab, one per page (a tab has one stream). A module store rather
 * than a React context: query options (a refetchInterval) read it outside of any component.
 */
let state: ConnectionState = initialConnectionState;
const listeners = new Set<() => void>();

export function reportConnection(event: ConnectionEvent): void {
  const next = nextConnectionState(state, event);
  if (next === state) return;
  const changed = connectionStatus(next) !== connectionStatus(state) || next.lastDataAt !== state.lastDataAt;
  state = next;
  if (changed) listeners.forEach((listener) => listener());
}

/** Back to the first state (sign-out: the next user's tab starts afresh). */
export function resetConnection(): void {
  state = initialConnectionState;
  listeners.forEach((listener) => listener());
}

export function getConnectionState(): ConnectionState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnection(): { status: ConnectionStatus; lastDataAt: number | null } {
  const current = useSyncExternalStore(subscribe, getConnectionState, getConnectionState);
  return { status: connectionStatus(current), lastDataAt: current.lastDataAt };
}

/**
 * The text of an area that could not load: the one 'Can't reach TokenDesk. Figures as of …'
 * message when no answer came at all, else the area's own (specific) text.
 */
export function useLoadErrorText(): (error: unknown, fallback: string) => string {
  const { lastDataAt } = useConnection();
  return (error, fallback) =>
    isUnreachable(error) ? unreachableMessage(lastDataAt === null ? null : formatClock(lastDataAt)) : fallback;
}

export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * Polling is the fallback of the stream: while the stream is live, a screen's poll only guards
 * against a change the stream could not name, every LIVE_POLL_MS.
 */
export const LIVE_POLL_MS = 5 * 60_000;

export function pollInterval(fallbackMs: number): () => number {
  return () => (connectionStatus(state) === 'live' ? Math.max(fallbackMs, LIVE_POLL_MS) : fallbackMs);
}
