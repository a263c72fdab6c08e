import { and, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, type EmailTokenPurpose, type EmailTokenRow } from '../../db/schema';
import { newSessionToken, sha256Hex } from '../../lib/tokens';

/** How long each kind of link works (decision 0039). */
export const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  change: 24 * 60 * 60 * 1000,
  // Short: a reset link in a mailbox someone else may read later opens the account.
  reset: 30 * 60 * 1000,
};

const KEEP_EXPIRED_MS = 7 * 24 * 60 * 60 * 1000;

type Writer = Pick<Db, 'insert' | 'delete'>;

/**
 * A new link's token (256 random bits, like a session token). Only its SHA-256 is stored: the
 * token itself exists in the e-mail and nowhere else.
 */
export async function createEmailToken(
  tx: Writer,
  // email: the address the link is sent to; null for a link handed over by staff or the operator
  // (decision 0058), which proves no address.
  input: { userId: number; purpose: EmailTokenPurpose; email: string | null; now: Date },
): Promise<string> {
  const token = newSessionToken();
  // Housekeeping: a week after expiry a link is no use even for saying 'already used'.
  await tx
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, input.userId),
        lt(emailTokens.expiresAt, new Date(input.now.getTime() - KEEP_EXPIRED_MS)),
      ),
    );
  await tx.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256Hex(token),
    newEmail: input.email,
    expiresAt: new Date(input.now.getTime() + TOKEN_TTL_MS[input.purpose]),
    createdAt: input.now,
  });
  return token;
}

/** The stored link of a token, whatever its state (the caller says why it cannot be used). */
export async function findEmailToken(db: Pick<Db, 'select'>, token: string): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, sha256Hex(token)))
    .limit(1);
  return row;
}

/**
 * Marks the link used if, and only if, it is still unused and unexpired: one conditional UPDATE,
 * so two requests racing with the same link cannot both pass. Null when it was not usable.
 */
export async function spendEmailToken(
  tx: Pick<Db, 'update'>,
  input: { id: number; now: Date },
): Promise<EmailTokenRow | null> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: input.now })
    .where(and(eq(emailTokens.id, input.id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, input.now)))
    .returning();
  return row ?? null;
}

/** Drops a user's unused links of one purpose (a newer change of address replaces the older one). */
export async function dropOpenTokens(
  tx: Pick<Db, 'delete'>,
  userId: number,
  purposes: EmailTokenPurpose[],
): Promise<void> {
  await tx
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt), inArray(emailTokens.purpose, purposes)));
}

/** The address a change is waiting for: the newest unused, unexpired change link's, else null. */
export async function pendingEmail(db: Pick<Db, 'select'>, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt), desc(emailTokens.id))
    .limit(1);
  return row?.email ?? null;
}
