import type { Address } from 'viem';

/**
 * NOT SERVED. The venues of the DEX families TokenDesk cannot read yet (Solidly, Slipstream,
 * Algebra, LFJ Liquidity Book): their factories, verified from each project's own files, waiting
 * for the family adapters (issue 30, docs/decisions/0063). Nothing imports this file into the
 * registry: a venue moves into networks.ts, with its family, when an adapter reads it. Listed here
 * so that move is a copy, not a second search, and so the checks below are not lost.
 *
 * Served now (moved to networks.ts with their sources): Aerodrome, Velodrome V2, Camelot V2
 * (decision 0068).
 *
 * Left out, with the reason:
 * - Thena V1 (BNB Chain, below): its note says Velodrome V1 style, i.e. PairCreated and Uniswap V2's
 *   Swap/Mint/Burn topics, not Solidly V2's PoolCreated/Swap/Burn/Sync; no Thena source could be read
 *   to confirm which, so the Solidly adapter does not claim it (decision 0068).
 * - Thena Fusion (BNB Chain, Algebra): two AlgebraFactory addresses circulate, 0x30055F87… (the
 *   @thenafi/v3-sdk constant per ../shared/NETWORKS.md) and 0x306F06C1… (third-party adapters call
 *   it the older Fusion and 0x30055F87… "Integral"). No Thena repository or docs page naming either
 *   could be read from here, so neither is recorded.
 * - A third Aerodrome Slipstream factory (0xf8f2eB49…) appears only in third-party code.
 */
export type VenueFamily = 'solidly' | 'slipstream' | 'algebra' | 'liquidity-book' | 'camelot-v2';

export interface FamilyVenue {
  chainId: number;
  id: string;
  name: string;
  family: VenueFamily;
  /** The factory (pool deployer's owner) the adapter must check a pool's factory() against. */
  factory: Address;
  /** Where the address was read: repository@commit path, or the project's docs. */
  source: string;
  /** Interface notes the adapter needs (version, events). */
  note?: string;
}

export const FAMILY_VENUES: readonly FamilyVenue[] = [
  // Base
  {
    chainId: 8453,
    id: 'aerodrome-slipstream',
    name: 'Aerodrome Slipstream',
    family: 'slipstream',
    factory: '0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A',
    source: 'aerodrome-finance/slipstream@7844368af8f8 script/constants/output/DeployCL-Base.json "PoolFactory" = script/constants/Base.json "legacyCLFactory"',
  },
  {
    chainId: 8453,
    id: 'aerodrome-slipstream-2',
    name: 'Aerodrome Slipstream (gauge caps)',
    family: 'slipstream',
    factory: '0xaDe65c38CD4849aDBA595a4323a8C7DdfE89716a',
    source: 'aerodrome-finance/slipstream@7844368af8f8 script/constants/output/DeployCL-Base-Gauge-Caps.json "PoolFactory"',
  },
  // Optimism
  {
    chainId: 10,
    id: 'velodrome-slipstream',
    name: 'Velodrome Slipstream',
    family: 'slipstream',
    factory: '0xe13Dd1fbA721Aa81a1826D9523AC9BC7d260c879',
    source: 'velodrome-finance/slipstream@193a6b85f836 script/constants/output/DeployCL-Optimism.json "PoolFactory"; README "Gauges V2" table',
  },
  {
    chainId: 10,
    id: 'velodrome-slipstream-legacy',
    name: 'Velodrome Slipstream (legacy)',
    family: 'slipstream',
    factory: '0xCc0bDDB707055e04e497aB22a59c2aF4391cd12F',
    source: 'velodrome-finance/slipstream@193a6b85f836 script/constants/Optimism.json "legacyCLFactory"; README "Deployment" table',
  },
  // Avalanche, Arbitrum, BNB Chain: LFJ Liquidity Book
  {
    chainId: 43114,
    id: 'lfj-v2.2',
    name: 'LFJ v2.2',
    family: 'liquidity-book',
    factory: '0xb43120c4745967fa9b93E79C149E66B0f2D6Fe0c',
    source: 'traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/avalanche.md, "V2.2" LBFactory',
  },
  {
    chainId: 43114,
    id: 'lfj-v2.1',
    name: 'LFJ v2.1',
    family: 'liquidity-book',
    factory: '0x8e42f2F4101563bF679975178e880FD87d3eFd4e',
    source:
      'traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/avalanche.md, "V2.1" LBFactory (the same address as factory_v2_1 in traderjoe-xyz/joe-v2 script/config/deployments.json for Fuji: one deployer, one nonce)',
  },
  {
    chainId: 42161,
    id: 'lfj-v2.2',
    name: 'LFJ v2.2',
    family: 'liquidity-book',
    factory: '0xb43120c4745967fa9b93E79C149E66B0f2D6Fe0c',
    source: 'traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/arbitrum.md, "V2.2" LBFactory',
  },
  {
    chainId: 42161,
    id: 'lfj-v2.1',
    name: 'LFJ v2.1',
    family: 'liquidity-book',
    factory: '0x8e42f2F4101563bF679975178e880FD87d3eFd4e',
    source: 'traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/arbitrum.md, "V2.1" LBFactory',
  },
  {
    chainId: 56,
    id: 'lfj-v2.1',
    name: 'LFJ v2.1',
    family: 'liquidity-book',
    factory: '0x8e42f2F4101563bF679975178e880FD87d3eFd4e',
    source: 'traderjoe-xyz/joe-docs@61c166650c95 versioned_docs/version-V2.1/deployment-addresses/bsc.md, "V2.1" LBFactory (BNB Chain lists no v2.2)',
  },
  // Polygon
  {
    chainId: 137,
    id: 'quickswap-v3',
    name: 'QuickSwap V3',
    family: 'algebra',
    factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
    source: 'QuickSwap/v3-subgraphs@bc901d26141f Algebra/src/utils/constants.ts FACTORY_ADDRESS and Algebra/subgraph.yaml',
    note: 'Algebra v1.0: Pool(token0, token1, pool), globalState() with a uint16 fee. Pool deployer 0x2D98E2FA9da15aa6dC9581AB097Ced7af697CB92 per QuickSwap docs (NETWORKS.md), not re-read here.',
  },
  // Arbitrum: Camelot. Read from docs.camelot.exchange (the project's own docs, as NETWORKS.md
  // cites); no Camelot repository holding these addresses could be fetched here to read them twice.
  {
    chainId: 42161,
    id: 'camelot-v3',
    name: 'Camelot V3',
    family: 'algebra',
    factory: '0x1a3c9B1d2F0529D97f2afC5136Cc23e58f1FD35B',
    source: 'docs.camelot.exchange contracts page (Arbitrum One), via ../shared/NETWORKS.md; checked once only',
    note: 'Algebra v1.9 with a fee per direction: globalState() has 8 fields.',
  },
  // BNB Chain
  {
    chainId: 56,
    id: 'thena-v1',
    name: 'Thena V1',
    family: 'solidly',
    factory: '0xAFD89d21BdB66d00817d4153E055830B1c2B3970',
    source: '@thenafi/v1-sdk constants, via ../shared/NETWORKS.md; no Thena repository could be read here, checked once only',
    note: 'Velodrome-v1 style: PairCreated(address indexed, address indexed, bool stable, address, uint256) and the Uniswap V2 Swap/Mint/Burn topics.',
  },
];
