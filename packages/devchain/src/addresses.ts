import type { Address, Hex } from 'viem';

export const DEVNET_CHAIN_ID = 31337;

export interface DevnetAddresses {
  deployer: Address;
  weth: Address;
  usdc: Address;
  usdt: Address;
  demo: Address;
  smpl: Address;
  /** An ERC-20 whose name() and symbol() return bytes32 (like MKR). */
  bytes32Token: Address;
  /** A contract without ERC-20 methods (its code also marks a completed seed). */
  notAToken: Address;
  uniswapV2Factory: Address;
  uniswapV2Router: Address;
  uniswapV3Factory: Address;
  positionManager: Address;
  /** Uniswap V3 SwapRouter, used for the demo swaps on the V3 pool. */
  uniswapV3Router: Address;
  /** Canonical Multicall3 address, the same as on every real network. */
  multicall3: Address;
  /**
   * demoWethV2, demoUsdcV2, smplWethV3 and, since the USD figures, wethUsdcV3: the reference pool
   * (Uniswap V3 0.05%) that prices WETH in USDC (docs/decisions/0036).
   */
  pools: { demoWethV2: Address; demoUsdcV2: Address; smplWethV3: Address; wethUsdcV3: Address };
  /** Uniswap V4: the singleton PoolManager, its StateView, v4-core's test routers and the hook. */
  v4: DevnetV4Addresses;
  /** Algebra Integral (core 1.2), deployed by anvil account 8 (docs/decisions/0061). */
  algebra: DevnetAlgebraAddresses;
  /** LFJ Liquidity Book v2.2, deployed by anvil account 9 (docs/decisions/0061). */
  lfj: DevnetLfjAddresses;
  /** Aerodrome's Solidly V2 (docs/decisions/0060), deployed by SOLIDLY_DEPLOYER. */
  solidly: DevnetSolidlyAddresses;
  /** Aerodrome's Slipstream (concentrated liquidity, docs/decisions/0060), deployed by SOLIDLY_DEPLOYER. */
  slipstream: DevnetSlipstreamAddresses;
}

export interface DevnetAlgebraAddresses {
  factory: Address;
  poolDeployer: Address;
  /** DevnetAlgebraRouter (ours): swaps and positions for the demo accounts through the pools' callbacks. */
  router: Address;
  /** demoWeth: DEMO/WETH, no plugin, the factory's default fee (0.05 %) and tick spacing (60). */
  pools: { demoWeth: Address };
}

export interface DevnetLfjAddresses {
  factory: Address;
  /** The LBPair every pair is an immutable clone of. */
  pairImplementation: Address;
  router: Address;
  /** demoUsdc: DEMO (token X) / USDC (token Y), bin step 25. */
  pairs: { demoUsdc: Address };
}

export interface DevnetSolidlyAddresses {
  /** DAI (18 decimals), the stable pool's second dollar: account 7 holds its supply (USDT is all account 0's). */
  dai: Address;
  /** The Pool every pool is an EIP-1167 clone of. */
  poolImplementation: Address;
  poolFactory: Address;
  /** Aerodrome's FactoryRegistry: the Router prices routes only through an approved factory. */
  factoryRegistry: Address;
  /** DevnetSolidlyVoter, our stand-in for Aerodrome's Voter (no gauges); Slipstream uses it too. */
  voter: Address;
  router: Address;
  /** demoWethVolatile: DEMO/WETH volatile (x·y = k, 0.3 %); usdcDaiStable: USDC/DAI stable (x³y + y³x = k, 0.05 %). */
  pools: { demoWethVolatile: Address; usdcDaiStable: Address };
}

export interface DevnetSlipstreamAddresses {
  /** The CLPool every pool is an EIP-1167 clone of. */
  poolImplementation: Address;
  factory: Address;
  positionManager: Address;
  swapRouter: Address;
  /** demoWeth200: DEMO/WETH, tick spacing 200 (fee 0.3 %). */
  pools: { demoWeth200: Address };
}

