import type { Address } from 'viem';
import { LAUNCHPAD_HOOKS, type LaunchpadHook } from './launchpads';

/**
 * The network registry: every network, DEX and common pair token TokenDesk knows, in one file so
 * a corrected address is a one-line change. Facts from ../shared/NETWORKS.md (each confirmed
 * against the projects' own deployment docs). DEXes are keyed by (chain id, factory): the same
 * factory address is a different DEX on another chain.
 *
 * Left out on purpose: the family venues whose addresses could not be confirmed from the projects'
 * own files, kept in family-venues.ts with the reason (docs/decisions/0063). Every other family
 * venue is a row of its own family here (Solidly, Slipstream, Algebra, Liquidity Book), read by its
 * adapter in chain/dex/, never by the Uniswap paths, whose reads would misread its pools.
 */

/**
 * How a family's pools are stored (pool_version): one value per family (docs/decisions/0059, 0067).
 * The API contract's POOL_VERSIONS says the same (test/dex/dex-adapters.test.ts holds them equal; chain/
 * does not import the contract).
 */
export const DEX_VERSIONS = [
  'v2',
  'v3',
  'v4',
  'solidly',
  'camelot-v2',
  'slipstream',
  'algebra',
  'liquidity-book',
] as const;
export type DexVersion = (typeof DEX_VERSIONS)[number];

/**
 * The DEX families TokenDesk reads, one adapter folder each under chain/dex/ (docs/decisions/0059).
 * A fork is its family's row with its own factory (PancakeSwap V3 is 'uniswap-v3').
 */
export const DEX_FAMILIES = [
  'uniswap-v2',
  'uniswap-v3',
  'uniswap-v4',
  'solidly',
  'camelot-v2',
  'slipstream',
  'algebra',
  'liquidity-book',
] as const;
export type DexFamily = (typeof DEX_FAMILIES)[number];

interface DexBase {
  id: string;
  name: string;
  logo: string;
  /** The adapter that reads it; when absent, the family of its version (v2 → uniswap-v2 …). */
  family?: DexFamily;
}

/** A DEX with one contract per pool, created and listed by its factory (every family but Uniswap V4). */
export interface FactoryDexConfig extends DexBase {
  version: Exclude<DexVersion, 'v4'>;
  factory: Address;
  /** V3 only: the fee tiers this factory enables, in hundredths of a bip. */
  feeTiers?: readonly number[];
  /** Slipstream: the tick spacings its factory enables (a pool is keyed by tick spacing, not fee). */
  tickSpacings?: readonly number[];
  /** Liquidity Book: the bin steps discovery asks the factory about. */
  binSteps?: readonly number[];
  /** Algebra: its version as deployed (the Swap event and globalState() differ between them; v1 = Algebra 1.0). */
  algebraVersion?: 'v1' | 'v1.9' | 'integral';
  /** Liquidity Book: its version as deployed (v2.1 and v2.2 share events and reads TokenDesk uses). */
  lbVersion?: 'v2.1' | 'v2.2';
}

/**
 * Uniswap V4: one PoolManager holds every pool (named by its pool id, not an address) and logs all
 * their events; the periphery's StateView reads a pool's state (docs/decisions/0042).
 */
export interface V4DexConfig extends DexBase {
  version: 'v4';
  poolManager: Address;
  stateView: Address;
  /** The PoolManager's deployment block: Initialize logs (discovery, verification) are read from here. */
  startBlock?: bigint;
}

export type DexConfig = FactoryDexConfig | V4DexConfig;

const FAMILY_OF_VERSION: Record<DexVersion, DexFamily> = {
  v2: 'uniswap-v2',
  v3: 'uniswap-v3',
  v4: 'uniswap-v4',
  solidly: 'solidly',
  'camelot-v2': 'camelot-v2',
  slipstream: 'slipstream',
  algebra: 'algebra',
  'liquidity-book': 'liquidity-book',
};
/** The family of a DEX row, or of a stored pool_version (one version per family). */
export const familyOf = (dex: { family?: DexFamily; version: DexVersion }): DexFamily =>
  dex.family ?? FAMILY_OF_VERSION[dex.version];

export const isFactoryDex = (d: DexConfig): d is FactoryDexConfig => d.version !== 'v4';
export const isV4Dex = (d: DexConfig): d is V4DexConfig => d.version === 'v4';

export interface TokenConfig {
  id: string;
  name: string;
  symbol: string;
  address: Address;
  decimals: number;
  logo: string;
  /**
   * A reference stablecoin counted at exactly 1 USD (docs/decisions/0032). Only USDC and USDT
   * addresses confirmed in NETWORKS.md carry it; no DAI, because NETWORKS.md lists none.
   */
  usdPegged?: true;
  /** The network's wrapped native token; its USD rate comes from its deepest pool against a usdPegged token. */
  wrappedNative?: true;
  /**
   * The native coin itself (address 0): a V4 pool can pair it directly (docs/decisions/0042). Valued
   * at the wrappedNative token's USD rate, one for one.
   */
  native?: true;
}

/** The other token of a pool as a pool row stores it (attached or found by the new-pool watch). */
export type PairedToken = Pick<TokenConfig, 'id' | 'address' | 'symbol' | 'name' | 'decimals'>;

