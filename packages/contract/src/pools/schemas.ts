import { z } from 'zod';
import { ADDRESS_RE, decimalString } from '../fields';
import { strictId } from '../numbers';
import { usdSourceSchema } from '../market/schemas';
import { DASHBOARD_LIST_LIMIT, listSearch, pageCursor, pageLimit } from '../paging';
import { projectMessages as m } from '../projects/messages';

/** A project's pools (projects/{id}/pools/) answer at most this many, newest first; the funds list pages through all. */
export const PROJECT_POOLS_LIMIT = 200;

export const poolAddressBodySchema = z
  .strictObject({
    project_id: strictId(),
    dex_id: z.string({ error: m.dexRequired }).min(1, m.dexRequired),
    token_id: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired),
  })
  .meta({ id: 'PoolAddressBody' });
/**
 * How a pool is stored and read: one value per DEX family (docs/decisions/0059, 0067). Uniswap's keep
 * their historic names (v2, v3, v4); the families added by issue 30 are named as their families.
 * V2/V3-style pools have a contract address; a Uniswap V4 pool has none and is named by its pool id
 * (docs/decisions/0042).
 */
export const POOL_VERSIONS = [
  'v2',
  'v3',
  'v4',
  'solidly',
  'camelot-v2',
  'slipstream',
  'algebra',
  'liquidity-book',
] as const;
export type PoolVersion = (typeof POOL_VERSIONS)[number];
export const poolVersionSchema = z.enum(POOL_VERSIONS);
/** A V4 pool id: keccak256 of its PoolKey, 0x + 64 hex. */
export const POOL_ID_RE = /^0x[0-9a-fA-F]{64}$/;

/** What makes a V4 pool a V4 pool: its key beyond the two currencies (docs/decisions/0042). */
export const poolV4Schema = z
  .object({
    pool_id: z
      .string()
      .describe('keccak256(abi.encode(PoolKey)), lower-case 0x + 64 hex; the same value as pool_address'),
    hooks: z.string().describe('The hooks contract of the key, checksummed; 0x000…000 when the pool has none'),
    hook_flags: z
      .array(z.string())
      .describe(
        "Names of the permission bits set in the hooks address (v4-core Hooks.sol, e.g. 'beforeSwap'); a hook may change amounts and fees",
      ),
    launchpad: z
      .string()
      .nullable()
      .describe(
        "The launchpad whose hook the key names (for example 'Clanker' or 'Zora'), from the hook addresses its own repository lists; null otherwise",
      ),
    tick_spacing: z.number().int(),
    dynamic_fee: z
      .boolean()
      .describe(
        'True when the key marks the fee as dynamic (0x800000): the hook sets the fee of each swap, and fee is null',
      ),
  })
  .describe(
    "A V4 pool holds no balance of its own (the PoolManager holds every pool's tokens), so its pool_funds are what its in-range liquidity " +
      'stands for at the current price (L/√P and L·√P): the depth a trade meets now, not the sum of all positions (docs/decisions/0042)',
  )
  .meta({ id: 'PoolV4' });
export type PoolV4 = z.infer<typeof poolV4Schema>;

/** What tells a family's pools apart beyond their tokens and fee (docs/decisions/0067); a field the family has not is null. */
export const poolShapeSchema = z
  .object({
    stable: z
      .boolean()
      .nullable()
      .describe(
        'Solidly and Camelot V2: true for a stable pool (curve x³y + y³x = k), false for a volatile one (x·y = k); null for other families',
      ),
    tick_spacing: z
      .number()
      .int()
      .nullable()
      .describe('Concentrated-liquidity pools (V3, V4, Slipstream, Algebra): the tick spacing; null when not stored'),
    bin_step: z
      .number()
      .int()
      .nullable()
      .describe(
        'Liquidity Book: the bin step in basis points (25 = each bin 0.25% from the next); null for other families',
      ),
    dynamic_fee: z
      .boolean()
      .describe(
        'True when the fee is not one fixed tier (a V4 hook, an Algebra pool, a Solidly pool whose factory sets it): fee is then null',
      ),
    plugin: z
      .string()
      .nullable()
      .describe(
        "Algebra: the pool's plugin contract (it may change fees), checksummed; null for none and for other families",
      ),
  })
  .meta({ id: 'PoolShape' });
export type PoolShape = z.infer<typeof poolShapeSchema>;

export const poolAddressSchema = z
  .object({
    pool_address: z.string(),
    pool_version: poolVersionSchema,
    fee: z.number().int().nullable(),
    shape: poolShapeSchema,
  })
  .meta({ id: 'PoolAddress' });
export type PoolAddress = z.infer<typeof poolAddressSchema>;

export const createPoolFieldOrder = ['dex', 'token', 'pool_address', 'pool_version'] as const;
export const createPoolBodySchema = z
  .strictObject({
    dex: z.string({ error: m.dexRequired }).min(1, m.dexRequired),
    token: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired),
    pool_address: z
      .string({ error: m.poolAddressRequired })
      .trim()
      .min(1, m.poolAddressRequired)
      .refine((v) => ADDRESS_RE.test(v) || POOL_ID_RE.test(v), m.poolAddressInvalid)
      .describe('The pool contract (V2/V3) or the pool id (V4, 0x + 64 hex)'),
    pool_version: poolVersionSchema.optional().describe('Checked against the DEX; optional'),
  })
  .meta({ id: 'CreatePoolBody' });
