import type { User } from '@tokendesk/contract';
import type { UserRow } from '../../db/schema';

/**
 * The API's view of a user (product §3); never carries the hash. `pendingEmail` is the address a
 * change waits for (email-tokens.ts pendingEmail); the address itself changes only once its link
 * is followed (decision 0039).
 */
export function toApiUser(row: UserRow, pendingEmail: string | null = null): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    is_staff: row.isStaff,
    email_verified: row.emailVerifiedAt !== null,
    pending_email: pendingEmail,
    password_change_required: row.passwordChangeRequired,
  };
}