export interface NetworkConfig {
  /** The network id of the API (= chain id). */
  id: number;
  /** Short key used in env variable names (RPC_URL_<KEY>) and logo paths. */
  key: string;
  name: string;
  chainId: number;
  nativeSymbol: string;
  explorer: string;
  logo: string;
  /** Public endpoints; RPC_URL_<KEY> (comma-separated) replaces them. */
  rpcUrls: readonly string[];
  /** Blocks behind head that the indexer treats as final. */
  confirmations: number;
  /**
   * How much history of a newly attached pool the indexer reads on this network, when it differs
   * from INDEXER_BACKFILL_HOURS: the local devnet's whole seeded month (docs/decisions/0036).
   */
  backfillSeconds?: number;
  pollIntervalMs: number;
  /** Once caught up, ask for the head this often and tick at once on a new block (the local devnet: decision 0074). */
  headWatchMs?: number;
  /**
   * Most sender requests (JSON-RPC batches of eth_getBlockReceipts) in flight at once while a
   * backfill's senders are read; halved while the node throttles. DEFAULT_SENDER_CONCURRENCY unless set
   * (decision 0081).
   */
  senderConcurrency?: number;
  /**
   * A backfill slice's senders are read before the slice is stored, and its events go in with their
   * trader (decision 0081 point 5). Only where receipts cost about what the logs cost: a local node.
   * A public node's receipts are capped and slow, and the events would wait for them.
   */
  sendersWithSlices?: boolean;
  multicall3: Address;
  dexes: readonly DexConfig[];
  tokens: readonly TokenConfig[];
  /** Uniswap V4 hooks of launchpads on this network: their pools are labelled with the launchpad's name (launchpads.ts). */
  launchpadHooks?: readonly LaunchpadHook[];
}

export const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * Sender requests in flight at once on a network that does not say (decision 0081): two batches of
 * ten receipts. The public endpoints cap each IP at tens of calls a second and count every call of a
 * batch; two in flight at a few hundred ms a round trip stay near those caps, and a throttle halves it.
 */
export const DEFAULT_SENDER_CONCURRENCY = 2;

const UNI_V3_FEES = [100, 500, 3000, 10000] as const;
const PANCAKE_V3_FEES = [100, 500, 2500, 10000] as const;
const SUSHI_V3_FEES = [100, 500, 3000, 10000] as const;

const logo = {
  uniswap: '/logos/dex/uniswap.svg',
  pancakeswap: '/logos/dex/pancakeswap.svg',
  sushiswap: '/logos/dex/sushiswap.svg',
  baseswap: '/logos/dex/baseswap.svg',
  quickswap: '/logos/dex/quickswap.svg',
  traderjoe: '/logos/dex/traderjoe.svg',
  camelot: '/logos/dex/camelot.svg',
  algebra: '/logos/dex/algebra.svg',
  aerodrome: '/logos/dex/aerodrome.svg',
  velodrome: '/logos/dex/velodrome.svg',
  eth: '/logos/tokens/eth.svg',
  bnb: '/logos/tokens/bnb.svg',
  pol: '/logos/tokens/pol.svg',
  avax: '/logos/tokens/avax.svg',
  usdc: '/logos/tokens/usdc.svg',
  usdt: '/logos/tokens/usdt.svg',
};

/**
 * Uniswap V4's PoolManager and StateView on each network, from Uniswap's deployment list
 * https://docs.uniswap.org/contracts/v4/deployments (source: github.com/Uniswap/docs,
 * docs/contracts/v4/deployments.mdx; read 2026-11-24). Unlike V2/V3 they differ on every chain.
 * startBlock is each PoolManager's deployment block, where discovery and verification start reading
 * Initialize logs (from block 0 a public node's log limits would answer most lookups with a 503):
 * Ethereum 21688329 and BNB Chain 45970610 from Uniswap's own subgraph (github.com/Uniswap/v4-subgraph,
 * networks.json), Base 25350988 from the same repository's subgraph.yaml, Arbitrum 297842872 and
 * Polygon 66980384 from public indexer configurations that list the same PoolManager addresses.
 * Optimism 130947675 and Avalanche 56195376 from github.com/Uniswap/v4-subgraph networks.json
 * (commit fc74dfcc3df5e75d6d3e2b886e88498dfc7d4678), which names the same PoolManagers; their
 * PoolManager and StateView also match Uniswap/sdks sdk-core src/addresses.ts (OPTIMISM_ADDRESSES,
 * AVALANCHE_ADDRESSES; commit 241fb9a7896f).
 */
