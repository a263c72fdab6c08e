import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';
import type { Artifact } from './artifacts.js';

const require = createRequire(import.meta.url);

/** Foundry artifacts (v4-core out/, v4-periphery foundry-out/) keep the creation code under bytecode.object. */
function load(path: string): Artifact {
  const json = require(path) as { abi: Abi; bytecode: { object: string } };
  return { abi: json.abi, bytecode: json.bytecode.object as Hex };
}

let cache: ReturnType<typeof loadAll> | undefined;

function loadAll() {
  return {
    // @uniswap/v4-core 1.0.2 and @uniswap/v4-periphery 1.0.3, as published: BUSL-1.1 code deployed
    // on the local devnet only (docs/decisions/0041-v4-devnet-busl.md). They need Cancun (transient storage).
    poolManager: load('@uniswap/v4-core/out/PoolManager.sol/PoolManager.json'),
    poolSwapTest: load('@uniswap/v4-core/out/PoolSwapTest.sol/PoolSwapTest.json'),
    poolModifyLiquidityTest: load('@uniswap/v4-core/out/PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json'),
    stateView: load('@uniswap/v4-periphery/foundry-out/StateView.sol/StateView.json'),
  };
}

/** The Uniswap V4 build artifacts, loaded on first use (about 0.5 MB of JSON). */
export function uniswapV4Artifacts(): ReturnType<typeof loadAll> {
  cache ??= loadAll();
  return cache;
}
