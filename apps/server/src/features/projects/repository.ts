import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { preparedPerDb } from '../../db/prepared';
import type { LowerAddress } from '../../lib/addresses';
import { afterNewest, createdMicros, likePattern, type NewestKey } from '../../db/newest-first';
import { alerts, pools, projects, tokenHolderSync, type ProjectRow } from '../../db/schema';

import type { ProjectWithHolders } from '../../domain/projects';

export type { ProjectWithHolders };

/**
 * The holder count once the token's history is fully indexed; a partial count during a backfill
 * would understate it, so it stays null until then. Null too for a token with a supply but no
 * Transfer logs of its own (decision 0015): '0 holders' would be false. Corrected by the last check
 * against the chain, like the holders card's count and its history's last point.
 */
const noLogs = sql`exists (
  select 1 from token_holder_reconciliation r where r.network_id = ${tokenHolderSync.networkId} and r.token_address = ${tokenHolderSync.tokenAddress} and r.status = 'no_logs'
)`;
const liveHolderCount = sql<
  number | null
>`case when ${tokenHolderSync.toBlock} >= ${tokenHolderSync.targetBlock} and not ${noLogs} then greatest(0, ${tokenHolderSync.holderCount} + coalesce(${tokenHolderSync.holderCountAdjustment}, 0)) end`;
/** Said apart from a null count so that screens stop waiting for a count that will not come. */
const holdersUnavailable = sql<boolean | null>`${noLogs}`;
/** Joined, not a subquery per row: a dashboard of 1,000 projects reads the sync rows once. */
const holderSyncOfProject = and(
  eq(tokenHolderSync.networkId, projects.networkId),
  eq(tokenHolderSync.tokenAddress, projects.contractAddress),
);

/** Newest first; `limit` keeps the first rows of that order (the dashboard's five). */
export async function listProjects(db: Db, userId: number, limit?: number): Promise<ProjectWithHolders[]> {
  const query = db
    .select({ project: projects, holderCount: liveHolderCount, holdersUnavailable })
    .from(projects)
    .leftJoin(tokenHolderSync, holderSyncOfProject)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({ ...r.project, holderCount: r.holderCount, holdersUnavailable: r.holdersUnavailable }));
}

/**
 * The first page without a filter, the one every dashboard opens with: prepared once per page size
 * (decision 0086). The size stays a literal, not a placeholder, so PostgreSQL plans it as before.
 */
const firstProjectsPage = preparedPerDb((db: Db, rows: number) =>
  db
    .select({
      project: projects,
      holderCount: liveHolderCount,
      holdersUnavailable,
      createdUs: createdMicros(projects.createdAt),
    })
    .from(projects)
    .leftJoin(tokenHolderSync, holderSyncOfProject)
    .where(eq(projects.userId, sql.placeholder('userId')))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(rows)
    .prepare(`projects-first-page-${rows}`),
);

/**
 * One page of the /projects screen: newest first, after `after`, optionally only projects whose
 * name, symbol or contract address contains `q` (case-insensitive). One statement with the holder
 * counts; `limit + 1` rows are read to tell whether another page follows.
 */
export async function pageProjects(
  db: Db,
  userId: number,
  page: { q?: string | undefined; after: NewestKey | null; limit: number },
): Promise<{ rows: ProjectWithHolders[]; next: NewestKey | null }> {
  const conditions = [eq(projects.userId, userId)];
  const q = page.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(projects.name, pattern),
        ilike(projects.tokenSymbol, pattern),
        ilike(projects.contractAddress, pattern),
      )!,
    );
  }
  if (page.after) conditions.push(afterNewest(projects.createdAt, projects.id, page.after));
  const rows =
    !q && !page.after
      ? await firstProjectsPage(db, page.limit + 1).execute({ userId })
      : await db
          .select({
            project: projects,
            holderCount: liveHolderCount,
            holdersUnavailable,
            createdUs: createdMicros(projects.createdAt),
          })
          .from(projects)
          .leftJoin(tokenHolderSync, holderSyncOfProject)
          .where(and(...conditions))
          .orderBy(desc(projects.createdAt), desc(projects.id))
          .limit(page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    rows: kept.map((r) => ({ ...r.project, holderCount: r.holderCount, holdersUnavailable: r.holdersUnavailable })),
    next: rows.length > page.limit && last ? { createdUs: last.createdUs, id: last.project.id } : null,
  };
}

export async function countProjects(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.userId, userId));
  return row?.n ?? 0;
}

