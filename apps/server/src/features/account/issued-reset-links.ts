import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, users, type AuditEventRow, type UserRow } from '../../db/schema';
import { createEmailToken, TOKEN_TTL_MS } from './email-tokens';
import { accountLinkUrl } from './links';

/**
 * Password-reset links handed over by a person instead of e-mailed (decision 0058): support staff
 * in the console, or the operator's CLI, for a user who cannot sign in on a server without SMTP.
 * The link is an ordinary reset link (email_tokens, purpose 'reset': 30 minutes, single use, only
 * its SHA-256 stored), bound to no address; the issue is written to audit_events in the same
 * transaction, so no link exists without its record. The token itself is returned once and
 * nowhere kept.
 */

/** Who issued a link: a staff account, or the operating-system user that ran the CLI. */
export type ResetLinkIssuer = { kind: 'staff'; userId: number; username: string } | { kind: 'cli'; osUser: string };

/** An account by username (any case) or, failing that, by e-mail address (any case). */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  // PostgreSQL text cannot carry U+0000; no username or address holds it.
  if (login.includes('\u0000')) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
    // A username match first: usernames may hold '@', and the one typed exactly as a username wins.
    .orderBy(sql`(lower(${users.username}) = lower(${login})) desc`)
    .limit(1);
  return row;
}

export async function issueResetLink(
  db: Db,
  input: { user: Pick<UserRow, 'id' | 'username'>; issuer: ResetLinkIssuer; publicUrl: string; now: Date },
): Promise<{ url: string; expiresAt: Date }> {
  const { user, issuer, now } = input;
  const token = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // Earlier links stay usable until they expire, as with e-mailed ones; using any one of them
    // drops the others (AccountEmailService.resetPassword).
    const created = await createEmailToken(tx, { userId: user.id, purpose: 'reset', email: null, now });
    await tx.insert(auditEvents).values({
      action: 'reset_link_issued',
      actorKind: issuer.kind,
      actorUserId: issuer.kind === 'staff' ? issuer.userId : null,
      actorName: issuer.kind === 'staff' ? issuer.username : issuer.osUser,
      subjectUserId: user.id,
      subjectName: user.username,
      createdAt: now,
    });
    return created;
  });
  return {
    url: accountLinkUrl(input.publicUrl, '/reset-password', token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.reset),
  };
}

/** The newest audit events first. */
export async function recentAuditEvents(db: Db, limit: number): Promise<AuditEventRow[]> {
  return db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(limit);
}
