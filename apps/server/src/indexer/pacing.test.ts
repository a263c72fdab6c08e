import { describe, expect, it } from 'vitest';
import { nextPoolStep } from './pacing';

describe('the pool loop between full ticks (decision 0062)', () => {
  const poll = 2_000;
  it('reads senders alone, at once, while only senders are behind and the poll interval is not up', () => {
    expect(nextPoolStep({ eventsCaughtUp: true, sendersBehind: true, sinceTickMs: 0 }, poll)).toEqual({
      step: 'senders',
      inMs: 0,
    });
    expect(nextPoolStep({ eventsCaughtUp: true, sendersBehind: true, sinceTickMs: 1_999 }, poll)).toEqual({
      step: 'senders',
      inMs: 0,
    });
  });
  it('comes back to a full tick once a poll interval has passed, so new blocks never wait for the backlog', () => {
    expect(nextPoolStep({ eventsCaughtUp: true, sendersBehind: true, sinceTickMs: 2_000 }, poll)).toEqual({
      step: 'tick',
      inMs: 0,
    });
  });
  it('ticks again at once while the logs are behind, whatever the senders', () => {
    expect(nextPoolStep({ eventsCaughtUp: false, sendersBehind: true, sinceTickMs: 0 }, poll)).toEqual({
      step: 'tick',
      inMs: 0,
    });
    expect(nextPoolStep({ eventsCaughtUp: false, sendersBehind: false, sinceTickMs: 5_000 }, poll)).toEqual({
      step: 'tick',
      inMs: 0,
    });
  });
  it('waits the rest of the poll interval once nothing is behind', () => {
    expect(nextPoolStep({ eventsCaughtUp: true, sendersBehind: false, sinceTickMs: 0 }, poll)).toEqual({
      step: 'tick',
      inMs: 2_000,
    });
    expect(nextPoolStep({ eventsCaughtUp: true, sendersBehind: false, sinceTickMs: 1_500 }, poll)).toEqual({
      step: 'tick',
      inMs: 500,
    });
    expect(nextPoolStep({ eventsCaughtUp: true, sendersBehind: false, sinceTickMs: 9_000 }, poll)).toEqual({
      step: 'tick',
      inMs: 0,
    });
  });
});
