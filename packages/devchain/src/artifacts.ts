import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

function load(path: string): Artifact {
  // v2 builds (waffle) and v3 artifacts (hardhat) both carry `abi` and a creation `bytecode`;
  // waffle's is unprefixed.
  const json = require(path) as { abi: Abi; bytecode: string };
  const hex = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`;
  return { abi: json.abi, bytecode: hex as Hex };
}

let cache: ReturnType<typeof loadAll> | undefined;

function loadAll() {
  return {
    weth9: load('@uniswap/v2-periphery/build/WETH9.json'),
    uniswapV2Factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    uniswapV2Pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
    uniswapV2Router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    uniswapV3Factory: load('@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json'),
    uniswapV3Pool: load('@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json'),
    nonfungiblePositionManager: load(
      '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
    ),
    swapRouter: load('@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json'),
  };
}

/** The Uniswap build artifacts from their npm packages, loaded on first use (a few MB of JSON). */
export function uniswapArtifacts(): ReturnType<typeof loadAll> {
  cache ??= loadAll();
  return cache;
}

/** Init code hashes the periphery contracts have compiled in (UniswapV2Library, PoolAddress). */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';
export const UNISWAP_V3_POOL_INIT_CODE_HASH: Hex = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';