const UNISWAP_V4 = {
  ETHEREUM: {
    poolManager: '0x000000000004444c5dc75cB358380D2e3dE08A90',
    stateView: '0x7fFE42C4a5DEeA5b0feC41C94C136Cf115597227',
    startBlock: 21_688_329n,
  },
  BSC: {
    poolManager: '0x28e2Ea090877bF75740558f6BFB36A5ffeE9e9dF',
    stateView: '0xd13Dd3D6E93f276FAfc9Db9E6BB47C1180aeE0c4',
    startBlock: 45_970_610n,
  },
  BASE: {
    poolManager: '0x498581fF718922c3f8e6A244956aF099B2652b2b',
    stateView: '0xA3c0c9b65baD0b08107Aa264b0f3dB444b867A71',
    startBlock: 25_350_988n,
  },
  ARBITRUM: {
    poolManager: '0x360E68faCcca8cA495c1B759Fd9EEe466db9FB32',
    stateView: '0x76Fd297e2D437cd7f76d50F01AfE6160f86e9990',
    startBlock: 297_842_872n,
  },
  POLYGON: {
    poolManager: '0x67366782805870060151383F4BbFF9daB53e5cD6',
    stateView: '0x5eA1bD7974c8A611cBAB0bDCAFcB1D9CC9b3BA5a',
    startBlock: 66_980_384n,
  },
  OPTIMISM: {
    poolManager: '0x9a13F98Cb987694C9F086b1F5eB990EeA8264Ec3',
    stateView: '0xc18a3169788F4F75A170290584ECA6395C75Ecdb',
    startBlock: 130_947_675n,
  },
  AVALANCHE: {
    poolManager: '0x06380C0e0912312B5150364B9DC4542BA0DbBc85',
    stateView: '0xc3c9e198C735a4b97e3e683f391cCBDD60B69286',
    startBlock: 56_195_376n,
  },
} as const satisfies Record<string, { poolManager: Address; stateView: Address; startBlock: bigint }>;

/**
 * The tick spacings (and fees) every Slipstream CLFactory enables in its constructor: 1 (0.01 %), 50 and
 * 100 (0.05 %), 200 (0.3 %), 2000 (1 %): aerodrome-finance/slipstream contracts/core/CLFactory.sol at
 * v1.0.0 (37eead2) and HEAD (7844368), velodrome-finance/slipstream the same at 193a6b8. Discovery also
 * asks each factory's own tickSpacings() for spacings its owner enabled later.
 */
const SLIPSTREAM_TICK_SPACINGS = [1, 50, 100, 200, 2000] as const;

/** LFJ Liquidity Book: v2.1 and v2.2 share the events and reads TokenDesk uses (docs/decisions/0071). */
const lfj = (lbVersion: 'v2.1' | 'v2.2', factory: Address): FactoryDexConfig => ({
  id: `lfj-${lbVersion}`,
  name: `LFJ ${lbVersion}`,
  logo: logo.traderjoe,
  family: 'liquidity-book',
  version: 'liquidity-book',
  factory,
  lbVersion,
});
const uniswapV4 = (a: { poolManager: Address; stateView: Address; startBlock?: bigint }): V4DexConfig => ({
  id: 'uniswap-v4',
  name: 'Uniswap V4',
  logo: logo.uniswap,
  version: 'v4',
  ...a,
});

