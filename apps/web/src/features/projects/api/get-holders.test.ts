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
});