/** A V4 PoolKey as the PoolManager takes it; `fee` 0x800000 marks a dynamic fee. */
export interface DevnetV4PoolKey {
  currency0: Address;
  currency1: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
}

export interface DevnetV4Pool {
  /** PoolId = keccak256(abi.encode(key)), lower-case 0x + 64 hex: the pool's identity. */
  id: Hex;
  key: DevnetV4PoolKey;
}

export interface DevnetV4Addresses {
  poolManager: Address;
  stateView: Address;
  /** v4-core's PoolSwapTest: swaps for the demo accounts (it settles with their approvals). */
  swapRouter: Address;
  /** v4-core's PoolModifyLiquidityTest: adds and removes the demo's V4 liquidity. */
  liquidityRouter: Address;
  /** DevnetV4Hook, at a CREATE2 address whose low 14 bits are V4_HOOK_FLAGS. */
  hook: Address;
  /**
   * demoEthV4: DEMO/ETH with native ETH (currency0 = address 0), 0.3 %, tick spacing 60, no hooks.
   * hookedV4: DEMO/USDC with a dynamic fee (the hook sets 0.25 % at initialisation) and the hook.
   */
  pools: { demoEthV4: DevnetV4Pool; hookedV4: DevnetV4Pool };
}

/**
 * The anvil dev accounts of the default mnemonic ("test test … junk"). Their keys are public, so
 * they are fine ONLY on this local chain; this package never handles their keys: anvil signs for
 * its own unlocked dev accounts (eth_sendTransaction).
 */
export const DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // account 0

/** Accounts 1–4: the holders and traders of the seeded history, and the swap-cli's senders. */
export const demoAccounts: readonly Address[] = Object.freeze([
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
] as const);

/**
 * Anvil account 5: provides the WETH/USDC reference liquidity. Not a deployer: the contracts'
 * addresses hang on account 0's nonces, and a separate account keeps them as they were.
 */
export const MARKET_MAKER: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

/**
 * Anvil account 6: deploys Uniswap V4 (its own nonces, so every older address stays as it was) and
 * owns the PoolManager and the hook. It provides no liquidity and makes no trades.
 */
export const V4_DEPLOYER: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

/** V4_DEPLOYER's nonces of the V4 deployment (the hook goes by CREATE2 at the next one). */
export const V4_DEPLOYER_NONCES = { poolManager: 0, stateView: 1, swapRouter: 2, liquidityRouter: 3 } as const;

/**
 * Anvil account 8: deploys Algebra and owns its factory; account 9: deploys LFJ and owns its
 * factory (and takes its fees). Fresh accounts, so every older address stays as it was. Neither
 * provides liquidity nor trades.
 */
export const ALGEBRA_DEPLOYER: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f';
export const LFJ_DEPLOYER: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

/** Their CREATE nonces (src/algebra-lfj.ts: deployAlgebra, deployLfj). */
export const ALGEBRA_DEPLOYER_NONCES = { poolDeployer: 0, factory: 1, router: 2 } as const;
export const LFJ_DEPLOYER_NONCES = { factory: 0, pairImplementation: 1, router: 2 } as const;

/** Bin step of the LFJ DEMO/USDC pair: 25 basis points between bins. */
export const LFJ_BIN_STEP = 25;

/** The deterministic deployment proxy anvil preinstalls (the same address as on real networks). */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

/** Hook permission bits of the devnet hook: afterInitialize (1 << 12), afterAddLiquidity (1 << 10), afterSwap (1 << 6). */
export const V4_HOOK_FLAGS = 0x1440;

/** The CREATE2 salt mined so that the hook's address ends in V4_HOOK_FLAGS (src/v4.ts: mineHookSalt). */
export const V4_HOOK_SALT: Hex = '0x00000000000000000000000000000000000000000000000000000000000032db';

/**
 * Anvil account 7: deploys Aerodrome's Solidly V2 and Slipstream (its own nonces, so every older
 * address stays as it was), holds DAI's supply and hands each demo account some. It provides no
 * liquidity and makes no trades; PoolFactory's voter, pauser and fee manager and CLFactory's owner
 * are this account (their constructors take msg.sender).
 */