export const REAL_NETWORKS: readonly NetworkConfig[] = [
  {
    id: 1,
    key: 'ETHEREUM',
    name: 'Ethereum',
    chainId: 1,
    nativeSymbol: 'ETH',
    explorer: 'https://etherscan.io',
    logo: '/logos/networks/ethereum.svg',
    rpcUrls: ['https://ethereum-rpc.publicnode.com', 'https://cloudflare-eth.com'],
    confirmations: 3,
    pollIntervalMs: 12_000,
    multicall3: MULTICALL3,
    dexes: [
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        feeTiers: UNI_V3_FEES,
      },
      uniswapV4(UNISWAP_V4.ETHEREUM),
      {
        id: 'pancakeswap-v2',
        name: 'PancakeSwap V2',
        logo: logo.pancakeswap,
        version: 'v2',
        factory: '0x1097053Fd2ea711dad45caCcc45EfF7548fCB362',
      },
      {
        id: 'pancakeswap-v3',
        name: 'PancakeSwap V3',
        logo: logo.pancakeswap,
        version: 'v3',
        factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
        feeTiers: PANCAKE_V3_FEES,
      },
      {
        id: 'sushiswap-v2',
        name: 'SushiSwap V2',
        logo: logo.sushiswap,
        version: 'v2',
        factory: '0xC0AEe478e3658e2610c5F7A4A2E1777cE9e4f2Ac',
      },
      {
        id: 'sushiswap-v3',
        name: 'SushiSwap V3',
        logo: logo.sushiswap,
        version: 'v3',
        factory: '0xbACEB8eC6b9355Dfc0269C18bac9d6E2Bdc29C4F',
        feeTiers: SUSHI_V3_FEES,
      },
    ],
    tokens: [
      {
        id: 'weth',
        name: 'Wrapped Ether',
        symbol: 'WETH',
        address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        decimals: 18,
        logo: logo.eth,
        wrappedNative: true,
      },
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        decimals: 6,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD',
        symbol: 'USDT',
        address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
  },
  {
    id: 56,
    key: 'BSC',
    name: 'BNB Smart Chain',
    chainId: 56,
    nativeSymbol: 'BNB',
    explorer: 'https://bscscan.com',
    logo: '/logos/networks/bsc.svg',
    rpcUrls: ['https://bsc-dataseed.bnbchain.org', 'https://bsc-rpc.publicnode.com'],
    confirmations: 3,
    pollIntervalMs: 6_000,
    multicall3: MULTICALL3,
    dexes: [
      {
        id: 'pancakeswap-v2',
        name: 'PancakeSwap V2',
        logo: logo.pancakeswap,
        version: 'v2',
        factory: '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73',
      },
      // Pools are deployed by the PoolDeployer (0x41ff9AA7…), but factory() still answers this factory.
      {
        id: 'pancakeswap-v3',
        name: 'PancakeSwap V3',
        logo: logo.pancakeswap,
        version: 'v3',
        factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
        feeTiers: PANCAKE_V3_FEES,
      },
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7',
        feeTiers: UNI_V3_FEES,
      },
      uniswapV4(UNISWAP_V4.BSC),
      {
        id: 'sushiswap-v2',
        name: 'SushiSwap V2',
        logo: logo.sushiswap,
        version: 'v2',
        factory: '0xc35DADB65012eC5796536bD9864eD8773aBc74C4',
      },
      {
        id: 'sushiswap-v3',
        name: 'SushiSwap V3',
        logo: logo.sushiswap,
        version: 'v3',
        factory: '0x126555dd55a39328F69400d6aE4F782Bd4C34ABb',
        feeTiers: SUSHI_V3_FEES,
      },
      // LFJ Liquidity Book (docs/decisions/0071), traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/bsc.md: "V2.1" LBFactory (the page lists no v2.2).
      lfj('v2.1', '0x8e42f2F4101563bF679975178e880FD87d3eFd4e'),
    ],
    tokens: [
      {
        id: 'wbnb',
        name: 'Wrapped BNB',
        symbol: 'WBNB',
        address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
        decimals: 18,
        logo: logo.bnb,
        wrappedNative: true,
      },
      // Both stablecoins have 18 decimals on BNB Smart Chain, unlike elsewhere.
      {
        id: 'usdc',
        name: 'USD Coin (Binance-Peg)',
        symbol: 'USDC',
        address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
        decimals: 18,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD (Binance-Peg)',
        symbol: 'USDT',
        address: '0x55d398326f99059fF775485246999027B3197955',
        decimals: 18,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
  },
  {
    id: 8453,
    key: 'BASE',
    name: 'Base',
    chainId: 8453,
    nativeSymbol: 'ETH',
    explorer: 'https://basescan.org',
    logo: '/logos/networks/base.svg',
    rpcUrls: ['https://mainnet.base.org', 'https://base-rpc.publicnode.com'],
    confirmations: 3,
    pollIntervalMs: 4_000,
    multicall3: MULTICALL3,
    dexes: [
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
        feeTiers: [100, 200, 300, 400, 500, 3000, 10000],
      },
      uniswapV4(UNISWAP_V4.BASE),
      {
        id: 'pancakeswap-v2',
        name: 'PancakeSwap V2',
        logo: logo.pancakeswap,
        version: 'v2',
        factory: '0x02a84c1b3BBD7401a5f7fa98a384EBC70bB5749E',
      },
      {
        id: 'pancakeswap-v3',
        name: 'PancakeSwap V3',
        logo: logo.pancakeswap,
        version: 'v3',
        factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
        feeTiers: PANCAKE_V3_FEES,
      },
      {
        id: 'sushiswap-v2',
        name: 'SushiSwap V2',
        logo: logo.sushiswap,
        version: 'v2',
        factory: '0x71524B4f93c58fcbF659783284E38825f0622859',
      },
      {
        id: 'sushiswap-v3',
        name: 'SushiSwap V3',
        logo: logo.sushiswap,
        version: 'v3',
        factory: '0xc35DADB65012eC5796536bD9864eD8773aBc74C4',
        feeTiers: SUSHI_V3_FEES,
      },
      {
        id: 'baseswap-v2',
        name: 'BaseSwap',
        logo: logo.baseswap,
        version: 'v2',
        factory: '0xFDa619b6d20975be80A10332cD39b9a4b0FAa8BB',
      },
      // Aerodrome Slipstream: two CLFactories, both holding live pools, one row each (a pool's factory()
      // names exactly one; docs/decisions/0069). Tick spacings: CLFactory's constructor at v1.0.0 and HEAD.
      // aerodrome-finance/slipstream@7844368af8f8 script/constants/output/DeployCL-Base.json "PoolFactory"
      // = README "Deployment" table = script/constants/Base.json "legacyCLFactory" (the 2024 factory).
      {
        id: 'aerodrome-slipstream',
        name: 'Aerodrome Slipstream',
        logo: logo.aerodrome,
        version: 'slipstream',
        family: 'slipstream',
        factory: '0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A',
        tickSpacings: SLIPSTREAM_TICK_SPACINGS,
      },
      // Same repository, script/constants/output/DeployCL-Base-Gauge-Caps.json "PoolFactory" (commit aa539f4,
      // 2025-10-28, "deploy gauges caps on Base"), whose constructor takes the one above as legacyCLFactory.
      {
        id: 'aerodrome-slipstream-2',
        name: 'Aerodrome Slipstream (2025 factory)',
        logo: logo.aerodrome,
        version: 'slipstream',
        family: 'slipstream',
        factory: '0xaDe65c38CD4849aDBA595a4323a8C7DdfE89716a',
        tickSpacings: SLIPSTREAM_TICK_SPACINGS,
      },
      // Aerodrome's Solidly V2 PoolFactory: aerodrome-finance/contracts@a5fae2e87e49
      // script/constants/output/DeployCore-Base.json "PoolFactory" = aerodrome-finance/slipstream
      // script/constants/Base.json "factoryV2" (decision 0068). BUSL-1.1 (read, not deployed, here).
      {
        id: 'aerodrome',
        name: 'Aerodrome',
        logo: logo.aerodrome,
        family: 'solidly',
        version: 'solidly',
        factory: '0x420DD381b31aEf6683db6B902084cB0FFECe40Da',
      },
    ],
    tokens: [
      {
        id: 'weth',
        name: 'Wrapped Ether',
        symbol: 'WETH',
        address: '0x4200000000000000000000000000000000000006',
        decimals: 18,
        logo: logo.eth,
        wrappedNative: true,
      },
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        decimals: 6,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD (bridged)',
        symbol: 'USDT',
        address: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2',
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
    launchpadHooks: LAUNCHPAD_HOOKS[8453],
  },
  {
    id: 42161,
    key: 'ARBITRUM',
    name: 'Arbitrum One',
    chainId: 42161,
    nativeSymbol: 'ETH',
    explorer: 'https://arbiscan.io',
    logo: '/logos/networks/arbitrum.svg',
    rpcUrls: ['https://arb1.arbitrum.io/rpc', 'https://arbitrum-one-rpc.publicnode.com'],
    confirmations: 3,
    pollIntervalMs: 4_000,
    multicall3: MULTICALL3,
    dexes: [
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        feeTiers: UNI_V3_FEES,
      },
      uniswapV4(UNISWAP_V4.ARBITRUM),
      {
        id: 'pancakeswap-v2',
        name: 'PancakeSwap V2',
        logo: logo.pancakeswap,
        version: 'v2',
        factory: '0x02a84c1b3BBD7401a5f7fa98a384EBC70bB5749E',
      },
      {
        id: 'pancakeswap-v3',
        name: 'PancakeSwap V3',
        logo: logo.pancakeswap,
        version: 'v3',
        factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
        feeTiers: PANCAKE_V3_FEES,
      },
      {
        id: 'sushiswap-v2',
        name: 'SushiSwap V2',
        logo: logo.sushiswap,
        version: 'v2',
        factory: '0xc35DADB65012eC5796536bD9864eD8773aBc74C4',
      },
      {
        id: 'sushiswap-v3',
        name: 'SushiSwap V3',
        logo: logo.sushiswap,
        version: 'v3',
        factory: '0x1af415a1EbA07a4986a52B6f2e7dE7003D82231e',
        feeTiers: SUSHI_V3_FEES,
      },
      // Camelot V3, Algebra v1.9 (a fee per direction: its fee shows as dynamic; docs/decisions/0070).
      // From docs.camelot.exchange's contracts page (Arbitrum One), via ../shared/NETWORKS.md; no
      // Camelot repository holding it could be read from here, so it is checked once only.
      {
        id: 'camelot-v3',
        name: 'Camelot V3',
        logo: logo.camelot,
        family: 'algebra',
        version: 'algebra',
        algebraVersion: 'v1.9',
        factory: '0x1a3c9B1d2F0529D97f2afC5136Cc23e58f1FD35B',
      },
      // LFJ Liquidity Book (docs/decisions/0071), traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/arbitrum.md: "V2.2" and "V2.1" LBFactory.
      lfj('v2.2', '0xb43120c4745967fa9b93E79C149E66B0f2D6Fe0c'),
      lfj('v2.1', '0x8e42f2F4101563bF679975178e880FD87d3eFd4e'),
      // Camelot V2's CamelotFactory, from Camelot's own docs, read on two pages: docs.camelot.exchange
      // contracts/amm-v2/factory ("Arbitrum One") and contracts/arbitrum/one-mainnet ("AMMv2 Factory");
      // the contracts are CamelotLabs/core@0fa055d19c4e (that repository deploys only to testnets and Xai).
      {
        id: 'camelot-v2',
        name: 'Camelot V2',
        logo: logo.camelot,
        family: 'camelot-v2',
        version: 'camelot-v2',
        factory: '0x6EcCab422D763aC031210895C81787E87B43A652',
      },
    ],
    tokens: [
      {
        id: 'weth',
        name: 'Wrapped Ether',
        symbol: 'WETH',
        address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
        decimals: 18,
        logo: logo.eth,
        wrappedNative: true,
      },
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        decimals: 6,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD',
        symbol: 'USDT',
        address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
    launchpadHooks: LAUNCHPAD_HOOKS[42161],
  },
  {
    id: 137,
    key: 'POLYGON',
    name: 'Polygon PoS',
    chainId: 137,
    nativeSymbol: 'POL',
    explorer: 'https://polygonscan.com',
    logo: '/logos/networks/polygon.svg',
    rpcUrls: ['https://polygon-rpc.com', 'https://polygon-bor-rpc.publicnode.com'],
    // Polygon PoS has seen reorgs of dozens of blocks.
    confirmations: 32,
    pollIntervalMs: 5_000,
    multicall3: MULTICALL3,
    dexes: [
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        feeTiers: UNI_V3_FEES,
      },
      uniswapV4(UNISWAP_V4.POLYGON),
      {
        id: 'quickswap-v2',
        name: 'QuickSwap V2',
        logo: logo.quickswap,
        version: 'v2',
        factory: '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32',
      },
      // QuickSwap V3, Algebra v1.0 (adaptive fee: shown as dynamic; docs/decisions/0070). Factory from
      // QuickSwap/v3-subgraphs@bc901d26141f Algebra/src/utils/constants.ts FACTORY_ADDRESS and
      // Algebra/subgraph.yaml (the same address in both files).
      {
        id: 'quickswap-v3',
        name: 'QuickSwap V3',
        logo: logo.quickswap,
        family: 'algebra',
        version: 'algebra',
        algebraVersion: 'v1',
        factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
      },
      {
        id: 'sushiswap-v2',
        name: 'SushiSwap V2',
        logo: logo.sushiswap,
        version: 'v2',
        factory: '0xc35DADB65012eC5796536bD9864eD8773aBc74C4',
      },
      {
        id: 'sushiswap-v3',
        name: 'SushiSwap V3',
        logo: logo.sushiswap,
        version: 'v3',
        factory: '0x917933899c6a5F8E37F31E19f92CdBFF7e8FF0e2',
        feeTiers: SUSHI_V3_FEES,
      },
    ],
    tokens: [
      {
        id: 'wpol',
        name: 'Wrapped POL',
        symbol: 'WPOL',
        address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
        decimals: 18,
        logo: logo.pol,
        wrappedNative: true,
      },
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        decimals: 6,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD',
        symbol: 'USDT',
        address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
  },
  {
    id: 10,
    key: 'OPTIMISM',
    name: 'OP Mainnet',
    chainId: 10,
    nativeSymbol: 'ETH',
    explorer: 'https://optimistic.etherscan.io',
    logo: '/logos/networks/optimism.svg',
    // The first is viem's default for chain 10 (chains/definitions/optimism.ts); the second publicnode's, as for the others.
    rpcUrls: ['https://mainnet.optimism.io', 'https://optimism-rpc.publicnode.com'],
    // An OP Stack chain like Base: 2 s blocks (viem op-stack chainConfig blockTime 2000), polled as Base is.
    confirmations: 3,
    pollIntervalMs: 4_000,
    multicall3: MULTICALL3,
    dexes: [
      // Uniswap docs, v2 reference 08-deployment-addresses.md (Optimism row) = sdk-core V2_FACTORY_ADDRESSES[OPTIMISM].
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf',
      },
      // Uniswap docs, v3 reference deployments/Optimism-Deployments.md (UniswapV3Factory); the standard four fee tiers.
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        feeTiers: UNI_V3_FEES,
      },
      // Uniswap docs, contracts/v4/deployments.mdx, "Optimism: 10".
      uniswapV4(UNISWAP_V4.OPTIMISM),
      // Velodrome Slipstream, two CLFactories as on Base (docs/decisions/0069). velodrome-finance/slipstream@193a6b85f836
      // README "Deployment" table "PoolFactory" = script/constants/Optimism.json "legacyCLFactory" (the first one).
      {
        id: 'velodrome-slipstream',
        name: 'Velodrome Slipstream',
        logo: logo.velodrome,
        version: 'slipstream',
        family: 'slipstream',
        factory: '0xCc0bDDB707055e04e497aB22a59c2aF4391cd12F',
        tickSpacings: SLIPSTREAM_TICK_SPACINGS,
      },
      // Same repository, README "Gauges V2" table "PoolFactory" = script/constants/output/DeployCL-Optimism.json "PoolFactory".
      {
        id: 'velodrome-slipstream-2',
        name: 'Velodrome Slipstream (gauges v2)',
        logo: logo.velodrome,
        version: 'slipstream',
        family: 'slipstream',
        factory: '0xe13Dd1fbA721Aa81a1826D9523AC9BC7d260c879',
        tickSpacings: SLIPSTREAM_TICK_SPACINGS,
      },
      // Velodrome V2's PoolFactory: velodrome-finance/contracts@1ea5feec5c62 deployment-addresses/optimism.json
      // "PoolFactory" = velodrome-finance/slipstream script/constants/Optimism.json "factoryV2"; its IPool.sol
      // and IPoolFactory.sol events are Aerodrome's to the byte (decision 0068).
      {
        id: 'velodrome',
        name: 'Velodrome',
        logo: logo.velodrome,
        family: 'solidly',
        version: 'solidly',
        factory: '0xF1046053aa5682b4F9a81b5481394DA16BE5FF5a',
      },
    ],
    tokens: [
      // WETH: Uniswap sdk-core entities/weth9.ts (chain 10, 18 decimals), the OP Stack predeploy.
      {
        id: 'weth',
        name: 'Wrapped Ether',
        symbol: 'WETH',
        address: '0x4200000000000000000000000000000000000006',
        decimals: 18,
        logo: logo.eth,
        wrappedNative: true,
      },
      // USDC and USDT: github.com/ethereum-optimism/ethereum-optimism.github.io data/USDC/data.json and data/USDT/data.json
      // (the Superchain token list; commit 9db0b0037010), both 6 decimals. USDC is Circle's native one, not bridged USDC.e.
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
        decimals: 6,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD (bridged)',
        symbol: 'USDT',
        address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
  },
  {
    id: 43114,
    key: 'AVALANCHE',
    name: 'Avalanche C-Chain',
    chainId: 43114,
    nativeSymbol: 'AVAX',
    explorer: 'https://snowtrace.io',
    logo: '/logos/networks/avalanche.svg',
    // viem's default for chain 43114 (chains/definitions/avalanche.ts), then publicnode's.
    rpcUrls: ['https://api.avax.network/ext/bc/C/rpc', 'https://avalanche-c-chain-rpc.publicnode.com'],
    // Snowman consensus: a block a node has accepted is final, nodes serve no other; one block of
    // margin for a node answering mid-acceptance. Blocks come about every 1.7 s (viem blockTime 1700).
    confirmations: 1,
    pollIntervalMs: 4_000,
    multicall3: MULTICALL3,
    dexes: [
      // Uniswap docs, v2 reference 08-deployment-addresses.md (Avalanche row) = sdk-core V2_FACTORY_ADDRESSES[AVALANCHE].
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        logo: logo.uniswap,
        version: 'v2',
        factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
      },
      // Uniswap docs, v3 reference deployments/AVAX-Deployments.md = sdk-core AVALANCHE_ADDRESSES.v3CoreFactoryAddress.
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: '0x740b1c1de25031C31FF4fC9A62f554A55cdC1baD',
        feeTiers: UNI_V3_FEES,
      },
      // Uniswap docs, contracts/v4/deployments.mdx, "Avalanche: 43114".
      uniswapV4(UNISWAP_V4.AVALANCHE),
      // Trader Joe V1 (LFJ's first AMM), a Uniswap V2 fork read through the V2 path: in
      // github.com/traderjoe-xyz/joe-core (commit 5bec2f3d8650) contracts/traderjoe/JoePair.sol has
      // Uniswap V2's Mint, Burn, Swap and Sync events, getReserves() (uint112, uint112, uint32),
      // token0/token1/factory and the 0.3 % fee; JoeFactory.sol has getPair and Uniswap V2's
      // PairCreated. Factory: that repository's deployments/avalanche/JoeFactory.json, and LFJ's docs
      // (traderjoe-xyz/joe-docs versioned_docs/version-V2.1/deployment-addresses/avalanche.md, "Factory V1").
      {
        id: 'traderjoe-v1',
        name: 'Trader Joe V1',
        logo: logo.traderjoe,
        version: 'v2',
        factory: '0x9Ad6C38BE94206cA50bb0d90783181662f0Cfa10',
      },
      // LFJ Liquidity Book (docs/decisions/0071), traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/avalanche.md: "V2.2" and "V2.1" LBFactory.
      // The v2.1 address is also factory_v2_1 in traderjoe-xyz/joe-v2 script/config/deployments.json
      // (Fuji: one deployer, one nonce, the same address on each chain).
      lfj('v2.2', '0xb43120c4745967fa9b93E79C149E66B0f2D6Fe0c'),
      lfj('v2.1', '0x8e42f2F4101563bF679975178e880FD87d3eFd4e'),
    ],
    tokens: [
      // WAVAX, 18 decimals: Uniswap sdk-core entities/weth9.ts (43114), and joe-core's contracts/Zap.sol constant.
      {
        id: 'wavax',
        name: 'Wrapped AVAX',
        symbol: 'WAVAX',
        address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
        decimals: 18,
        logo: logo.avax,
        wrappedNative: true,
      },
      // USDC (Circle's native one, not USDC.e) and USDT, 6 decimals each, from LFJ's docs
      // (joe-docs versioned_docs/version-V2.1/SDK/trade.md, the Token definitions). Circle's and
      // Tether's own address pages could not be read from here; see docs/decisions/0063.
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
        decimals: 6,
        logo: logo.usdc,
        usdPegged: true,
      },
      {
        id: 'usdt',
        name: 'Tether USD',
        symbol: 'USDT',
        address: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7',
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
  },
];

