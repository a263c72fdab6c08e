import type { User } from '@tokendesk/contract';
import type { UserRow } from '../../db/schema';

/** The API's view of a user (product §3); never carries the hash. */
export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    is_staff: row.isStaff,
  };
}
