import { z } from 'zod';
import { strictNumber } from '../numbers';
import { projectMessages as m } from '../projects/messages';
import { poolVersionSchema } from '../pools/schemas';

/*
 * The networks TokenDesk reads and, per network, the DEXes and paired tokens a pool can be
 * chosen from.
 */

export const networkIdField = strictNumber(
  z.number({ error: m.networkRequired }).int(m.networkRequired).positive(m.networkRequired),
  m.networkRequired,
).describe('Network id (the chain id): a JSON number or decimal digits');

export const networkSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    chain_id: z.number().int(),
    native_symbol: z.string(),
    network_logo: z.string(),
    network_explorer: z.string(),
  })
  .meta({ id: 'Network' });
export type Network = z.infer<typeof networkSchema>;

/** The DEX families the server reads (apps/server/src/chain/dex/, docs/decisions/0059). */
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

export const dexOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    dex_logo: z.string(),
    version: poolVersionSchema,
    family: z
      .enum(DEX_FAMILIES)
      .describe('The adapter family that reads this DEX; forks share their family (PancakeSwap V3 is uniswap-v3)'),
    factory: z
      .string()
      .describe(
        'The contract TokenDesk verifies this DEX’s pools against and reads their creation from: the factory, or for Uniswap V4 the PoolManager (checksummed)',
      ),
  })
  .meta({ id: 'DexOption' });
export type DexOption = z.infer<typeof dexOptionSchema>;

export const tokenOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    address: z.string(),
    decimals: z.number().int(),
    token_logo: z.string(),
  })
  .meta({ id: 'TokenOption' });
export type TokenOption = z.infer<typeof tokenOptionSchema>;
