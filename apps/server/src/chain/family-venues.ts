import type { Address } from 'viem';

/**
 * NOT SERVED. The venues of the DEX families TokenDesk cannot read yet (Solidly, Slipstream,
 * Algebra, LFJ Liquidity Book): their factories, verified from each project's own files, waiting
 * for the family adapters (issue 30, docs/decisions/0063). Nothing imports this file into the
 * registry: a venue moves into networks.ts, with its family, when an adapter reads it. Listed here
 * so that move is a copy, not a second search, and so the checks below are not lost.
 *
 * Left out, with the reason:
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
    id: 'aerodrome',
    name: 'Aerodrome',
    family: 'solidly',
    factory: '0x420DD381b31aEf6683db6B902084cB0FFECe40Da',
    source:
      'aerodrome-finance/contracts@a5fae2e87e49 script/constants/output/DeployCore-Base.json "PoolFactory"; also aerodrome-finance/slipstream script/constants/Base.json "factoryV2"',
    note: 'Router 0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43 (same file). BUSL-1.1.',
  },
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
    id: 'velodrome',
    name: 'Velodrome',
    family: 'solidly',
    factory: '0xF1046053aa5682b4F9a81b5481394DA16BE5FF5a',
    source:
      'velodrome-finance/contracts@1ea5feec5c62 deployment-addresses/optimism.json "PoolFactory"; also velodrome-finance/slipstream script/constants/Optimism.json "factoryV2"',
    note: 'Router 0xa062aE8A9c5e11aaA026fc2670B0D65cCc8B2858 (same file).',
  },
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
  // LFJ Liquidity Book (Avalanche, Arbitrum, BNB Chain): served, in networks.ts (docs/decisions/0071).
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
  {
    chainId: 42161,
    id: 'camelot-v2',
    name: 'Camelot V2',
    family: 'camelot-v2',
    factory: '0x6EcCab422D763aC031210895C81787E87B43A652',
    source: 'docs.camelot.exchange contracts page (Arbitrum One), via ../shared/NETWORKS.md; checked once only',
    note: 'Uniswap V2 events, getReserves() with a fee per direction, optional stable pairs.',
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
