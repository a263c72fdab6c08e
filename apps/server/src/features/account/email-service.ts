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
import { accountLinkUrl, type AccountLinkPage } from './links';
import { createEmailToken, dropOpenTokens, findEmailToken, spendEmailToken } from './email-tokens';
import {
  changeConfirmationEmail,
  changeDoneNotice,
  changeRequestedNotice,
  changeToYourAddressNotice,
  passwordResetDoneNotice,
  passwordResetEmail,
  registrationWithYourAddressNotice,
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

const MAX_HOLDERS = 5;

/**
 * The accounts (other than `exceptUserId`) whose address is `email`, in any case: the one that
 * proved it first, then the oldest. An address is unique only among accounts that proved it
 * (migration 0023, decision 0053), so an address may be typed by several accounts.
 */
async function holdersOf(
  db: Pick<Db, 'select'>,
  email: string,
  exceptUserId: number | null,
  limit = MAX_HOLDERS,
): Promise<UserRow[]> {
  const same = sql`lower(${users.email}) = lower(${email})`;
  return db
    .select()
    .from(users)
    .where(exceptUserId === null ? same : and(same, ne(users.id, exceptUserId)))
    .orderBy(sql`${users.emailVerifiedAt} is null`, users.id)
    .limit(limit);
}

/** Whether another account proved the address (the partial unique index's rule, checked first). */
async function provedByAnother(db: Pick<Db, 'select'>, email: string, userId: number): Promise<boolean> {
  const [holder] = await holdersOf(db, email, userId, 1);
  return holder?.emailVerifiedAt != null;
}

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

  private link(page: AccountLinkPage, token: string): string {
    return accountLinkUrl(this.config.PUBLIC_URL, page, token);
  }

  /**
   * Registration: the verification link, in the transaction that creates the user. An address
   * another account holds gets no link (that would let the new account take it): at registration
   * its mailbox is told instead, and a 'Resend' sends nothing. Registration answers the same either
   * way, so it does not tell who has an account (issue 29, decision 0053).
   */
  async sendVerification(tx: Tx, user: UserRow, { resend = false } = {}): Promise<void> {
    if (!this.enabled) return;
    // Made either way, so both paths do the same work (a link nobody receives is never usable).
    const token = await createEmailToken(tx, {
      userId: user.id,
      purpose: 'verify',
      email: user.email,
      now: this.date(),
    });
    const [holder] = await holdersOf(tx, user.email, user.id, 1);
    if (holder) {
      if (!resend) {
        await enqueueEmail(tx, {
          userId: holder.id,
          to: user.email,
          category: 'account',
          content: registrationWithYourAddressNotice(holder, user, user.email),
        });
      }
      return;
    }
    await enqueueEmail(tx, {
      userId: user.id,
      to: user.email,
      category: 'account',
      content: verificationEmail(user, user.email, this.link('/verify-email', token)),
    });
  }

  /** 'Resend': a new link; older ones keep working until they expire. */
  async resendVerification(user: UserRow): Promise<string> {
    if (user.emailVerifiedAt) throw new ConflictError(m.alreadyVerified);
    await this.db.transaction(async (tx) => this.sendVerification(tx as unknown as Tx, user, { resend: true }));
    return fillMessage(m.verificationSent, { email: user.email });
  }

  /**
   * A change of address with e-mail on: nothing changes yet. The new address gets a link, the old
   * one a notice (no link: nothing is undone from a mailbox someone else may read), and a newer
   * request replaces an older pending one. The caller has checked the password.
   *
   * An address another account holds gets no link, its mailbox a notice instead; the change is
   * recorded all the same (a link nobody has), so the answer and the pending address look alike
   * for a taken and a free address (issue 29, decision 0053).
   */
  async requestChange(user: UserRow, newEmail: string): Promise<void> {
    await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      await dropOpenTokens(tx, user.id, ['change']);
      const token = await createEmailToken(tx, {
        userId: user.id,
        purpose: 'change',
        email: newEmail,
        now: this.date(),
      });
      const [holder] = await holdersOf(tx, newEmail, user.id, 1);
      if (holder) {
        await enqueueEmail(tx, {
          userId: holder.id,
          to: newEmail,
          category: 'account',
          content: changeToYourAddressNotice(holder, user, newEmail),
        });
      } else {
        await enqueueEmail(tx, {
          userId: user.id,
          to: newEmail,
          category: 'account',
          content: changeConfirmationEmail(user, newEmail, this.link('/verify-email', token)),
        });
      }
      await enqueueEmail(tx, {
        userId: user.id,
        to: user.email,
        category: 'account',
        content: changeRequestedNotice(user, newEmail),
      });
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
      // Proved by another account since the link was sent (two registrations racing): its own.
      if (await provedByAnother(this.db, address, user.id)) throw new ConflictError(m.emailTaken, 'token');
      try {
        await this.db.transaction(async (tx) => {
          if (!(await spendEmailToken(tx, { id: found.id, now }))) throw new InvalidInputError(m.tokenUsed, 'token');
          await tx
            .update(users)
            .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
            .where(eq(users.id, user.id));
        });
      } catch (err) {
        if (uniqueViolation(err) !== null) throw new ConflictError(m.emailTaken, 'token');
        throw err;
      }
      this.auth.forgetUser(user.id);
      return { detail: m.emailVerified, email: user.email };
    }

    try {
      await this.db.transaction(async (raw) => {
        const tx = raw as unknown as Tx;
        if (!(await spendEmailToken(tx, { id: found.id, now }))) throw new InvalidInputError(m.tokenUsed, 'token');
        // Checked again here: another account may have proved the address since. Accounts that only
        // typed it do not stand in the way of the one that proves it (decision 0053).
        if (await provedByAnother(tx, address, user.id)) throw new ConflictError(m.emailTaken, 'token');
        await tx
          .update(users)
          .set({ email: address, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
        // Links sent to the old address must not act on the account any more.
        await dropOpenTokens(tx, user.id, ['change', 'verify', 'reset']);
        await enqueueEmail(tx, {
          userId: user.id,
          to: user.email,
          category: 'account',
          content: changeDoneNotice(user, address),
        });
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
    // Several accounts may have typed one address (decision 0053): the one that proved it gets the
    // link; while none has, each of them does (each e-mail names its account).
    const holders = await holdersOf(this.db, email, null);
    const proved = holders.filter((h) => h.emailVerifiedAt);
    const targets = proved.length > 0 ? proved.slice(0, 1) : holders;
    if (targets.length === 0) return;
    await this.db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      for (const user of targets) {
        const token = await createEmailToken(tx, {
          userId: user.id,
          purpose: 'reset',
          email: user.email,
          now: this.date(),
        });
        await enqueueEmail(tx, {
          userId: user.id,
          to: user.email,
          category: 'account',
          content: passwordResetEmail(user, this.link('/reset-password', token)),
        });
      }
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
    if (found.newEmail && !sameAddress(found.newEmail, user.email))
      throw new InvalidInputError(m.tokenWrongAddress, 'token');
    const weakness = passwordProblem(input.password, {
      username: user.username,
      email: user.email,
      names: [user.firstName, user.lastName],
    });
    if (weakness) throw new InvalidInputError(weakness, 'password');
    const passwordHash = await this.auth.hashPassword(input.password, ip);
    await this.auth.storePassword(user.id, passwordHash, async (tx) => {
      if (!(await spendEmailToken(tx, { id: found.id, now }))) throw new InvalidInputError(m.tokenUsed, 'token');
      await dropOpenTokens(tx, user.id, ['reset']);
      // An e-mailed link reached the account's address: that proves the address, as a verification
      // link would, unless another account proved it first (an address has one prover, decision
      // 0053). A link staff or the operator handed over (no address, decision 0058) proves none.
      const mailed = found.newEmail !== null;
      if (mailed) {
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
          .where(
            and(
              eq(users.id, user.id),
              sql`not exists (select 1 from users other where lower(other.email) = lower(${user.email}) and other.id <> ${user.id} and other.email_verified_at is not null)`,
            ),
          );
      }
      if (this.enabled) {
        await enqueueEmail(tx, {
          userId: user.id,
          to: user.email,
          category: 'account',
          content: passwordResetDoneNotice(user, mailed ? 'mailed' : 'issued'),
        });
      }
    });
  }
}
