import { accountMessages as m, fillMessage, type ResetPasswordBody } from '@tokendesk/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AuthService } from '../../auth/auth-service';
import { findUserById } from '../../auth/users-repository';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { users, type EmailTokenPurpose, type EmailTokenRow, type UserRow } from '../../db/schema';
import { ConflictError, InvalidInputError } from '../../domain/errors';
import { emailConfigured, enqueueEmail } from '../../domain/outbox';
import { passwordProblem } from '../../lib/password-policy';
import { accountLinkUrl, createEmailToken, dropOpenTokens, findEmailToken, spendEmailToken, type AccountLinkPage } from './email-tokens';
import {
  changeConfirmationEmail,
  changeDoneNotice,
  changeRequestedNotice,
  passwordResetDoneNotice,
  passwordResetEmail,
  verificationEmail,
} from './emails';

type Tx = Db;

/** 'Not usable' in the words the user reads: why a link was refused (field 'token', 400). */
function refusal(row: EmailTokenRow | undefined, purposes: EmailTokenPurpose[], now: Date): InvalidInputError | null {
  if (!row || !purposes.includes(row.purpose)) return new InvalidInputError(m.tokenInvalid, 'token');
  if (row.usedAt) return new InvalidInputError(m.tokenUsed, 'token');
  if (row.expiresAt.getTime() <= now.getTime()) return new InvalidInputError(m.tokenExpired, 'token');
  return null;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The account e-mails of decision 0039: verification, change of address, password reset. Each
 * e-mail is enqueued in the transaction of the change it reports (domain/outbox.ts), so an account
 * change and its e-mail commit together or not at all. Without SMTP_URL nothing is enqueued.
 */
export class AccountEmailService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly config: Pick<Config, 'SMTP_URL' | 'PUBLIC_URL'>,
  ) {}

  get enabled(): boolean {
    return emailConfigured(this.config);
  }

  private date(): Date {
    return new Date(this.auth.now());
  }

  private link(path: AccountLinkPage, token: string): string {
    return accountLinkUrl(this.config.PUBLIC_URL, path, token);
  }

  /** Registration: the verification link, in the transaction that creates the user. */
  async sendVerification(tx: Tx, user: UserRow): Promise<void> {
    if (!this.enabled) return;
    const token = await createEmailToken(tx, { userId: user.id, purpose: 'verify', email: user.email, now: this.date() });
    await enqueueEmail(tx, { userId: user.id, to: user.email, category: 'account', content: verificationEmail(user, user.email, this.link('/verify-email', token)) });
  }

  /** 'Resend': a new link; older ones keep working until they expire. */
  async resendVerification(user: UserRow): Promise<string> {
    if (user.emailVerifiedAt) throw new ConflictError(m.alreadyVerified);
    await this.db.transaction(async (tx) => this.sendVerification(tx as unknown as Tx, user));
    return fillMessage(m.verificationSent, { email: user.email });
  }

  /**
   * A change of address with e-mail on: nothing changes yet. The new address gets a link, the old
   * one a notice (no link: nothing is undone from a mailbox someone else may read), and a newer
   * request replaces an older pending one. The caller has checked the password and the address.
   */
  async requestChange(user: UserRow, newEmail: string): Promise<void> {
    await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      await dropOpenTokens(tx, user.id, ['change']);
      const token = await createEmailToken(tx, { userId: user.id, purpose: 'change', email: newEmail, now: this.date() });
      await enqueueEmail(tx, { userId: user.id, to: newEmail, category: 'account', content: changeConfirmationEmail(user, newEmail, this.link('/verify-email', token)) });
      await enqueueEmail(tx, { userId: user.id, to: user.email, category: 'account', content: changeRequestedNotice(user, newEmail) });
    });
  }

  /** Profile 'Cancel': the pending change's link stops working. */
  async cancelChange(userId: number): Promise<void> {
    await dropOpenTokens(this.db, userId, ['change']);
  }

  /**
   * Follows a verification or change link. The link is spent by one conditional UPDATE in the
   * transaction of the change; a taken address (someone registered it meanwhile) answers 409 and
   * leaves the link unused.
   */
  async followLink(token: string): Promise<{ detail: string; email: string }> {
    const now = this.date();
    const found = await findEmailToken(this.db, token);
    const refused = refusal(found, ['verify', 'change'], now);
    if (refused || !found) throw refused ?? new InvalidInputError(m.tokenInvalid, 'token');
    const user = await findUserById(this.db, found.userId);
    if (!user) throw new InvalidInputError(m.tokenInvalid, 'token');
    const address = found.newEmail ?? '';

    if (found.purpose === 'verify') {
      // A verification link proves the address it was sent to, not whatever the account has now.
      if (!sameAddress(address, user.email)) throw new InvalidInputError(m.tokenWrongAddress, 'token');
      await this.db.transaction(async (tx) => {
        if (!(await spendEmailToken(tx, { id: found.id, now }))) throw new InvalidInputError(m.tokenUsed, 'token');
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
          .where(eq(users.id, user.id));
      });
      this.auth.forgetUser(user.id);
      return { detail: m.emailVerified, email: user.email };
    }

    try {
      await this.db.transaction(async (raw) => {
        const tx = raw as unknown as Tx;
        if (!(await spendEmailToken(tx, { id: found.id, now }))) throw new InvalidInputError(m.tokenUsed, 'token');
        // Checked again here: the address was free when the change was asked for, maybe not now.
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${address})`, ne(users.id, user.id)))
          .limit(1);
        if (taken) throw new ConflictError(m.emailTaken, 'token');
        await tx.update(users).set({ email: address, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
        // Links sent to the old address must not act on the account any more.
        await dropOpenTokens(tx, user.id, ['change', 'verify', 'reset']);
        await enqueueEmail(tx, { userId: user.id, to: user.email, category: 'account', content: changeDoneNotice(user, address) });
      });
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new ConflictError(m.emailTaken, 'token');
      throw err;
    }
    this.auth.forgetUser(user.id);
    return { detail: fillMessage(m.emailChangedTo, { email: address }), email: address };
  }

  /**
   * 'Forgot password?': a reset link to the account with that address, if there is one. Runs off
   * the response path (the route answers the same at once either way), so neither the answer nor
   * its timing tells whether the address has an account.
   */
  async requestPasswordReset(email: string): Promise<void> {
    if (!this.enabled) return;
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (!user) return;
    await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      const token = await createEmailToken(tx, { userId: user.id, purpose: 'reset', email: user.email, now: this.date() });
      await enqueueEmail(tx, { userId: user.id, to: user.email, category: 'account', content: passwordResetEmail(user, this.link('/reset-password', token)) });
    });
  }

  /**
   * A reset link and a new password (the registration rules): the link is spent, the password
   * replaced, every session revoked and every cached Basic credential void, in one transaction.
   * The link is checked before the password is hashed, so a bad link costs no scrypt.
   */
  async resetPassword(input: ResetPasswordBody, ip: string): Promise<void> {
    const now = this.date();
    const found = await findEmailToken(this.db, input.token);
    const refused = refusal(found, ['reset'], now);
    if (refused || !found) throw refused ?? new InvalidInputError(m.tokenInvalid, 'token');
    const user = await findUserById(this.db, found.userId);
    if (!user) throw new InvalidInputError(m.tokenInvalid, 'token');
    if (found.newEmail && !sameAddress(found.newEmail, user.email)) throw new InvalidInputError(m.tokenWrongAddress, 'token');
    const weakness = passwordProblem(input.password, { username: user.username, email: user.email, names: [user.firstName, user.lastName] });
    if (weakness) throw new InvalidInputError(weakness, 'password');
    const passwordHash = await this.auth.hashPassword(input.password, ip);
    await this.auth.storePassword(user.id, passwordHash, async (tx) => {
      if (!(await spendEmailToken(tx, { id: found.id, now }))) throw new InvalidInputError(m.tokenUsed, 'token');
      await dropOpenTokens(tx, user.id, ['reset']);
      // An e-mailed link reached the account's address: that proves the address, as a verification
      // link would. A link staff or the operator handed over (no address, decision 0058) proves none.
      const mailed = found.newEmail !== null;
      if (mailed) {
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
          .where(eq(users.id, user.id));
      }
      if (this.enabled) {
        await enqueueEmail(tx, { userId: user.id, to: user.email, category: 'account', content: passwordResetDoneNotice(user, mailed ? 'mailed' : 'issued') });
      }
    });
  }
}
