import { z } from 'zod';
import { pathId, strictId, strictNumber } from './numbers';

/** Texts of product §2.3, 2.8, 4 and 5 that the server also answers with. */
export const projectMessages = {
  networkRequired: 'Please select a network',
  addressRequired: 'Contract address is required',
  addressInvalid: 'Please enter a valid contract address (0x followed by 40 hex characters)',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters long',
  symbolRequired: 'Symbol is required',
  symbolTooLong: 'Symbol must be at most 32 characters long',
  decimalsRequired: 'Decimals is required',
  decimalsInvalid: 'Decimals must be a whole number from 0 to 36',
  fetchNeedsNetworkAndAddress: 'Please select a network and enter a contract address.',
  tokenInfoFailed: 'Failed to fetch token info. Please check the contract address.',
  createFailed: 'Failed to create project. Please try again.',
  duplicateProject: 'You already have a project for this token on this network.',
  unknownNetwork: 'Unknown network.',
  projectNotFound: 'Project not found',
  dexRequired: 'Please select a DEX',
  tokenRequired: 'Please select a token',
  poolAddressRequired: 'Pool address is required',
  duplicatePool: 'This pool is already attached to the project.',
  poolAutoFillHint: 'The pool address is filled in automatically',
  nodeUnreachable: (network: string) => `The ${network} node is not reachable right now. Please try again later.`,
  noPool: (dex: string) => `No pool found for this pair on ${dex}`,
} as const;

export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
/** What a project stores of a token's name and symbol; 'Fetch Token Info' never answers longer. */
export const TOKEN_NAME_MAX_LENGTH = 100;
export const TOKEN_SYMBOL_MAX_LENGTH = 32;
const m = projectMessages;

/** A decimal string: exact amounts travel as text, never as floats (product §3). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/).describe('Exact decimal number as a string');

export const addressField = z
  .string({ error: m.addressRequired })
  .trim()
  .min(1, m.addressRequired)
  .regex(ADDRESS_RE, m.addressInvalid);

export const networkIdField = strictNumber(z.number({ error: m.networkRequired }).int(m.networkRequired).positive(m.networkRequired), m.networkRequired).describe(
  'Network id (the chain id): a JSON number or decimal digits',
);

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

export const dexOptionSchema = z
  .object({ id: z.string(), name: z.string(), dex_logo: z.string(), version: z.enum(['v2', 'v3']) })
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

export const projectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    ticker: z.string(),
    token_symbol: z.string(),
    token_decimal: z.number().int(),
    network: z.number().int(),
    contract_address: z.string(),
    created_at: z.string(),
    holder_count: z
      .number()
      .int()
      .nullable()
      .describe("Addresses holding the token, from its Transfer history; null until the history is indexed, and when holder statistics are not available"),
    holders_available: z
      .boolean()
      .describe(
        'False when the token has a supply but no Transfer logs of its own (they come from another contract), so holder statistics cannot be counted: holder_count then stays null for good rather than while indexing',
      ),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

/** The list routes answer pages: `limit` rows (1–LIST_PAGE_MAX, default LIST_PAGE_LIMIT) and the cursor of the next page. */
export const LIST_PAGE_LIMIT = 50;
export const LIST_PAGE_MAX = 200;
/** A project's pools (projects/{id}/pools/) answer at most this many, newest first; the funds list pages through all. */
export const PROJECT_POOLS_LIMIT = 200;

const pageLimit = strictNumber(z.number().int().min(1).max(LIST_PAGE_MAX))
  .default(LIST_PAGE_LIMIT)
  .describe(`Rows per page, 1–${LIST_PAGE_MAX} (default ${LIST_PAGE_LIMIT})`);
const pageCursor = z.string().max(200).optional().describe('Opaque; next_cursor of the previous page (a malformed one answers 400)');
const listSearch = z.string().max(100).optional();

