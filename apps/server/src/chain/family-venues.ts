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
 *
 * Served (moved to networks.ts with their adapter): Slipstream's four CLFactories on Base and
 * Optimism (docs/decisions/0069).
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
  // LFJ Liquidity Book (Avalanche, Arbitrum, BNB Chain): served, in networks.ts (docs/decisions/0071).
  // Arbitrum: Camelot V2. Read from docs.camelot.exchange (the project's own docs, as NETWORKS.md
  // cites); no Camelot repository holding it could be fetched here to read it twice. (QuickSwap V3
  // and Camelot V3, Algebra, are served from networks.ts.)
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
