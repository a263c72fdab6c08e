import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { projects, type ProjectRow } from './schema';

/**
 * A project of this user, for every feature that works under a project. Tenant-scoped: another
 * user's project is not found, exactly like one that does not exist.
 */
export async function findOwnProject(db: Db, userId: number, projectId: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(and(eq(projects.id, projectId), eq(projects.userId, userId))).limit(1);
  return row;
}