export const projectListQuerySchema = z.object({
  q: listSearch.describe('Case-insensitive text in the name, the symbol or the contract address'),
  cursor: pageCursor,
  limit: pageLimit,
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const projectListSchema = z
  .object({
    projects: z.array(projectSchema),
    next_cursor: z.string().nullable().describe('Cursor of the next page; null on the last page'),
  })
  .meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof projectListSchema>;

/** Product §6: dashboard lists show at most 5; the summary routes answer that many. */
export const DASHBOARD_LIST_LIMIT = 5;

export const projectSummarySchema = z
  .object({
    project_count: z.number().int(),
    recent_projects: z.array(projectSchema).describe(`The ${DASHBOARD_LIST_LIMIT} newest, in the order of projects/`),
  })
  .meta({ id: 'ProjectSummary' });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const createProjectFieldOrder = ['network', 'contract_address', 'name', 'token_symbol', 'token_decimal'] as const;
export const createProjectBodySchema = z
  .strictObject({
    network: networkIdField,
    contract_address: addressField,
    name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(TOKEN_NAME_MAX_LENGTH, m.nameTooLong),
    token_symbol: z.string({ error: m.symbolRequired }).trim().min(1, m.symbolRequired).max(TOKEN_SYMBOL_MAX_LENGTH, m.symbolTooLong),
    token_decimal: strictNumber(z.number({ error: m.decimalsRequired }).int(m.decimalsInvalid).min(0, m.decimalsInvalid).max(36, m.decimalsInvalid), m.decimalsRequired),
  })
  .meta({ id: 'CreateProjectBody' });
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

export const tokenInfoBodySchema = z
  .strictObject({ network: networkIdField, contract_address: addressField })
  .meta({ id: 'TokenInfoBody' });
export const tokenInfoSchema = z
  .object({
    name: z.string().describe(`Cleaned of control and invisible characters and cut to ${TOKEN_NAME_MAX_LENGTH} characters, so Add Project accepts it as is`),
    symbol: z.string().describe(`Cleaned like the name and cut to ${TOKEN_SYMBOL_MAX_LENGTH} characters`),
    decimals: z.number().int(),
    notes: z
      .array(z.string())
      .optional()
      .describe(
        'Present when name or symbol are not exactly what the contract answered: a sentence per change ' +
          '(characters removed, text shortened, or a fallback because name() or symbol() reverted or answered nothing — both are optional in EIP-20). ' +
          'Absent when the contract answered clean values.',
      ),
  })
  .meta({ id: 'TokenInfo' });
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

export const searchQuerySchema = z.object({ query: z.string().max(100).default('') });
export const searchResultSchema = z
  .array(z.object({ id: z.number().int(), name: z.string(), token_symbol: z.string() }))
  .meta({ id: 'SearchResults' });
export type SearchResult = z.infer<typeof searchResultSchema>[number];

export const poolAddressBodySchema = z
  .strictObject({
    project_id: strictId(),
    dex_id: z.string({ error: m.dexRequired }).min(1, m.dexRequired),
    token_id: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired),
  })
  .meta({ id: 'PoolAddressBody' });
export const poolAddressSchema = z
  .object({ pool_address: z.string(), pool_version: z.enum(['v2', 'v3']), fee: z.number().int().nullable() })
  .meta({ id: 'PoolAddress' });
export type PoolAddress = z.infer<typeof poolAddressSchema>;

export const createPoolFieldOrder = ['dex', 'token', 'pool_address', 'pool_version'] as const;
export const createPoolBodySchema = z
  .strictObject({
    dex: z.string({ error: m.dexRequired }).min(1, m.dexRequired),
    token: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired),
    pool_address: z.string({ error: m.poolAddressRequired }).trim().min(1, m.poolAddressRequired).regex(ADDRESS_RE, m.addressInvalid),
    pool_version: z.enum(['v2', 'v3']).optional().describe('Checked against the DEX; optional'),
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
      .describe('True when these figures are older than 3 poll intervals of the network (the node is lagging or unreachable)'),
  })
  .meta({ id: 'PoolFunds' });

export const poolSchema = z
  .object({
    id: z.number().int(),
    pool_address: z.string(),
    pool_version: z.enum(['v2', 'v3']),
    fee: z.number().int().nullable().describe('V3 fee tier in hundredths of a bip (3000 = 0.3%)'),
    dex: z.object({ id: z.string(), name: z.string(), dex_logo: z.string() }),
    token: z.object({ id: z.string(), name: z.string(), symbol: z.string(), token_logo: z.string(), address: z.string(), decimals: z.number().int() }),
    project: z.object({ id: z.number().int(), name: z.string(), token_symbol: z.string(), contract_address: z.string(), token_decimal: z.number().int() }),
    network: z.object({ id: z.number().int(), name: z.string(), network_logo: z.string(), network_explorer: z.string() }),
    pool_funds: poolFundsSchema.nullable().describe('Null when the pool was not read (list without funds)'),
    price: decimalString.nullable().describe('Project token priced in the paired token'),
    change_24h: decimalString
      .nullable()
      .describe('Percent change from the last stored price at or before 24 h ago to the current price; null until 24 h of price history exist or without a current price'),
    volume_24h: decimalString
      .nullable()
      .describe('Sum of the paired-token legs of the swaps of the last 24 h (absolute, whole tokens); null until the indexer has covered the pool'),
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
      .describe(`The ${DASHBOARD_LIST_LIMIT} newest, in the order of user/pools/, without chain reads (pool_funds and price null)`),
  })
  .meta({ id: 'PoolSummary' });
export type PoolSummary = z.infer<typeof poolSummarySchema>;

/** The pool lists (user/pools/funds/ and user/pools/): newest first, paged, searchable, one project's pools. */
export const poolListQuerySchema = z.object({
  q: listSearch.describe("Case-insensitive text in the paired token's or the project token's symbol, the pool address or the DEX"),
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

/** The Market Prices panel shows this many pools, the newest; more are a link to the funds list. */
export const PRICES_PANEL_LIMIT = 50;

/** The prices route answers the newest `limit` pools (default the panel's PRICES_PANEL_LIMIT, at most LIST_PAGE_MAX). */
export const pricesQuerySchema = z.object({
  limit: strictNumber(z.number().int().min(1).max(LIST_PAGE_MAX))
    .default(PRICES_PANEL_LIMIT)
    .describe(`The newest \`limit\` pools, 1–${LIST_PAGE_MAX} (default ${PRICES_PANEL_LIMIT})`),
});

export const priceItemSchema = z
  .object({
    pool_id: z.number().int(),
    token: z.string().describe('Project token symbol'),
    pair: z.string().describe('Paired token symbol'),
    dex: z.string(),
    price: decimalString.nullable(),
    change_24h: decimalString.nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'PriceItem' });
export type PriceItem = z.infer<typeof priceItemSchema>;
export const priceListSchema = z.array(priceItemSchema).meta({ id: 'PriceList' });

/** A path id; a malformed one answers 400, a well-formed id of another user's item 404. */
export const idParamSchema = z.object({ id: pathId });
