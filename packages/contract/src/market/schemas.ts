import { z } from 'zod';
import { decimalString } from '../fields';
import { INT4_MAX, PATH_ID_RE } from '../numbers';

/*
 * USD figures from the chain (docs/decisions/0032-usd-from-the-chain.md). Every USD figure names the
 * pools it was read from and the block, so that an owner can check it against the chain.
 */

export const usdSourceSchema = z
  .object({
    route: z
      .string()
      .describe(
        'The pools the USD figure was read from, e.g. "DEMO/WETH on Uniswap V2 × WETH/USDC on Uniswap V3"; a pool paired with USDC or USDT (counted at 1 USD) has one leg',
      ),
    block_number: z
      .string()
      .describe('Block the route was read at (the older block when its legs were read at different blocks)'),
    updated_at: z.string().describe('Time of that block'),
    stale: z.boolean().describe('True when a leg of the route is older than 3 poll intervals of the network'),
  })
  .meta({ id: 'UsdSource' });
export type UsdSource = z.infer<typeof usdSourceSchema>;

/** The project market list (projects/market?ids=) answers at most this many projects at once. */
export const PROJECT_MARKET_IDS_MAX = 50;

export const marketMessages = {
  idsInvalid: `Expected ids: 1 to ${PROJECT_MARKET_IDS_MAX} project ids separated by commas, e.g. 1,2,3`,
} as const;

/** `ids=1,2,3`: distinct positive ids, at most PROJECT_MARKET_IDS_MAX; anything else is a 400 with marketMessages.idsInvalid. */
export const projectMarketQuerySchema = z.object({
  ids: z
    .string({ error: marketMessages.idsInvalid })
    .refine((value) => {
      const parts = value.split(',');
      return parts.length <= PROJECT_MARKET_IDS_MAX && parts.every((p) => PATH_ID_RE.test(p) && Number(p) <= INT4_MAX);
    }, marketMessages.idsInvalid)
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .describe(
      `1–${PROJECT_MARKET_IDS_MAX} project ids separated by commas; an id that is not one of the user's projects answers 404`,
    ),
});
export type ProjectMarketQuery = z.input<typeof projectMarketQuerySchema>;

export const projectMarketSchema = z
  .object({
    project_id: z.number().int().describe('The project these figures are of'),
    price_usd: decimalString
      .nullable()
      .describe(
        "The project token in USD: its price in its deepest pool (by USD value of the paired side) that holds at least the minimum liquidity, × the paired token's USD rate; null without such a pool",
      ),
    change_24h: decimalString
      .nullable()
      .describe(
        'Percent change over 24 h of the price-setting pool (price_pool_id), in its paired token, not in USD (past USD rates are not recorded)',
      ),
    liquidity_usd: decimalString
      .nullable()
      .describe("Sum of liquidity_usd over the project's pools that have one; null when none has"),
    market_cap_usd: decimalString.nullable().describe('circulating_supply × price_usd'),
    fdv_usd: decimalString.nullable().describe('total_supply × price_usd (fully diluted value)'),
    circulating_supply: decimalString
      .nullable()
      .describe('totalSupply() less the balances of the burn addresses 0x…0000 and 0x…dEaD, in whole tokens'),
    total_supply: decimalString
      .nullable()
      .describe('totalSupply() of the token, in whole tokens; null when the contract does not answer it sensibly'),
    supply_unavailable_reason: z
      .string()
      .nullable()
      .describe('Why total_supply (and so market cap and FDV) is null; null when it is known'),
    volume_24h_usd: decimalString
      .nullable()
      .describe(
        "Sum of volume_24h_usd over the project's pools (each valued at its paired token's CURRENT USD rate); null when no pool has one",
      ),
    holders: z.number().int().nullable().describe("The project's holder_count (null until its history is indexed)"),
    price_pool_id: z.number().int().nullable().describe('The pool that sets price_usd'),
    usd: usdSourceSchema.nullable().describe('How price_usd was obtained; null without a USD price'),
    usd_unavailable_reason: z
      .string()
      .nullable()
      .describe('Why price_usd is null, in a sentence; null when there is a USD price'),
    block_number: z.string().nullable().describe('Block the supply was read at'),
    stale: z
      .boolean()
      .describe('True when a figure here is older than 3 poll intervals of the network (or could not be read)'),
  })
  .meta({ id: 'ProjectMarket' });
export type ProjectMarket = z.infer<typeof projectMarketSchema>;
export const projectMarketListSchema = z.array(projectMarketSchema).meta({ id: 'ProjectMarketList' });

export const liquiditySummarySchema = z
  .object({
    total_liquidity_usd: decimalString
      .nullable()
      .describe("Sum of liquidity_usd over the user's pools that have one; null when none has"),
    pools_valued: z.number().int().describe('Pools counted in the total'),
    pools_not_valued: z
      .number()
      .int()
      .describe('Pools without a USD value (no USD route, not read, or their project has no USD price)'),
    usd: usdSourceSchema.nullable().describe('Provenance of the newest block among the counted pools'),
    stale: z.boolean().describe('True when any counted pool is stale'),
  })
  .meta({ id: 'LiquiditySummary' });
export type LiquiditySummary = z.infer<typeof liquiditySummarySchema>;