export const SOLIDLY_DEPLOYER: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';

/** SOLIDLY_DEPLOYER's nonces of the deployment (src/solidly.ts: deploySolidly); 10–12 create the pools. */
export const SOLIDLY_DEPLOYER_NONCES = {
  dai: 0,
  poolImplementation: 1,
  poolFactory: 2,
  factoryRegistry: 3,
  voter: 4,
  router: 5,
  clPoolImplementation: 6,
  clFactory: 7,
  clPositionManager: 8,
  clSwapRouter: 9,
} as const;

/** Slipstream tick spacing of the DEMO/WETH pool (CLFactory enables 200 at a 0.3 % fee). */
export const SLIPSTREAM_TICK_SPACING = 200;

/** V4's fee sentinel for a dynamic-fee pool (LPFeeLibrary.DYNAMIC_FEE_FLAG). */
export const V4_DYNAMIC_FEE = 0x800000;

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Where the demo burn sends DEMO: a burn address that real tokens use too (no key exists for it). */
export const BURN_ADDRESS: Address = '0x000000000000000000000000000000000000dEaD';

/**
 * Where everything lands when the deployer (nonce 0 on a fresh chain) runs the seed in
 * src/deploy.ts: CREATE addresses from the deployer's nonces, pool addresses by CREATE2 from the
 * factories. A test recomputes each one and checks it against a real deployment.
 */
export const DEPLOYER_NONCES = {
  weth: 0,
  usdc: 1,
  usdt: 2,
  demo: 3,
  smpl: 4,
  bytes32Token: 5,
  uniswapV2Factory: 6,
  uniswapV2Router: 7,
  uniswapV3Factory: 8,
  positionManager: 9,
  uniswapV3Router: 10,
  notAToken: 32,
} as const;