/** Tenant-scoped: another user's id finds nothing, exactly like an id that does not exist. */
export async function findProject(db: Db, userId: number, id: number): Promise<ProjectWithHolders | undefined> {
  const [row] = await db
    .select({ project: projects, holderCount: liveHolderCount, holdersUnavailable })
    .from(projects)
    .leftJoin(tokenHolderSync, holderSyncOfProject)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .limit(1);
  return row && { ...row.project, holderCount: row.holderCount, holdersUnavailable: row.holdersUnavailable };
}

export async function findProjectByAddress(
  db: Db,
  userId: number,
  networkId: number,
  address: LowerAddress,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.userId, userId), eq(projects.networkId, networkId), eq(projects.contractAddress, address)))
    .limit(1);
  return row;
}

export type NewProject = Omit<typeof projects.$inferInsert, 'id' | 'createdAt' | 'contractAddress'> & {
  contractAddress: LowerAddress;
};

/** The new project, or null when the user already has this contract on this network (the unique key said so). */
export async function insertProject(db: Db, values: NewProject): Promise<ProjectRow | null> {
  try {
    const [row] = await db.insert(projects).values(values).returning();
    return row!;
  } catch (err) {
    if (uniqueViolation(err) !== null) return null;
    throw err;
  }
}

/** Deletes one of the user's projects; its pools (and their alerts) cascade in the same statement. False when it is not theirs. */
export async function deleteProject(db: Db, userId: number, projectId: number): Promise<boolean> {
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  return deleted.length > 0;
}

/** LIKE wildcards in the user's text are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A query that can be (the start of) a contract address: at least four hex digits, with or without
 * the '0x' people often leave out when they copy from an explorer ('Cf7Ed3' as '0xCf7Ed3').
 * Shorter prefixes would match a large share of any user's projects by chance.
 */
const ADDRESS_PREFIX = /^(?:0x)?([0-9a-f]{4,40})$/i;

/** The stored (lower-case, '0x') start of an address a query can be, or null. */
export function addressPrefixOf(query: string): string | null {
  const hex = ADDRESS_PREFIX.exec(query)?.[1];
  return hex === undefined ? null : `0x${hex.toLowerCase()}`;
}

export function searchProjects(db: Db, userId: number, query: string, limit = 10) {
  const pattern = `%${escapeLike(query.toLowerCase())}%`;
  const byText = or(ilike(sql`lower(${projects.name})`, pattern), ilike(sql`lower(${projects.tokenSymbol})`, pattern));
  // The address condition is added only for address-like queries, so a name search keeps exactly
  // the plan it had (the trigram indexes); hex digits are safe in LIKE without escaping. A word
  // that is also hex ('cafe', 'beef') is searched both ways.
  const prefix = addressPrefixOf(query);
  if (limit === 10)
    return searchStatement(db, prefix ? 'address' : 'text').execute({
      userId,
      pattern,
      ...(prefix ? { prefix: `${prefix}%` } : {}),
    });
  const match = prefix ? or(byText, sql`${projects.contractAddress} like ${`${prefix}%`}`) : byText;
  return db
    .select({ id: projects.id, name: projects.name, token_symbol: projects.tokenSymbol })
    .from(projects)
    .where(and(eq(projects.userId, userId), match))
    .orderBy(projects.name, projects.id)
    .limit(limit);
}

/** The search box's statement (10 results), prepared once per shape (decision 0086): the same SQL as above, the values as placeholders. */
const searchStatement = preparedPerDb((db: Db, shape: 'text' | 'address') => {
  const pattern = sql.placeholder('pattern');
  const byText = or(ilike(sql`lower(${projects.name})`, pattern), ilike(sql`lower(${projects.tokenSymbol})`, pattern));
  const match =
    shape === 'address' ? or(byText, sql`${projects.contractAddress} like ${sql.placeholder('prefix')}`) : byText;
  return db
    .select({ id: projects.id, name: projects.name, token_symbol: projects.tokenSymbol })
    .from(projects)
    .where(and(eq(projects.userId, sql.placeholder('userId')), match))
    .orderBy(projects.name, projects.id)
    .limit(10)
    .prepare(`projects-search-${shape}`);
});

/** What deleting the project takes with it (its pools cascade, and their alerts with them). */
export async function countProjectDependents(
  db: Db,
  userId: number,
  projectId: number,
): Promise<{ poolCount: number; alertCount: number }> {
  const [poolRows, alertRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(pools)
      .where(and(eq(pools.projectId, projectId), eq(pools.userId, userId))),
    db
      .select({ n: count() })
      .from(alerts)
      .innerJoin(pools, eq(alerts.poolId, pools.id))
      .where(and(eq(pools.projectId, projectId), eq(pools.userId, userId))),
  ]);
  return { poolCount: poolRows[0]?.n ?? 0, alertCount: alertRows[0]?.n ?? 0 };
}