export type CreatePoolBody = z.input<typeof createPoolBodySchema>;

export const poolFundsSchema = z
  .object({
    amount_token: decimalString.nullable().describe('Paired-token reserve'),
    amount_project_token: decimalString.nullable().describe('Project-token reserve'),
    block_number: z.string().nullable().describe('Block the reserves were read at'),
    updated_at: z.string().nullable(),
    stale: z
      .boolean()
      .describe(
        'True when these figures are older than 3 poll intervals of the network (the node is lagging or unreachable)',
      ),
  })
  .meta({ id: 'PoolFunds' });

export const poolSchema = z
  .object({
    id: z.number().int(),
    pool_address: z.string().describe('The pool contract; for a V4 pool its pool id (0x + 64 hex)'),
    pool_version: poolVersionSchema,
    fee: z
      .number()
      .int()
      .nullable()
      .describe(
        'Fee tier in hundredths of a bip (3000 = 0.3%); null for Uniswap V2 forks (fixed by the DEX) and where the fee is dynamic (shape.dynamic_fee)',
      ),
    shape: poolShapeSchema,
    v4: poolV4Schema
      .nullable()
      .describe('The V4 pool key (hooks, their permissions, tick spacing); null for other pools'),
    dex: z.object({ id: z.string(), name: z.string(), dex_logo: z.string() }),
    token: z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      token_logo: z.string(),
      address: z.string(),
      decimals: z.number().int(),
    }),
    project: z.object({
      id: z.number().int(),
      name: z.string(),
      token_symbol: z.string(),
      contract_address: z.string(),
      token_decimal: z.number().int(),
    }),
    network: z.object({
      id: z.number().int(),
      name: z.string(),
      network_logo: z.string(),
      network_explorer: z.string(),
    }),
    pool_funds: poolFundsSchema.nullable().describe('Null when the pool was not read (list without funds)'),
    price: decimalString.nullable().describe('Project token priced in the paired token'),
    price_usd: decimalString
      .nullable()
      .describe(
        "This pool's price × the paired token's current USD rate (docs/decisions/0032); null without a USD route (see usd_unavailable_reason)",
      ),
    liquidity_usd: decimalString
      .nullable()
      .describe(
        "Both sides in USD: project-token reserve × the project token's USD price (from its price-setting pool, never this pool's own price) + paired reserve × the paired token's USD rate",
      ),
    volume_24h_usd: decimalString
      .nullable()
      .describe(
        "volume_24h × the paired token's CURRENT USD rate (past rates are not recorded, so swaps of earlier hours are valued at today's rate)",
      ),
    usd: usdSourceSchema.nullable().describe('How the USD figures were obtained; null when they are null'),
    usd_unavailable_reason: z
      .string()
      .nullable()
      .describe('Why the USD figures are null, in a sentence; null when they are known'),
    change_24h: decimalString
      .nullable()
      .describe(
        'Percent change from the last stored price at or before 24 h ago to the current price; null until 24 h of price history exist or without a current price',
      ),
    volume_24h: decimalString
      .nullable()
      .describe(
        'Sum of the paired-token legs of the swaps of the last 24 h (absolute, whole tokens); null until the indexer has covered the pool',
      ),
    buys_24h: z
      .number()
      .int()
      .nullable()
      .describe(
        'Transactions of the last 24 h whose swap in this pool gave out the project token (as the activity list counts a Buy; a trade through several bins counts once); null until the indexer has covered the pool',
      ),
    sells_24h: z
      .number()
      .int()
      .nullable()
      .describe(
        'Transactions of the last 24 h whose swap in this pool took the project token in; null until the indexer has covered the pool',
      ),
    traders_24h: z
      .number()
      .int()
      .nullable()
      .describe(
        "Distinct senders of the last 24 h's swaps (docs/decisions/0033); null until every one of them has been read from the chain, so it never undercounts",
      ),
    created_at: z.string(),
  })
  .meta({ id: 'Pool' });
export type Pool = z.infer<typeof poolSchema>;
export const poolListSchema = z.array(poolSchema).meta({ id: 'PoolList' });

export const poolSummarySchema = z
  .object({
    pool_count: z.number().int(),
    latest_pools: z
      .array(poolSchema)
      .describe(
        `The ${DASHBOARD_LIST_LIMIT} newest, in the order of user/pools/, without chain reads (pool_funds and price null)`,
      ),
  })
  .meta({ id: 'PoolSummary' });
export type PoolSummary = z.infer<typeof poolSummarySchema>;

/** The pool lists (user/pools/funds/ and user/pools/): newest first, paged, searchable, one project's pools. */
export const poolListQuerySchema = z.object({
  q: listSearch.describe(
    "Case-insensitive text in the paired token's or the project token's symbol, the pool address or the DEX",
  ),
  project: strictId().optional().describe("Only this project's pools (another user's project answers 404)"),
  cursor: pageCursor,
  limit: pageLimit,
});
export type PoolListQuery = z.input<typeof poolListQuerySchema>;

export const poolPageSchema = z
  .object({
    pools: z.array(poolSchema),
    next_cursor: z.string().nullable().describe('Cursor of the next page; null on the last page'),
  })
  .meta({ id: 'PoolPage' });
export type PoolPage = z.infer<typeof poolPageSchema>;
