import { keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { generatedIsCurrent } from '../scripts/build-artifacts.js';
import { UNISWAP_V2_PAIR_INIT_CODE_HASH, UNISWAP_V3_POOL_INIT_CODE_HASH, uniswapArtifacts } from './artifacts.js';

describe('Uniswap artifacts', () => {
  const u = uniswapArtifacts();

  it('V2: the router computes pair addresses with the hash of the v2-core pair bytecode', () => {
    expect(keccak256(u.uniswapV2Pair.bytecode)).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH);
    expect(u.uniswapV2Router02.bytecode).toContain(UNISWAP_V2_PAIR_INIT_CODE_HASH.slice(2));
  });

  it('V3: the periphery computes pool addresses with the hash of the v3-core pool bytecode', () => {
    expect(keccak256(u.uniswapV3Pool.bytecode)).toBe(UNISWAP_V3_POOL_INIT_CODE_HASH);
    expect(u.nonfungiblePositionManager.bytecode).toContain(UNISWAP_V3_POOL_INIT_CODE_HASH.slice(2));
    expect(u.swapRouter.bytecode).toContain(UNISWAP_V3_POOL_INIT_CODE_HASH.slice(2));
  });
});

describe('our contracts', () => {
  it('src/generated/contracts.ts matches a fresh solc-js compile of contracts/', () => {
    expect(generatedIsCurrent(), 'run: npx tsx packages/devchain/scripts/build-artifacts.ts').toBe(true);
  });
});

describe('the trait tokens', () => {
  it('src/generated/trait-tokens.ts matches a fresh solc-js compile of contracts/DevnetTraitTokens.sol', async () => {
    const { traitTokensGeneratedAreCurrent } = await import('../scripts/build-trait-tokens.js');
    expect(traitTokensGeneratedAreCurrent(), 'run: npx tsx packages/devchain/scripts/build-trait-tokens.ts').toBe(true);
  }, 120_000);
});
