import {
  accountMessages as m,
  splitFullName,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from '@tokendesk/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AuthService } from '../../auth/auth-service';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { ConflictError, InvalidInputError } from '../../domain/errors';
import { users, type UserRow } from '../../db/schema';
import { findUserByUsername } from '../../auth/users-repository';
import { passwordProblem } from '../../lib/password-policy';
import type { AccountEmailService } from './email-service';

export interface RegisterInput {
  full_name: string;
  email: string;
  username: string;
  password: string;
}

async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const sameEmail = sql`lower(${users.email}) = lower(${email})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sameEmail : and(sameEmail, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly emails: AccountEmailService,
  ) {}

  async register(input: RegisterInput, ip: string): Promise<UserRow> {
    const weakness = passwordProblem(input.password, { username: input.username, email: input.email, names: [input.full_name] });
    if (weakness) throw new InvalidInputError(weakness, 'password');
    // Checked before hashing so a taken name costs no scrypt; the unique indexes still decide races.
    if (await findUserByUsername(this.db, input.username)) throw new ConflictError(m.usernameTaken, 'username');
    if (await emailTaken(this.db, input.email)) throw new ConflictError(m.emailTaken, 'email');

    const passwordHash = await this.auth.hashPassword(input.password, ip);
    const { first_name, last_name } = splitFullName(input.full_name);
    try {
      // The account and its verification e-mail commit together (decision 0039).
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ username: input.username, email: input.email, firstName: first_name, lastName: last_name, passwordHash })
          .returning();
        await this.emails.sendVerification(tx as unknown as Db, row!);
        return row!;
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('email')) throw new ConflictError(m.emailTaken, 'email');
      throw new ConflictError(m.usernameTaken, 'username');
    }
  }

  async updateProfile(userId: number, input: UpdateProfileBody): Promise<UserRow> {
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.first_name !== undefined) changes.firstName = input.first_name;
    if (input.last_name !== undefined) changes.lastName = input.last_name;
    const [row] = await this.db.update(users).set(changes).where(eq(users.id, userId)).returning();
    this.auth.forgetUser(userId);
    return row!;
  }

  /**
   * The password is checked before anything about the address is looked at, so a probe for a
   * taken address costs a password check under the sign-in limits (decision 0019).
   */
  async changeEmail(user: UserRow, input: ChangeEmailBody, ip: string): Promise<UserRow> {
    if (!(await this.auth.verifyUserPassword(user, input.password, ip))) {
      throw new InvalidInputError(m.currentPasswordWrong, 'password');
    }
    if (input.new_email.toLowerCase() === user.email.toLowerCase() && input.new_email === user.email) {
      throw new InvalidInputError(m.emailUnchanged, 'new_email');
    }
    if (await emailTaken(this.db, input.new_email, user.id)) throw new ConflictError(m.emailTaken, 'new_email');
    // With e-mail on, the address changes only when the link sent to it is followed (decision 0039).
    // Without it no link can be sent, so the change applies at once, as before, and stays unverified.
    if (this.emails.enabled) {
      await this.emails.requestChange(user, input.new_email);
      return user;
    }
    try {
      const [row] = await this.db
        .update(users)
        .set({ email: input.new_email, emailVerifiedAt: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      this.auth.forgetUser(user.id);
      return row!;
    } catch (err) {
      if (uniqueViolation(err) !== null) throw new ConflictError(m.emailTaken, 'new_email');
      throw err;
    }
  }

  /**
   * A wrong current password counts as a failed sign-in (reserved before the hash, so parallel
   * requests cannot slip past the limit), so this route cannot guess passwords faster than the
   * login form.
   */
  async changePassword(user: UserRow, input: ChangePasswordBody, ip: string): Promise<void> {
    if (!(await this.auth.verifyUserPassword(user, input.old_password, ip))) {
      throw new InvalidInputError(m.currentPasswordWrong, 'old_password');
    }
    if (input.new_password === input.old_password) {
      throw new InvalidInputError('The new password must be different from the current one.', 'new_password');
    }
    const weakness = passwordProblem(input.new_password, {
      username: user.username,
      email: user.email,
      names: [user.firstName, user.lastName],
    });
    if (weakness) throw new InvalidInputError(weakness, 'new_password');
    await this.auth.setPassword(user.id, input.new_password);
  }
}

