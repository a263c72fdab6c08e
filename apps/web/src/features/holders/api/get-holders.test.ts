import { describe, expect, it } from 'vitest';
import { HOLDER_SYNC_POLL_MS, holderPollInterval } from './get-holders';

describe('holderPollInterval', () => {
  it('polls while the holders are being built and stops once they are live', () => {
    expect(holderPollInterval('pending')).toBe(HOLDER_SYNC_POLL_MS);
    expect(holderPollInterval('indexing')).toBe(HOLDER_SYNC_POLL_MS);
    expect(holderPollInterval('live')).toBe(false);
    expect(holderPollInterval('unavailable')).toBe(false);
    expect(holderPollInterval(undefined)).toBe(false);
  });

  it('polls a live token until its first check against the chain has run', () => {
    expect(holderPollInterval('live', 'pending')).toBe(HOLDER_SYNC_POLL_MS);
    expect(holderPollInterval('live', 'matches')).toBe(false);
    expect(holderPollInterval('live', 'differs')).toBe(false);
    expect(holderPollInterval('live', 'no_logs')).toBe(false);
  });
});
