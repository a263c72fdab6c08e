import type { Address } from 'viem';

/**
 * NOT SERVED. The family venues TokenDesk does not read, with why (issue 30, docs/decisions/0063).
 * Nothing imports this file into the registry. Every other venue of the families is a row of its
 * family in networks.ts, with its source beside it: Aerodrome, Velodrome V2 and Camelot V2 (decision
 * 0068), Aerodrome's and Velodrome's Slipstream factories (0069), QuickSwap V3 and Camelot V3 (0070),
 * LFJ Liquidity Book v2.1 and v2.2 (0071).
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
  // BNB Chain
  {
    chainId: 56,
    id: 'thena-v1',
    name: 'Thena V1',
    family: 'solidly',
    factory: '0xAFD89d21BdB66d00817d4153E055830B1c2B3970',
    source:
      '@thenafi/v1-sdk constants, via ../shared/NETWORKS.md; no Thena repository could be read here, checked once only',
    note: 'Velodrome-v1 style: PairCreated(address indexed, address indexed, bool stable, address, uint256) and the Uniswap V2 Swap/Mint/Burn topics.',
  },
];