export const DEVNET_ID = 31337;

/** The Local Devnet entry, built from the addresses the devchain package deployed. */
export function devnetNetwork(
  rpcUrl: string,
  a: {
    weth: Address;
    usdc: Address;
    usdt: Address;
    uniswapV2Factory: Address;
    uniswapV3Factory: Address;
    v4?: { poolManager: Address; stateView: Address };
    /** The other families' devnet deployments (packages/devchain; decisions 0060, 0061): each adds its DEX row. */
    solidly?: { poolFactory: Address; dai: Address };
    slipstream?: { factory: Address };
    algebra?: { factory: Address };
    lfj?: { factory: Address };
  },
): NetworkConfig {
  return {
    id: DEVNET_ID,
    key: 'DEVNET',
    name: 'Local Devnet',
    chainId: DEVNET_ID,
    nativeSymbol: 'ETH',
    explorer: '',
    logo: '/logos/networks/devnet.svg',
    rpcUrls: [rpcUrl],
    confirmations: 0,
    // Its whole chain: the seeded month (a few hundred blocks on this machine) costs nothing to read,
    // and gives a new user's demo pools their 24 h change and a month of candles at once.
    backfillSeconds: 366 * 86_400,
    pollIntervalMs: 2_000,
    // A local node answers eth_blockNumber in well under a millisecond: a swap is indexed within
    // about this long of its block instead of up to a poll interval (issue 31's 2 s target).
    headWatchMs: 100,
    // A local anvil caps nothing: four batches of ten receipts at once read a block in 5.9 ms, one at a time in 13 ms (decision 0081).
    senderConcurrency: 4,
    // Its receipts come as fast as its logs: a backfill's events go in with their traders (decision 0081 point 5).
    sendersWithSlices: true,
    multicall3: MULTICALL3,
    dexes: [
      { id: 'uniswap-v2', name: 'Uniswap V2', logo: logo.uniswap, version: 'v2', factory: a.uniswapV2Factory },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        logo: logo.uniswap,
        version: 'v3',
        factory: a.uniswapV3Factory,
        feeTiers: UNI_V3_FEES,
      },
      ...(a.v4 ? [uniswapV4({ poolManager: a.v4.poolManager, stateView: a.v4.stateView })] : []),
      // Algebra Integral 1.2 (docs/decisions/0061, 0070).
      ...(a.algebra
        ? [
            {
              id: 'algebra',
              name: 'Algebra Integral',
              logo: logo.algebra,
              family: 'algebra',
              version: 'algebra',
              algebraVersion: 'integral',
              factory: a.algebra.factory,
            } as const,
          ]
        : []),
      ...(a.slipstream
        ? [
            {
              id: 'aerodrome-slipstream',
              name: 'Aerodrome Slipstream',
              logo: logo.aerodrome,
              version: 'slipstream' as const,
              family: 'slipstream' as const,
              factory: a.slipstream.factory,
              tickSpacings: SLIPSTREAM_TICK_SPACINGS,
            },
          ]
        : []),
      ...(a.lfj ? [lfj('v2.2', a.lfj.factory)] : []),
      // Aerodrome's own Pool and PoolFactory, compiled and deployed by packages/devchain (decision 0060).
      ...(a.solidly
        ? [
            {
              id: 'aerodrome',
              name: 'Aerodrome',
              logo: logo.aerodrome,
              family: 'solidly' as const,
              version: 'solidly' as const,
              factory: a.solidly.poolFactory,
            },
          ]
        : []),
    ],
    tokens: [
      {
        id: 'weth',
        name: 'Wrapped Ether',
        symbol: 'WETH',
        address: a.weth,
        decimals: 18,
        logo: logo.eth,
        wrappedNative: true,
      },
      { id: 'usdc', name: 'USD Coin', symbol: 'USDC', address: a.usdc, decimals: 6, logo: logo.usdc, usdPegged: true },
      {
        id: 'usdt',
        name: 'Tether USD',
        symbol: 'USDT',
        address: a.usdt,
        decimals: 6,
        logo: logo.usdt,
        usdPegged: true,
      },
    ],
  };
}

