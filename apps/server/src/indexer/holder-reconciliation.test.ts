import { describe, expect, it } from 'vitest';
import { circulatingSupply, reconcile, roundingTolerance } from './holder-reconciliation';

const ZERO = '0x0000000000000000000000000000000000000000';
const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const E18 = 10n ** 18n;
const SUPPLY = 1_000_000n * E18;

const chain = (totalSupply: bigint | null, balances: [string, bigint | null][]) => ({
  block: 7n,
  totalSupply,
  balances: new Map(balances),
});
const logs = (balances: [string, bigint][], supply: bigint, anyBalances = true) => ({
  balances: new Map(balances),
  supply,
  anyBalances,
});

describe('reconcile', () => {
  it('matches when supply and balances agree within rounding', () => {
    const r = reconcile(
      chain(SUPPLY, [
        [ZERO, 0n],
        [A, SUPPLY - 5n * E18 + 3n],
        [B, 5n * E18],
      ]),
      logs(
        [
          [A, SUPPLY - 5n * E18],
          [B, 5n * E18],
        ],
        SUPPLY,
      ),
    );
    expect(r.status).toBe('matches');
    expect(r.addressesChecked).toBe(2);
    expect(r.addressesDiffering).toBe(0);
    expect(r.largestDifference).toBe(3n);
  });

  it('does not count what the logs credit to the zero address against a contract that burns by lowering totalSupply()', () => {
    const r = reconcile(
      chain(SUPPLY - 10n, [
        [ZERO, 0n],
        [A, SUPPLY - 10n],
      ]),
      logs(
        [
          [ZERO, 10n],
          [A, SUPPLY - 10n],
        ],
        SUPPLY - 10n,
      ),
    );
    expect(r.status).toBe('matches');
  });

  it('takes tokens held by the zero address out of the chain supply, as the logs do', () => {
    expect(circulatingSupply(SUPPLY, 20n)).toBe(SUPPLY - 20n);
    expect(circulatingSupply(SUPPLY, null)).toBe(SUPPLY);
    expect(circulatingSupply(10n, 20n)).toBe(10n); // nonsense from a hostile contract: ignored
    const r = reconcile(chain(SUPPLY, [[ZERO, 20n]]), logs([[ZERO, 20n]], SUPPLY - 20n));
    expect(r.status).toBe('matches');
  });

  it('differs beyond rounding: a rebase, a silent mint', () => {
    const rebased = reconcile(chain((SUPPLY * 11n) / 10n, [[A, (SUPPLY * 11n) / 10n]]), logs([[A, SUPPLY]], SUPPLY));
    expect(rebased.status).toBe('differs');
    expect(rebased.addressesDiffering).toBe(1);
    expect(rebased.largestDifference).toBe(SUPPLY / 10n);
    const tolerance = roundingTolerance(SUPPLY);
    expect(reconcile(chain(SUPPLY, [[A, SUPPLY]]), logs([[A, SUPPLY - tolerance]], SUPPLY)).status).toBe('matches');
    expect(reconcile(chain(SUPPLY, [[A, SUPPLY]]), logs([[A, SUPPLY - tolerance - 1n]], SUPPLY)).status).toBe(
      'differs',
    );
  });

  it('corrects the holder count by the checked addresses the logs missed or overcounted, only while they differ', () => {
    const C = '0x00000000000000000000000000000000000000cc';
    // A holds a supply assigned without an event (the logs left A at 0 after it sent to B); C was
    // credited by the logs but holds nothing on chain; the zero address never counts.
    const silent = reconcile(
      chain(SUPPLY, [
        [ZERO, 0n],
        [A, SUPPLY - 5n],
        [B, 5n],
        [C, 0n],
      ]),
      logs(
        [
          [B, 5n],
          [C, 7n],
        ],
        12n,
      ),
    );
    expect(silent.status).toBe('differs');
    expect(silent.holderCountAdjustment).toBe(0); // +1 for A, −1 for C
    expect(
      reconcile(
        chain(SUPPLY, [
          [A, SUPPLY - 5n],
          [B, 5n],
        ]),
        logs([[B, 5n]], 5n),
      ).holderCountAdjustment,
    ).toBe(1);
    expect(reconcile(chain(SUPPLY, [[A, SUPPLY]]), logs([[A, SUPPLY]], SUPPLY)).holderCountAdjustment).toBe(0);
    expect(reconcile(chain(SUPPLY, [[A, SUPPLY]]), logs([], 0n, false)).holderCountAdjustment).toBe(0); // no_logs: no count at all
  });

  it('says no_logs for a supply without any log, unavailable without totalSupply(), and skips failed balanceOf calls', () => {
    expect(reconcile(chain(SUPPLY, [[A, SUPPLY]]), logs([], 0n, false)).status).toBe('no_logs');
    expect(reconcile(chain(0n, []), logs([], 0n, false)).status).toBe('matches'); // nothing to count, truly 0
    const unavailable = reconcile(chain(null, [[A, 1n]]), logs([[A, 1n]], 1n));
    expect(unavailable.status).toBe('unavailable');
    expect(unavailable.reason).toMatch(/totalSupply/);
    const partial = reconcile(
      chain(SUPPLY, [
        [A, null],
        [B, SUPPLY],
      ]),
      logs([[B, SUPPLY]], SUPPLY),
    );
    expect(partial.status).toBe('matches');
    expect(partial.addressesChecked).toBe(1);
  });
});
