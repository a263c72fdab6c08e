import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: 'Alice' and 'alice' are one account, as users expect.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
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

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The network id of the registry (= chain id). */
    networkId: integer('network_id').notNull(),
    /** Checksummed; uniqueness is on the lower-case form. */
    contractAddress: text('contract_address').notNull(),
    name: text('name').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    tokenDecimal: integer('token_decimal').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('projects_user_network_address_key').on(t.userId, t.networkId, sql`lower(${t.contractAddress})`),
    index('projects_user_created_idx').on(t.userId, t.createdAt),
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
    pairedTokenAddress: text('paired_token_address').notNull(),
    pairedTokenSymbol: text('paired_token_symbol').notNull(),
    pairedTokenName: text('paired_token_name').notNull(),
    pairedTokenDecimals: integer('paired_token_decimals').notNull(),
    poolAddress: text('pool_address').notNull(),
    poolVersion: text('pool_version', { enum: ['v2', 'v3'] }).notNull(),
    fee: integer('fee'),
    projectIsToken0: boolean('project_is_token0').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pools_project_address_key').on(t.projectId, sql`lower(${t.poolAddress})`),
    index('pools_user_idx').on(t.userId, t.createdAt),
    index('pools_network_address_idx').on(t.networkId, sql`lower(${t.poolAddress})`),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type PoolRow = typeof pools.$inferSelect;
