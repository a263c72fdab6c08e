import {
  accountMessages as m,
  splitFullName,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
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

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly emails: AccountEmailService,
  ) {}

  async register(input: RegisterInput, ip: string): Promise<UserRow> {
    const weakness = passwordProblem(input.password, {
      username: input.username,
      email: input.email,
      names: [input.full_name],
    });
    if (weakness) throw new InvalidInputError(weakness, 'password');
    // Checked before hashing so a taken name costs no scrypt; the unique index still decides races.
    // A username is public (it is how one signs in and how staff and e-mails name an account) and
    // must be unique, so a taken one says so. The e-mail address is NOT checked: a taken and a free
    // address are answered alike and take the same time (the hash runs for both). An address
    // another account holds stays unverified on the new account, which is sent no link for it, and
    // the address's mailbox is told instead (email-service.ts sendVerification; decision 0053).
    if (await findUserByUsername(this.db, input.username)) throw new ConflictError(m.usernameTaken, 'username');

    const passwordHash = await this.auth.hashPassword(input.password, ip);
    const { first_name, last_name } = splitFullName(input.full_name);
    try {
      // The account and its verification e-mail commit together (decision 0039).
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            firstName: first_name,
            lastName: last_name,
            passwordHash,
          })
          .returning();
        await this.emails.sendVerification(tx as unknown as Db, row!);
        return row!;
      });
    } catch (err) {
      // Only the username is unique for an account that proved nothing yet.
      if (uniqueViolation(err) === null) throw err;
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
   * The password is checked first (it counts as a sign-in under the sign-in limits, decision 0019).
   * A taken and a free address are answered alike (issue 29, decision 0053): with e-mail on, a taken
   * one gets a notice instead of a link (email-service.ts requestChange); without it the address is
   * set at once and unverified either way, as nobody can prove it.
   */
  async changeEmail(user: UserRow, input: ChangeEmailBody, ip: string): Promise<UserRow> {
    if (!(await this.auth.verifyUserPassword(user, input.password, ip))) {
      throw new InvalidInputError(m.currentPasswordWrong, 'password');
    }
    if (input.new_email.toLowerCase() === user.email.toLowerCase() && input.new_email === user.email) {
      throw new InvalidInputError(m.emailUnchanged, 'new_email');
    }
    // With e-mail on, the address changes only when the link sent to it is followed (decision 0039).
    // Without it no link can be sent, so the change applies at once, as before, and stays unverified.
    if (this.emails.enabled) {
      await this.emails.requestChange(user, input.new_email);
      return user;
    }
    const [row] = await this.db
      .update(users)
      .set({ email: input.new_email, emailVerifiedAt: null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    this.auth.forgetUser(user.id);
    return row!;
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
