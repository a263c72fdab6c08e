import { useQueryClient } from '@tanstack/react-query';
import type { StreamChange } from '@tokendesk/contract';
import { useEffect } from 'react';
import { isUnreachable, reportConnection, resetConnection } from '../../lib/live/connection-store';
import { runStreamLoop } from '../../lib/live/stream-loop';
import { useAuthToken } from '../use-auth-token';
import { applyStreamChange } from './stream-invalidations';

/**
 * One live stream per signed-in tab (issue 31), mounted once at the root of the signed-in app. Each
 * change refetches the queries it touches; a reopened stream refetches everything on screen (what
 * happened while it was down was not heard). The reads themselves tell the connection state whether
 * the server answers at all, so 'Offline' and 'Figures as of …' hold without the stream too.
 */
/**
 * How long changes are gathered before they are applied: long enough to hear a list change twice
 * (this server's own write, then the same through PostgreSQL, milliseconds apart), short beside
 * the 2 s a change may take to show (the whole path from block to screen is ~1 s on the devnet).
 */
const BATCH_MS = 40;

export function useLiveStream(): void {
  const queryClient = useQueryClient();
  const token = useAuthToken();

  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success') reportConnection({ type: 'data', ok: true, at: Date.now() });
      else if (event.action.type === 'error') {
        reportConnection(
          isUnreachable(event.action.error)
            ? { type: 'data-unreachable' }
            : { type: 'data', ok: false, at: Date.now() },
        );
      }
    });
  }, [queryClient]);

  useEffect(() => {
    if (!token) return;
    let controller: AbortController | null = null;
    // Changes heard within BATCH_MS are applied together, each once: a list change comes twice (this
    // server's own write, then the same write through PostgreSQL), and a busy chain sends a block a tick.
    const pending = new Map<string, StreamChange>();
    let flush: ReturnType<typeof setTimeout> | null = null;
    const batch = (change: StreamChange) => {
      pending.set(JSON.stringify(change), change);
      flush ??= setTimeout(() => {
        flush = null;
        const changes = [...pending.values()];
        pending.clear();
        for (const c of changes) void applyStreamChange(queryClient, c);
      }, BATCH_MS);
    };
    const start = () => {
      controller = new AbortController();
      void runStreamLoop({
        token: () => token,
        fetch: (input, init) => window.fetch(input, init),
        onChange: (change) => batch(change),
        onReconnected: () => void queryClient.invalidateQueries(),
        // The stream is not the judge of the session: a password change revokes it while its
        // screen still counts down to the sign-out, and any read's 401 ends the session as before.
        // The stream just stops; polling carries the screens until a read says who is signed in.
        onUnauthorized: () => reportConnection({ type: 'stream-failed', reachable: true }),
        report: reportConnection,
        signal: controller.signal,
      });
    };
    // The browser knows at once when its network is gone, long before a missed heartbeat would tell:
    // the stream stops and the screen says it is offline; when the network is back the stream
    // reopens and everything on screen is refetched (what happened meanwhile was not heard).
    const offline = () => {
      controller?.abort();
      controller = null;
      reportConnection({ type: 'browser-offline' });
    };
    const online = () => {
      if (controller) return;
      start();
      void queryClient.invalidateQueries();
    };
    if (navigator.onLine === false) offline();
    else start();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      controller?.abort();
      if (flush) clearTimeout(flush);
      resetConnection();
    };
  }, [queryClient, token]);
}
