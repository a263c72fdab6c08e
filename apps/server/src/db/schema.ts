import { POOL_VERSIONS, WORKSPACE_ROLES } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    /** `scrypt$<logN>$<r>$<p>$<salt>$<hash>`: parameters travel with the hash so they can be raised. */
    passwordHash: text('password_hash').notNull(),
    /** Bumped on every password change; cached Basic credentials of an older version are void. */
    credentialVersion: integer('credential_version').notNull().default(1),
    /** When the address was proved by a link (decision 0039); null: not verified. Alert e-mails need it. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The password was made up by the operator's CLI (--generate, migration 0026): the user must choose their own first. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: 'Alice' and 'alice' are one account, as users expect.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // An address is unique among the accounts that proved it (migration 0023, decision 0053): one
    // that typed an address another account holds keeps it unverified and is sent no link for it.
    uniqueIndex('users_verified_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export type EmailTokenPurpose = 'verify' | 'change' | 'reset';

/**
 * One-time links sent by e-mail (decision 0039): verify the address, confirm a new address, reset
 * the password. Only the SHA-256 of the token is stored. `newEmail` is the address the link went
 * to ('verify', 'change'); a link is used once (`usedAt`) and refused after `expiresAt`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'change', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/**
 * What staff and operators did to accounts (decision 0058, migration 0021): a password-reset link
 * issued from the staff console ('staff') or the CLI ('cli', `actorName` the operating-system
 * user). Never the token. Names are kept as they were when it happened.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    action: text('action', { enum: ['reset_link_issued'] }).notNull(),
    actorKind: text('actor_kind', { enum: ['staff', 'cli'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectName: text('subject_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_subject_idx').on(t.subjectUserId, t.createdAt),
  ],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The network id of the registry (= chain id). */
    networkId: integer('network_id').notNull(),
    /** Lower case, like every stored address (decision 0027); answers checksum it. */
    contractAddress: text('contract_address').notNull(),
    name: text('name').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    tokenDecimal: integer('token_decimal').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The chain head read when the project was added: the new-pool watch looks for its pools from
     * this block on (decision 0057). Null for projects saved before migration 0020.
     */
    createdBlock: bigint('created_block', { mode: 'bigint' }),
    /** Set by the new-pool watch once it has scanned this token from createdBlock up to its checkpoint. */
    poolWatchJoined: boolean('pool_watch_joined').notNull().default(false),
    /** Always the workspace founded by user_id: a trigger sets it on insert (migration 0030, decision 0087). */
    workspaceId: integer('workspace_id'),
  },
  (t) => [
    uniqueIndex('projects_user_network_address_key').on(t.userId, t.networkId, t.contractAddress),
    // The lists' order (created_at desc, id desc) with the id tie-break, so a page of the first N
    // reads N index entries instead of sorting all of a user's rows (decision 0014).
    index('projects_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('projects_workspace_idx').on(t.workspaceId),
    // Trigram indexes keep `ILIKE '%term%'` search fast with 100k projects.
    index('projects_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('projects_symbol_trgm_idx').using('gin', sql`lower(${t.tokenSymbol}) gin_trgm_ops`),
  ],
);

export const pools = pgTable(
  'pools',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Denormalised owner, so every tenant filter is one indexed column. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: integer('network_id').notNull(),
    dexId: text('dex_id').notNull(),
    /** The paired token as it was when the pool was attached (registry id and on-chain facts). */
    tokenId: text('token_id').notNull(),
    /** Lower case, like every stored address (decision 0027). */
    pairedTokenAddress: text('paired_token_address').notNull(),
    pairedTokenSymbol: text('paired_token_symbol').notNull(),
    pairedTokenName: text('paired_token_name').notNull(),
    pairedTokenDecimals: integer('paired_token_decimals').notNull(),
    /** Lower case, like every stored address (decision 0027); a V4 pool's id (0x + 64 hex, decision 0042). */
    poolAddress: text('pool_address').notNull(),
    /** The family's stored version (chain/networks.ts DexVersion; decisions 0059, 0067). */
    poolVersion: text('pool_version', { enum: POOL_VERSIONS }).notNull(),
    /** V3 fee tier; V4 the key's fee (0x800000 = dynamic); Solidly the pool's fee when attached. */
    fee: integer('fee'),
    /**
     * V4: the rest of the PoolKey (decision 0042); the hooks address lower case, 0x0…0 for none.
     * Slipstream and Algebra: the pool's tick spacing; Algebra: its plugin in hooks (decision 0067).
     */
    tickSpacing: integer('tick_spacing'),
    hooks: text('hooks'),
    /** Solidly and Camelot V2: a stable pool (x³y + y³x = k) or a volatile one; null for other families. */
    stable: boolean('stable'),
    /** Liquidity Book: the pair's bin step in basis points; null for other families. */
    binStep: integer('bin_step'),
    projectIsToken0: boolean('project_is_token0').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pools_project_address_key').on(t.projectId, t.poolAddress),
    index('pools_user_idx').on(t.userId, t.createdAt, t.id),
    index('pools_network_address_idx').on(t.networkId, t.poolAddress),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type PoolRow = typeof pools.$inferSelect;

/** Where each network's indexer has read up to (inclusive); written with the events it covers. */
export const indexerCheckpoints = pgTable('indexer_checkpoints', {
  networkId: integer('network_id').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which server indexes each network (decision 0051): a lease renewed by its holder and taken over
 * by a standby once `expires_at` (the database's clock) has passed. `epoch` grows with every
 * takeover; every write transaction of the indexer checks holder and epoch on this row first.
 */
export const indexerLeases = pgTable('indexer_leases', {
  networkId: integer('network_id').primaryKey(),
  holder: text('holder').notNull(),
  epoch: bigint('epoch', { mode: 'bigint' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * First block each tracked pool was read from. A pool attached later is backfilled from its own
 * start while the network's checkpoint keeps moving for the others.
 */
export const indexedPools = pgTable(
  'indexed_pools',
  {
    networkId: integer('network_id').notNull(),
    /** Lower-case pool address; a V4 pool's id. */
    poolAddress: text('pool_address').notNull(),
    version: text('version', { enum: POOL_VERSIONS }).notNull(),
    /** Indexed from here … */
    fromBlock: bigint('from_block', { mode: 'bigint' }).notNull(),
    /** … up to here (inclusive); null until the first range is stored. */
    toBlock: bigint('to_block', { mode: 'bigint' }),
  },
  (t) => [uniqueIndex('indexed_pools_key').on(t.networkId, t.poolAddress)],
);

/**
 * A network's reference pool for past USD rates (decision 0064): the wrapped native against a USD
 * stablecoin, chosen once by the indexer and indexed like any pool. System data, no user's.
 */
export const referencePools = pgTable('reference_pools', {
  networkId: integer('network_id').primaryKey(),
  /** Lower case. */
  poolAddress: text('pool_address').notNull(),
  poolVersion: text('pool_version', { enum: POOL_VERSIONS }).notNull(),
  baseAddress: text('base_address').notNull(),
  baseSymbol: text('base_symbol').notNull(),
  baseDecimals: integer('base_decimals').notNull(),
  stableAddress: text('stable_address').notNull(),
  stableSymbol: text('stable_symbol').notNull(),
  stableDecimals: integer('stable_decimals').notNull(),
  baseIsToken0: boolean('base_is_token0').notNull(),
  /** "WETH/USDC on Uniswap V3 (0.05%)". */
  label: text('label').notNull(),
  chosenBlock: bigint('chosen_block', { mode: 'bigint' }).notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ReferencePoolRow = typeof referencePools.$inferSelect;

/**
 * Raw pool events as the chain logged them, from the pool's point of view: amounts are signed,
 * positive into the pool. Buy/sell and the amounts a user sees are derived per tracked pool,
 * because which token is "the project token" belongs to the user's pool, not to the log.
 */
export const poolEvents = pgTable(
  'pool_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    networkId: integer('network_id').notNull(),
    poolAddress: text('pool_address').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    type: text('type', { enum: ['swap', 'mint', 'burn'] }).notNull(),
    amount0: numeric('amount0', { precision: 78, scale: 0 }).notNull(),
    amount1: numeric('amount1', { precision: 78, scale: 0 }).notNull(),
    /** V3 swaps: the price after the swap. */
    sqrtPriceX96: numeric('sqrt_price_x96', { precision: 78, scale: 0 }),
    /** The transaction's sender, lower case; null until the trader reader has read it (decision 0033). */
    trader: text('trader'),
  },
  (t) => [
    uniqueIndex('pool_events_network_tx_log_key').on(t.networkId, t.txHash, t.logIndex),
    index('pool_events_pool_time_idx').on(t.networkId, t.poolAddress, t.blockNumber, t.logIndex),
    // 24h volume scans a pool's swaps by block time.
    index('pool_events_pool_block_time_idx').on(t.networkId, t.poolAddress, t.blockTime),
    // Activity order across pools: the list of a user with many pools reads events in this order
    // and keeps the user's (decision 0010).
    index('pool_events_order_idx').on(t.blockNumber, t.logIndex, t.id),
    // The trader filter (one trader's events in activity order) and the trader reader's backlog,
    // newest first; both partial, so neither holds the other's rows (decision 0033).
    index('pool_events_trader_idx')
      .on(t.trader, t.blockNumber, t.logIndex, t.id)
      .where(sql`${t.trader} is not null`),
    index('pool_events_trader_unread_idx')
      .on(t.networkId, t.blockNumber)
      .where(sql`${t.trader} is null`),
  ],
);

/**
 * Pool state over time: raw reserves (V2 reserves, V3 token balances) and, for V3, sqrtPriceX96.
 * One row per pool per minute bucket; after 48 h only the last row of each hour is kept.
 */
export const poolSnapshots = pgTable(
  'pool_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    networkId: integer('network_id').notNull(),
    poolAddress: text('pool_address').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    reserve0: numeric('reserve0', { precision: 78, scale: 0 }).notNull(),
    reserve1: numeric('reserve1', { precision: 78, scale: 0 }).notNull(),
    sqrtPriceX96: numeric('sqrt_price_x96', { precision: 78, scale: 0 }),
  },
  (t) => [uniqueIndex('pool_snapshots_bucket_key').on(t.networkId, t.poolAddress, t.bucket)],
);

export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['price_move', 'liquidity_drop', 'large_swap'] }).notNull(),
    thresholdPct: numeric('threshold_pct'),
    windowMinutes: integer('window_minutes'),
    minAmount: numeric('min_amount'),
    cooldownMinutes: integer('cooldown_minutes').notNull().default(60),
    isActive: boolean('is_active').notNull().default(true),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    triggerCount: integer('trigger_count').notNull().default(0),
    /** Large-swap alerts only look at swaps after this block (never at history). */
    sinceBlock: bigint('since_block', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alerts_user_idx').on(t.userId, t.createdAt, t.id), index('alerts_pool_idx').on(t.poolId)],
);

export const alertTriggers = pgTable(
  'alert_triggers',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }).notNull(),
    message: text('message').notNull(),
    values: jsonb('values').$type<Record<string, string | number | null>>().notNull(),
    /** The newest block the firing was judged on: a reorganisation above it withdraws it (decision 0016). */
    networkId: integer('network_id'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
  },
  (t) => [
    index('alert_triggers_alert_idx').on(t.alertId, t.triggeredAt),
    index('alert_triggers_block_idx')
      .on(t.networkId, t.blockNumber)
      .where(sql`${t.blockNumber} is not null`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    navigationUrl: text('navigation_url').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** For notices derived from one chain block (alerts, new pools): a reorganisation above it withdraws them. */
    networkId: integer('network_id'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_block_idx')
      .on(t.networkId, t.blockNumber)
      .where(sql`${t.blockNumber} is not null`),
    // The unread badge is polled by every open tab: count from a small partial index.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

export type PoolEventRow = typeof poolEvents.$inferSelect;
export type PoolSnapshotRow = typeof poolSnapshots.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type AlertTriggerRow = typeof alertTriggers.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Support tickets. A ticket outlives its project: deleting the project sets project_id to null and
 * the ticket keeps the name it was opened under (project_name), so the conversation stays readable.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The project's name when the ticket was opened; shown once the project is gone. */
    projectName: text('project_name').notNull(),
    subject: text('subject').notNull(),
    isResolved: boolean('is_resolved').notNull().default(false),
    /** True while the last word is the user's (product §2.13 'Awaiting Reply'). */
    waitingAnswer: boolean('waiting_answer').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message or status change; the staff queue is ordered by it (oldest first). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId, t.id),
    index('tickets_queue_idx').on(t.isResolved, t.waitingAnswer, t.updatedAt, t.id),
    index('tickets_project_idx').on(t.projectId),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once that account is deleted (the message stays). */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by support staff (shown as 'Support Team'). */
    isAdmin: boolean('is_admin').notNull(),
    /** Plain text, trimmed, at most 10,000 characters. */
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

/**
 * Holder indexing of one token on one network. Token data is public chain data, so it is shared by
 * every project that tracks the same token; users reach it only through their own project.
 */
export const tokenHolderSync = pgTable(
  'token_holder_sync',
  {
    networkId: integer('network_id').notNull(),
    /** Lower-case token address. */
    tokenAddress: text('token_address').notNull(),
    /**
     * Where the token's history starts: the block its code first exists at (binary search over
     * eth_getCode on an archive node), or its first Transfer log's block on a node without old
     * state (docs/decisions/0055); null until found.
     */
    deployBlock: bigint('deploy_block', { mode: 'bigint' }),
    /** The account that sent the deployment transaction, when it could be found. */
    deployer: text('deployer'),
    /** Transfer logs are applied up to here (inclusive); null until the first range is stored. */
    toBlock: bigint('to_block', { mode: 'bigint' }),
    /** The safe head the last tick aimed at: the denominator of the backfill progress. */
    targetBlock: bigint('target_block', { mode: 'bigint' }),
    /** Addresses with a balance above zero, the zero address excepted; kept with the balances. */
    holderCount: integer('holder_count').notNull().default(0),
    /**
     * What Transfer logs debited beyond the balance they had credited (clamped at zero, summed):
     * evidence that the logs do not tell the whole story (a supply assigned without an event, a rebase).
     */
    logShortfall: numeric('log_shortfall', { precision: 78, scale: 0 }).notNull().default('0'),
    /** The latest addresses such a debit hit (at most 20): the reconciliation asks the chain about them. */
    shortfallHolders: jsonb('shortfall_holders').$type<string[]>().notNull().default([]),
    /**
     * What the last check against the chain corrects holderCount by, while it found the chain and
     * the logs in disagreement: addresses with a balanceOf the logs never credited, less addresses
     * the logs count that hold nothing. Every screen shows holderCount + this (0 when null: not
     * checked since the column came).
     */
    holderCountAdjustment: integer('holder_count_adjustment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('token_holder_sync_key').on(t.networkId, t.tokenAddress)],
);

/**
 * The last check of a token's log-derived figures against the chain: totalSupply() and balanceOf
 * of the largest holders (and of the other addresses the holders card shows), at one block.
 */
export const tokenHolderReconciliation = pgTable(
  'token_holder_reconciliation',
  {
    networkId: integer('network_id').notNull(),
    tokenAddress: text('token_address').notNull(),
    /** matches | differs | unavailable (the chain could not be asked) | no_logs (a supply, but no Transfer logs). */
    status: text('status').notNull(),
    /** The block both sides were read at: logs applied up to it, the multicall pinned to it. */
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** Sum of the log-derived balances, the zero address excepted. */
    supplyFromLogs: numeric('supply_from_logs', { precision: 78, scale: 0 }),
    totalSupply: numeric('total_supply', { precision: 78, scale: 0 }),
    /** balanceOf(0x0): tokens sent to the zero address that the contract still counts in totalSupply(). */
    zeroAddressBalance: numeric('zero_address_balance', { precision: 78, scale: 0 }),
    /** The largest |balanceOf − log balance| among the checked addresses (or of the supplies). */
    largestDifference: numeric('largest_difference', { precision: 78, scale: 0 }),
    addressesChecked: integer('addresses_checked').notNull().default(0),
    addressesDiffering: integer('addresses_differing').notNull().default(0),
    /** balanceOf at `blockNumber` of every checked address, lower-case, raw integer strings. */
    chainBalances: jsonb('chain_balances').$type<{ holder: string; balance: string }[]>().notNull().default([]),
    /** Why the check could not be done, when status is unavailable. */
    reason: text('reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('token_holder_reconciliation_key').on(t.networkId, t.tokenAddress)],
);

/** Balances derived from Transfer logs. Rows at zero are deleted, so the table holds holders only. */
export const tokenBalances = pgTable(
  'token_balances',
  {
    networkId: integer('network_id').notNull(),
    tokenAddress: text('token_address').notNull(),
    /** Lower-case holder address. */
    holder: text('holder').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    uniqueIndex('token_balances_key').on(t.networkId, t.tokenAddress, t.holder),
    // Top holders and the CSV export read a token's balances largest first.
    index('token_balances_rank_idx').on(t.networkId, t.tokenAddress, t.balance.desc()),
  ],
);

/** The holder count at the end of each UTC day that had transfers (days without keep the last). */
export const tokenHolderDaily = pgTable(
  'token_holder_daily',
  {
    networkId: integer('network_id').notNull(),
    tokenAddress: text('token_address').notNull(),
    day: text('day').notNull(),
    holderCount: integer('holder_count').notNull(),
  },
  (t) => [uniqueIndex('token_holder_daily_key').on(t.networkId, t.tokenAddress, t.day)],
);

/** Where each network's new-pool watch has read factory events up to (inclusive). */
export const poolWatchCheckpoints = pgTable('pool_watch_checkpoints', {
  networkId: integer('network_id').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pools of a project's token created on a configured factory after the project existed and not
 * attached to it. One row per project and pool: its insert and the owner's notification are one
 * transaction, so each new pool notifies exactly once.
 */
export const discoveredPools = pgTable(
  'discovered_pools',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: integer('network_id').notNull(),
    dexId: text('dex_id').notNull(),
    /** Lower case, like every stored address (decision 0027). */
    poolAddress: text('pool_address').notNull(),
    poolVersion: text('pool_version', { enum: POOL_VERSIONS }).notNull(),
    fee: integer('fee'),
    /** As on pools (decisions 0042, 0067). */
    tickSpacing: integer('tick_spacing'),
    hooks: text('hooks'),
    stable: boolean('stable'),
    binStep: integer('bin_step'),
    pairedTokenAddress: text('paired_token_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    txHash: text('tx_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discovered_pools_project_pool_key').on(t.projectId, t.poolAddress),
    index('discovered_pools_user_idx').on(t.userId, t.projectId),
    index('discovered_pools_block_idx').on(t.networkId, t.blockNumber),
  ],
);

export type TokenHolderSyncRow = typeof tokenHolderSync.$inferSelect;
export type TokenHolderReconciliationRow = typeof tokenHolderReconciliation.$inferSelect;
export type DiscoveredPoolRow = typeof discoveredPools.$inferSelect;

/**
 * The weekly e-mail report of a project (docs/decisions/0040): opt-in, off by default. `lastWeek`
 * (ISO week, '2026-W48') is claimed by a conditional UPDATE in the transaction that enqueues the
 * report, so several servers on one database send a project one report a week.
 */
export const projectWeeklyReports = pgTable(
  'project_weekly_reports',
  {
    projectId: integer('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    lastWeek: text('last_week'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastMessageId: uuid('last_message_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_weekly_reports_enabled_idx')
      .on(t.projectId)
      .where(sql`${t.enabled} = true`),
  ],
);

export type ProjectWeeklyReportRow = typeof projectWeeklyReports.$inferSelect;

/**
 * Hashes of the recent blocks the indexers stored data from or checkpointed at, written in the
 * same transaction as that data and kept for a bounded window: a block whose hash the chain no
 * longer has was orphaned by a reorganisation (decision 0016). One block number may carry two
 * hashes when two indexers read it on different forks; every one of them must still match.
 */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    networkId: integer('network_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [uniqueIndex('indexed_blocks_key').on(t.networkId, t.blockNumber, t.blockHash)],
);

/**
 * A holder's log-derived balance before the first transfer of each recent block that touched it:
 * rolling back to block F restores, per holder, the entry of the first block after F.
 */
export const holderBalanceJournal = pgTable(
  'holder_balance_journal',
  {
    networkId: integer('network_id').notNull(),
    tokenAddress: text('token_address').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    holder: text('holder').notNull(),
    balanceBefore: numeric('balance_before', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    uniqueIndex('holder_balance_journal_key').on(t.networkId, t.tokenAddress, t.holder, t.blockNumber),
    index('holder_balance_journal_block_idx').on(t.networkId, t.blockNumber),
  ],
);

/**
 * Items an indexer loop skipped instead of stalling on them: a pool-creation log it could not
 * decode, a notification the database refused, a token whose history could not be read. One row
 * per network, part, item and reason; `attempts` counts how often it happened again.
 */
export const indexerSkippedItems = pgTable(
  'indexer_skipped_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    networkId: integer('network_id').notNull(),
    /** pools | holders | pool-watch */
    part: text('part').notNull(),
    /** What was skipped: an address, or 'txhash:logIndex' for one log. */
    item: text('item').notNull(),
    /** A short code (metrics label), e.g. notification-rejected, undecodable-log, token-failed. */
    reason: text('reason').notNull(),
    /** The error, with URLs cut out (safeErrorText). */
    detail: text('detail').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('indexer_skipped_items_key').on(t.networkId, t.part, t.item, t.reason),
    index('indexer_skipped_items_recent_idx').on(t.networkId, t.lastSeenAt.desc()),
  ],
);

/**
 * Where a user's alerts go besides the bell (docs/decisions/0037). `config` is the kind's
 * destination: webhook {url}, telegram {bot_token, chat_id}, discord {webhook_url}, email {} (the
 * account's verified address). A channel that keeps failing is paused until its owner resumes it.
 */
export type ChannelKind = 'email' | 'webhook' | 'telegram' | 'discord';
export const channelKinds = ['email', 'webhook', 'telegram', 'discord'] as const satisfies readonly ChannelKind[];
export interface ChannelConfig {
  url?: string;
  bot_token?: string;
  chat_id?: string;
  webhook_url?: string;
}

export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: channelKinds }).notNull(),
    name: text('name').notNull(),
    config: jsonb('config').$type<ChannelConfig>().notNull().default({}),
    /** Webhooks: the Standard Webhooks signing secret (`whsec_…`), shown to the owner once. */
    secret: text('secret'),
    status: text('status', { enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    /** Messages that failed for good in a row; a delivered one resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Why it was paused, as the owner is told (the last error, redacted). */
    pausedReason: text('paused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_channels_user_idx').on(t.userId, t.createdAt, t.id)],
);

/** The channels an alert is delivered to (the bell always, without a row). */
export const alertChannels = pgTable(
  'alert_channels',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.channelId], name: 'alert_channels_pkey' }),
    index('alert_channels_channel_idx').on(t.channelId),
  ],
);

export const outboxCategories = ['account', 'alert', 'staff', 'report', 'channel', 'test'] as const;
export type OutboxCategory = (typeof outboxCategories)[number];
export type OutboxStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/**
 * Everything that leaves TokenDesk (docs/decisions/0037), written in the transaction of the event
 * it reports, its content frozen then (payload, see domain/outbox.ts). The delivery worker claims
 * due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until); message_id is the idempotency
 * key the receiver sees (webhook-id).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id').notNull(),
    /** Whose message it is; null for an address that is no account's (e.g. a staff list). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The channel it goes through; null for account, staff and report e-mails. */
    channelId: integer('channel_id').references(() => notificationChannels.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: channelKinds }).notNull(),
    category: text('category', { enum: outboxCategories }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: until then nobody else sends it; a crashed worker's lease runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseCode: integer('last_response_code'),
    /** Redacted: no tokens, secrets or URLs with credentials. */
    lastError: text('last_error'),
    /** Alert messages: the block the firing was judged on; a reorganisation above it cancels a pending one (decision 0016). */
    networkId: integer('network_id'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_message_id_key').on(t.messageId),
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_channel_idx')
      .on(t.channelId, t.createdAt, t.id)
      .where(sql`${t.channelId} is not null`),
    index('outbox_user_idx').on(t.userId),
    index('outbox_block_idx')
      .on(t.networkId, t.blockNumber)
      .where(sql`${t.blockNumber} is not null AND ${t.status} = 'pending'`),
  ],
);

/**
 * Rate-limit counters shared by every server on the database (decision 0052; UNLOGGED in
 * drizzle/0019_shared_limits.sql, which drizzle cannot express). Read and written only with the
 * hand-written statements of db/shared-limits.ts.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  /** Times (ms since the epoch) of the key's events in its window, newest last. */
  hits: bigint('hits', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
});

export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  atMs: bigint('at_ms', { mode: 'number' }).notNull(),
  taken: boolean('taken').notNull(),
  fullAtMs: bigint('full_at_ms', { mode: 'number' }).notNull(),
});

export type NotificationChannelRow = typeof notificationChannels.$inferSelect;
export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Where each user signed in from (decision 0054): an IPv4 address, or an IPv6 address's /64. A
 * sign-in from one of these, with no failure there, hashes in the password queue's top lane, ahead
 * of every guess from addresses the server has not seen this user at. At most 10 per user, kept
 * 90 days after the last sign-in from there (auth/sign-in-origins.ts prunes them).
 */
export const signInOrigins = pgTable(
  'sign_in_origins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.origin], name: 'sign_in_origins_pkey' })],
);

/*
 * Workspaces and roles (migration 0030, decision 0087). A workspace's data rows stay keyed by its
 * founder's user id; membership decides who may act on them, and with which role.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The user whose personal workspace this is: made by a trigger when the user row is inserted. */
    founderUserId: integer('founder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspaces_founder_key').on(t.founderUserId)],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId], name: 'workspace_members_pkey' }),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Where the link was e-mailed; null for a copyable link. */
    email: text('email'),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    /** SHA-256 of the one-time token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_invites_token_hash_key').on(t.tokenHash),
    index('workspace_invites_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);
export type WorkspaceInviteRow = typeof workspaceInvites.$inferSelect;
