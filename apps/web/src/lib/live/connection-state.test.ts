import { describe, expect, it } from 'vitest';
import {
  connectionStatus,
  connectionTexts,
  initialConnectionState,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-state';

const run = (events: ConnectionEvent[], from: ConnectionState = initialConnectionState) =>
  events.reduce(nextConnectionState, from);

describe('the connection state the header shows (issue 31)', () => {
  it("is 'Connecting…' at first, 'Live' once the stream opens", () => {
    expect(connectionStatus(initialConnectionState)).toBe('connecting');
    expect(connectionStatus(run([{ type: 'stream-open', at: 1 }]))).toBe('live');
  });

  it("turns 'Reconnecting…' when the stream drops, 'Offline' from the second attempt without an answer, 'Live' again on reopen", () => {
    const live = run([{ type: 'stream-open', at: 1_000 }]);
    const dropped = run([{ type: 'stream-failed', reachable: false }], live);
    expect(connectionStatus(dropped)).toBe('reconnecting');
    const offline = run([{ type: 'stream-failed', reachable: false }], dropped);
    expect(connectionStatus(offline)).toBe('offline');
    expect(offline.lastDataAt).toBe(1_000);
    expect(connectionStatus(run([{ type: 'stream-open', at: 9_000 }], offline))).toBe('live');
  });

  it("stays 'Reconnecting…', not 'Offline', while the server answers but refuses the stream (a 429): polling carries the screens", () => {
    const refused = run([
      { type: 'stream-failed', reachable: true },
      { type: 'stream-failed', reachable: true },
      { type: 'stream-failed', reachable: true },
    ]);
    expect(connectionStatus(refused)).toBe('reconnecting');
  });

  it("goes 'Offline' when a read gets no answer while the stream is down, and back when a read answers", () => {
    const down = run([
      { type: 'data', ok: true, at: 5 },
      { type: 'stream-failed', reachable: true },
      { type: 'data-unreachable' },
    ]);
    expect(connectionStatus(down)).toBe('offline');
    expect(down.lastDataAt).toBe(5);
    const back = run([{ type: 'data', ok: false, at: 9 }], down);
    expect(connectionStatus(back)).toBe('reconnecting');
    // A failed read brings no figures: the 'as of' time stays.
    expect(back.lastDataAt).toBe(5);
  });

  it("is offline at once when the browser says its network is gone, keeping the last figures' time, and reconnects after", () => {
    const down = run([{ type: 'stream-open', at: 7 }, { type: 'browser-offline' }]);
    expect(connectionStatus(down)).toBe('offline');
    expect(down.lastDataAt).toBe(7);
    expect(connectionStatus(nextConnectionState(down, { type: 'stream-failed', reachable: true }))).toBe(
      'reconnecting',
    );
  });

  it('an open stream outweighs one lost read', () => {
    expect(connectionStatus(run([{ type: 'stream-open', at: 1 }, { type: 'data-unreachable' }]))).toBe('live');
  });

  it('says each state in words, with an explanation; offline names the time of the last figures', () => {
    expect(connectionTexts('live', null).label).toBe('Live');
    expect(connectionTexts('reconnecting', null).label).toBe('Reconnecting…');
    expect(connectionTexts('offline', '21:40')).toEqual({
      label: 'Offline',
      explanation: "Can't reach TokenDesk. Figures as of 21:40.",
    });
    expect(connectionTexts('offline', null).explanation).toBe("Can't reach TokenDesk.");
    for (const status of ['live', 'connecting', 'reconnecting'] as const)
      expect(connectionTexts(status, null).explanation.length).toBeGreaterThan(20);
  });
});
