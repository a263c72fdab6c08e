import { describe, expect, it } from 'vitest';
import { inRangeAmounts, liquidityAmounts, MAX_TICK, MIN_TICK, sqrtPriceAtTick } from '../../src/chain/v4-math';
import { hookFlags, poolIdOf } from '../../src/chain/v4-pools';

/*
 * The V4 math against v4-core's own constants (TickMath.MIN_SQRT_PRICE / MAX_SQRT_PRICE) and the
 * hook permission bits of Hooks.sol; the devnet test (v4-pools.test.ts) checks the amounts against
 * the PoolManager's balances.
 */
describe('V4 math', () => {
  it('sqrtPriceAtTick matches TickMath at 0 and at both ends', () => {
    expect(sqrtPriceAtTick(0)).toBe(2n ** 96n);
    expect(sqrtPriceAtTick(MIN_TICK)).toBe(4295128739n);
    expect(sqrtPriceAtTick(MAX_TICK)).toBe(1461446703485210103287273052203988822378723970342n);
    expect(() => sqrtPriceAtTick(MAX_TICK + 1)).toThrow(RangeError);
  });

  it('a position below, inside and above the price holds token0 only, both, token1 only', () => {
    const L = 10n ** 18n;
    const price = sqrtPriceAtTick(0);
    expect(liquidityAmounts(price, 60, 120, L)).toMatchObject({ amount1: 0n });
    expect(liquidityAmounts(price, 60, 120, L).amount0 > 0n).toBe(true);
    expect(liquidityAmounts(price, -120, -60, L)).toMatchObject({ amount0: 0n });
    const inside = liquidityAmounts(price, -60, 60, L);
    expect(inside.amount0 > 0n && inside.amount1 > 0n).toBe(true);
    // Removing rounds down, adding up: never more out than went in.
    const out = liquidityAmounts(price, -60, 60, -L);
    expect(-out.amount0 <= inside.amount0 && inside.amount0 + out.amount0 <= 1n).toBe(true);
    expect(inRangeAmounts(price, L)).toEqual({ amount0: L, amount1: L });
  });

  it('hook flags are the low 14 bits of the hooks address, named as in Hooks.sol', () => {
    expect(hookFlags('0x0000000000000000000000000000000000000000')).toEqual([]);
    expect(hookFlags('0xd12bC69f6E41Ac7976B930BC338D5e8671DFd440')).toEqual([
      'afterInitialize',
      'afterAddLiquidity',
      'afterSwap',
    ]);
    expect(hookFlags('0x0000000000000000000000000000000000003fff')).toHaveLength(14);
    expect(hookFlags('0x0000000000000000000000000000000000002001')).toEqual([
      'beforeInitialize',
      'afterRemoveLiquidityReturnDelta',
    ]);
  });

  it('the pool id is keccak256 of the abi-encoded key (the devnet DEMO/ETH pool)', () => {
    const id = poolIdOf({
      currency0: '0x0000000000000000000000000000000000000000',
      currency1: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      fee: 3000,
      tickSpacing: 60,
      hooks: '0x0000000000000000000000000000000000000000',
    });
    expect(id).toBe('0x017ba77ad9921f21540f49c5d274a85e2d6051f3605408cc20f57cda153166ea');
  });
});
