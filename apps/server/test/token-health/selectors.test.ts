import { describe, expect, it } from 'vitest';
import { privilegedIn, pushedSelectors } from '../../src/chain/token-health/selectors';
import { probeArtifactIsCurrent } from '../../scripts/build-token-health-probe';

describe('privileged functions by selector', () => {
  it('reads PUSH4 selectors from the code and never the data of another PUSH as an opcode', () => {
    // PUSH4 40c10f19 (mint(address,uint256)) EQ, then PUSH32 whose data holds 63 8456cb59 (PUSH4 pause()) as bytes.
    const code = `0x6340c10f1914${'7f'}${'00'.repeat(27)}638456cb59${'00'}`;
    const found = privilegedIn([code]).map((s) => s.signature);
    expect(found).toEqual(['mint(address,uint256)']);
    expect(pushedSelectors(code).has(0x8456cb59)).toBe(false);
  });

  it('a selector that starts with a zero byte is found in its PUSH3 form only', () => {
    // 0x00aabbcc as PUSH3 aabbcc is a selector; as PUSH4 00aabbcc it is not solc's form and is ignored.
    expect(pushedSelectors('0x62aabbcc').has(0xaabbcc)).toBe(true);
    expect(pushedSelectors('0x6300aabbcc').has(0xaabbcc)).toBe(false);
  });

  it('garbage and truncated code give no selector and no error', () => {
    expect(privilegedIn(['0x', '0xzz', '0x63', '0x6340c1'])).toEqual([]);
  });

  it('the probe artifact is a fresh compile of TokenHealthProbe.sol', () => {
    expect(probeArtifactIsCurrent(), 'run: npx tsx apps/server/scripts/build-token-health-probe.ts').toBe(true);
  }, 120_000);
});