const NATIVE_NAMES: Readonly<Record<string, { name: string; logo: string }>> = {
  ETH: { name: 'Ether', logo: logo.eth },
  BNB: { name: 'BNB', logo: logo.bnb },
  POL: { name: 'POL', logo: logo.pol },
  AVAX: { name: 'AVAX', logo: logo.avax },
};

/**
 * A network with a V4 DEX can pair its native coin (currency address 0), so the coin becomes a
 * paired token of its own, id = its symbol in lower case (docs/decisions/0042). Networks without
 * V4 are left as they are.
 */
export function withNativeToken(network: NetworkConfig): NetworkConfig {
  if (!network.dexes.some(isV4Dex) || network.tokens.some((t) => t.native)) return network;
  const known = NATIVE_NAMES[network.nativeSymbol];
  const native: TokenConfig = {
    id: network.nativeSymbol.toLowerCase(),
    name: known?.name ?? network.nativeSymbol,
    symbol: network.nativeSymbol,
    address: '0x0000000000000000000000000000000000000000',
    decimals: 18,
    logo: known?.logo ?? '',
    native: true,
  };
  return { ...network, tokens: [...network.tokens, native] };
}

/**
 * Networks with their RPC URLs resolved: `rpcUrls[network.key]` (config.ts RPC_URLS, from
 * RPC_URL_<KEY>) replaces the defaults.
 */
export class NetworkRegistry {
  private readonly byId = new Map<number, NetworkConfig>();

  constructor(networks: readonly NetworkConfig[], rpcUrls: Readonly<Record<string, readonly string[]>> = {}) {
    for (const original of networks) {
      const override = rpcUrls[original.key];
      const network = withNativeToken(override?.length ? { ...original, rpcUrls: [...override] } : original);
      this.byId.set(network.id, network);
    }
  }

  list(): NetworkConfig[] {
    return [...this.byId.values()];
  }

  get(id: number): NetworkConfig | undefined {
    return this.byId.get(id);
  }

  dex(networkId: number, dexId: string): DexConfig | undefined {
    return this.get(networkId)?.dexes.find((d) => d.id === dexId);
  }

  token(networkId: number, tokenId: string): TokenConfig | undefined {
    return this.get(networkId)?.tokens.find((t) => t.id === tokenId);
  }
}
