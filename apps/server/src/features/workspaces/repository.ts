import type { WorkspaceRole } from '@tokendesk/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, workspaceInvites, workspaceMembers, workspaces, type WorkspaceInviteRow } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

/** The workspaces a user is a member of, their personal one first. */
export function listWorkspaces(db: Reader, userId: number) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      founderUserId: workspaces.founderUserId,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.founderUserId} = ${userId} desc`, asc(workspaces.name), asc(workspaces.id));
}

/** The user's personal workspace, made when first needed (migration 0030: not on sign-up, so a restore never collides). */
export async function personalWorkspace(db: Pick<Db, 'select' | 'execute'>, userId: number) {
  await db.execute(sql`select tokendesk_personal_workspace(${userId})`);
  const [row] = await db.select().from(workspaces).where(eq(workspaces.founderUserId, userId)).limit(1);
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row;
}

export async function workspaceById(db: Reader, id: number) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  return row ?? null;
}

export function listMembers(db: Reader, workspaceId: number) {
  return db
    .select({
      userId: workspaceMembers.userId,
      username: users.username,
      role: workspaceMembers.role,
      createdAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

export async function findMember(db: Reader, workspaceId: number, userId: number) {
  const [row] = await db
    .select({
      userId: workspaceMembers.userId,
      username: users.username,
      role: workspaceMembers.role,
      createdAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Owners of the workspace, locked for the transaction (the last-owner rule holds under concurrent changes). */
export async function lockOwners(db: Pick<Db, 'select'>, workspaceId: number): Promise<number> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .for('update');
  return rows.length;
}

export async function setRole(
  db: Pick<Db, 'update'>,
  workspaceId: number,
  userId: number,
  role: WorkspaceRole,
): Promise<boolean> {
  const rows = await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

export async function removeMember(db: Pick<Db, 'delete'>, workspaceId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}

export async function insertInvite(
  db: Pick<Db, 'insert'>,
  values: typeof workspaceInvites.$inferInsert,
): Promise<WorkspaceInviteRow> {
  const [row] = await db.insert(workspaceInvites).values(values).returning();
  return row!;
}

export function openInvites(db: Reader, workspaceId: number, now: Date) {
  return db
    .select()
    .from(workspaceInvites)
    .where(
      and(
        eq(workspaceInvites.workspaceId, workspaceId),
        isNull(workspaceInvites.usedAt),
        gt(workspaceInvites.expiresAt, now),
      ),
    )
    .orderBy(desc(workspaceInvites.createdAt), desc(workspaceInvites.id));
}

/** Revoking an invite deletes it: its link then finds nothing, like any unknown link. */
export async function deleteInvite(db: Pick<Db, 'delete'>, workspaceId: number, inviteId: number): Promise<boolean> {
  const rows = await db
    .delete(workspaceInvites)
    .where(
      and(
        eq(workspaceInvites.id, inviteId),
        eq(workspaceInvites.workspaceId, workspaceId),
        isNull(workspaceInvites.usedAt),
      ),
    )
    .returning({ id: workspaceInvites.id });
  return rows.length > 0;
}

/**
 * Spends an invite: one UPDATE that only an unused, unexpired invite passes, so two requests with
 * the same link cannot both join.
 */
export async function spendInvite(
  db: Pick<Db, 'update'>,
  tokenHash: string,
  userId: number,
  now: Date,
): Promise<WorkspaceInviteRow | null> {
  const [row] = await db
    .update(workspaceInvites)
    .set({ usedAt: now, usedByUserId: userId })
    .where(
      and(
        eq(workspaceInvites.tokenHash, tokenHash),
        isNull(workspaceInvites.usedAt),
        gt(workspaceInvites.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Joins; false when already a member (the role they have stays). */
export async function addMember(
  db: Pick<Db, 'insert'>,
  workspaceId: number,
  userId: number,
  role: WorkspaceRole,
): Promise<boolean> {
  const rows = await db
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return rows.length > 0;
}
