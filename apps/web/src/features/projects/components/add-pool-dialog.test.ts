import { describe, expect, it } from 'vitest';
import { addPoolReady } from './add-pool-dialog';

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const poolId = `0x${'ab'.repeat(32)}`;

/** Issue 35 item 5: 'Add Pool' stayed enabled after 'No pool found for this pair on Uniswap V3'. */
describe("the Add Pool dialog's action", () => {
  it('waits for a DEX, a token and a finished lookup', () => {
    expect(addPoolReady({ dexId: '', tokenId: '', lookingUp: false, address: '' })).toBe(false);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: '', lookingUp: false, address })).toBe(false);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'weth', lookingUp: true, address })).toBe(false);
  });

  it('stays disabled after no pool was found (the field is empty) and while the address is incomplete', () => {
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'usdt', lookingUp: false, address: '' })).toBe(false);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'usdt', lookingUp: false, address: '0x1234' })).toBe(false);
  });

  it('sends a found or typed pool address, or a V4 pool id', () => {
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'weth', lookingUp: false, address })).toBe(true);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'weth', lookingUp: false, address: ` ${address.toLowerCase()} ` })).toBe(true);
    expect(addPoolReady({ dexId: 'uniswap-v4', tokenId: 'weth', lookingUp: false, address: poolId })).toBe(true);
  });
});
