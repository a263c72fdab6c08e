import { z } from 'zod';
import { poolShapeSchema, poolVersionSchema } from '../pools/schemas';

/** A pool the new-pool watch found for a project's token, not attached yet (product §10). */
export const discoveredPoolSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    dex: z.object({ id: z.string(), name: z.string(), dex_logo: z.string() }),
    pool_address: z.string().describe('The pool contract; for a V4 pool its pool id (0x + 64 hex)'),
    pool_version: poolVersionSchema,
    fee: z.number().int().nullable(),
    shape: poolShapeSchema,
    launchpad: z
      .string()
      .nullable()
      .describe("V4 only: the launchpad whose hook made the pool (for example 'Clanker' or 'Zora'); null otherwise"),
    paired_token: z.object({ address: z.string(), symbol: z.string().nullable() }),
    block_number: z.string(),
    tx_hash: z.string(),
    found_at: z.string(),
  })
  .meta({ id: 'DiscoveredPool' });
export type DiscoveredPool = z.infer<typeof discoveredPoolSchema>;

export const discoveredPoolListSchema = z
  .object({ pools: z.array(discoveredPoolSchema) })
  .meta({ id: 'DiscoveredPoolList' });
export type DiscoveredPoolList = z.infer<typeof discoveredPoolListSchema>;