export const devnetAddresses: DevnetAddresses = Object.freeze({
  deployer: DEPLOYER,
  weth: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  usdc: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  usdt: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  demo: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  smpl: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  bytes32Token: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  notAToken: '0x84eA74d481Ee0A5332c457a4d796187F6Ba67fEB',
  uniswapV2Factory: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
  uniswapV2Router: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853',
  uniswapV3Factory: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
  positionManager: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
  uniswapV3Router: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788',
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  pools: Object.freeze({
    demoWethV2: '0x34221076D77AE2aEe654b62CB0ce79f22202B0dF',
    demoUsdcV2: '0x8b09811c655369C57C553CAFEe703Ee6A077084E',
    smplWethV3: '0xe61cc4B85E8b7fc79c2b72E6c8cca2D9C6A45CD4',
    wethUsdcV3: '0xadcef6dB2ECF9121aA9Ac51B98767EF3B71CB338',
  }),
  v4: Object.freeze({
    poolManager: '0x7ef8E99980Da5bcEDcF7C10f41E55f759F6A174B',
    stateView: '0x82B769500E34362a76DF81150e12C746093D954F',
    swapRouter: '0x77c7E3905c21177Be97956c6620567596492C497',
    liquidityRouter: '0x66Db6d191cd163F56197b767928A507dF8b47AA7',
    hook: '0xd12bC69f6E41Ac7976B930BC338D5e8671DFd440',
    pools: Object.freeze({
      demoEthV4: Object.freeze({
        id: '0x017ba77ad9921f21540f49c5d274a85e2d6051f3605408cc20f57cda153166ea',
        key: Object.freeze({
          currency0: ZERO_ADDRESS,
          currency1: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
          fee: 3000,
          tickSpacing: 60,
          hooks: ZERO_ADDRESS,
        }),
      }),
      hookedV4: Object.freeze({
        id: '0x07bc6d9aa163be8ce798bd39d87b93aa667feafeb58bb01b924b36ae19fecc23',
        key: Object.freeze({
          currency0: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
          currency1: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
          fee: V4_DYNAMIC_FEE,
          tickSpacing: 60,
          hooks: '0xd12bC69f6E41Ac7976B930BC338D5e8671DFd440',
        }),
      }),
    }),
  }),
  algebra: Object.freeze({
    poolDeployer: '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A',
    factory: '0x98eDDadCfde04dC22a0e62119617e74a6Bc77313',
    router: '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70',
    pools: Object.freeze({ demoWeth: '0xEDbb35bAbD1dC2d932C177bDcd49cF292Ea69516' }),
  }),
  lfj: Object.freeze({
    factory: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
    pairImplementation: '0xA15BB66138824a1c7167f5E85b957d04Dd34E468',
    router: '0xb19b36b1456E65E3A6D514D3F715f204BD59f431',
    pairs: Object.freeze({ demoUsdc: '0x2b0B863c2cf01d9b943245b919DF9961707838a6' }),
  }),
  solidly: Object.freeze({
    dai: '0xef11D1c2aA48826D4c41e54ab82D1Ff5Ad8A64Ca',
    poolImplementation: '0x39dD11C243Ac4Ac250980FA3AEa016f73C509f37',
    poolFactory: '0x76ca03a67C049477FfB09694dFeF00416dB69746',
    factoryRegistry: '0x1696C7203769A71c97Ca725d42b13270ee493526',
    voter: '0x332Fb35767182F8ac9F9C1405db626105F6694E0',
    router: '0x982830D87C95479dB81Fe62cd08dd9118D080697',
    pools: Object.freeze({
      demoWethVolatile: '0x55F187BDA138F3C53d112467988Ee18D272C9bA4',
      usdcDaiStable: '0xF96f0DB0A6a337e44409347f27Bfdd047358CF11',
    }),
  }),
  slipstream: Object.freeze({
    poolImplementation: '0x37cA242a94945CdC3d3F155452a82Af6374bebD7',
    factory: '0x07AF11e412ed7C343603c0F4b35645f7870686Eb',
    positionManager: '0xEF86CEc1CEf0C78E5725fA6Cc3E9929788bBde35',
    swapRouter: '0x2aD7753d3A0f9b14e82AE37b49dCC8DdC66Ef236',
    pools: Object.freeze({ demoWeth200: '0xDE5861A9e654813Eb72121f5570595C4bf1dffB1' }),
  }),
} as const);

export interface DevnetToken {
  key: 'weth' | 'usdc' | 'usdt' | 'demo' | 'smpl' | 'bytes32Token';
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** Whole tokens minted to the deployer (WETH has no fixed supply). */
  supply: bigint | null;
}

/** Token metadata exactly as deployed (name()/symbol() of bytes32Token are bytes32-encoded). */
export const devnetTokens: readonly DevnetToken[] = Object.freeze([
  { key: 'weth', address: devnetAddresses.weth, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, supply: null },
  { key: 'usdc', address: devnetAddresses.usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6, supply: 1_000_000_000n },
  {
    key: 'usdt',
    address: devnetAddresses.usdt,
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
    supply: 1_000_000_000n,
  },
  {
    key: 'demo',
    address: devnetAddresses.demo,
    name: 'Demo Token',
    symbol: 'DEMO',
    decimals: 18,
    supply: 100_000_000n,
  },
  {
    key: 'smpl',
    address: devnetAddresses.smpl,
    name: 'Sample Token',
    symbol: 'SMPL',
    decimals: 9,
    supply: 1_000_000_000n,
  },
  {
    key: 'bytes32Token',
    address: devnetAddresses.bytes32Token,
    name: 'Bytes32 Token',
    symbol: 'B32',
    decimals: 18,
    supply: 10_000_000n,
  },
] as const);

/** Fee of the SMPL/WETH pool (0.3%). */
export const V3_FEE = 3000;
/** Fee of the WETH/USDC reference pool (0.05%, the tier where WETH/USDC trades deepest on mainnet). */
export const REFERENCE_V3_FEE = 500;
