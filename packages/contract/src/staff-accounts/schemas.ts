import { z } from 'zod';

/*
 * One-time password-reset links issued by support staff (decision 0058): for a user who cannot
 * sign in on a server that sends no e-mail, or whose mailbox is gone. The operator's CLI issues
 * the same links (`reset-link`).
 */

export const staffAccountMessages = {
  lookupRequired: 'Please enter a username or e-mail address',
  lookupTooLong: 'A username or e-mail address has at most 254 characters',
  userNotFound: 'No user has that username or e-mail address.',
  staffTarget: 'Reset links for support staff accounts are issued by the operator from the command line.',
} as const;

const m = staffAccountMessages;

export const staffUserLookupFieldOrder = ['login'] as const;
/** A body, not a query: an e-mail address in a URL would reach access logs. */
export const staffUserLookupBodySchema = z
  .strictObject({
    login: z
      .string({ error: m.lookupRequired })
      .trim()
      .min(1, m.lookupRequired)
      .max(254, m.lookupTooLong)
      .describe('A username (any case) or an account’s e-mail address (any case). A username match wins.'),
  })
  .meta({ id: 'StaffUserLookupBody' });
export type StaffUserLookupBody = z.infer<typeof staffUserLookupBodySchema>;

/** The account as staff see it before issuing a link: enough to be sure it is the right one. */
export const staffUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_staff: z
      .boolean()
      .describe('Staff accounts get no link from the console (403): the operator issues theirs from the CLI.'),
  })
  .meta({ id: 'StaffUser' });
export type StaffUser = z.infer<typeof staffUserSchema>;

export const issuedResetLinkSchema = z
  .object({
    username: z.string(),
    url: z
      .string()
      .describe('The one-time link. Shown once: only its SHA-256 is stored, and no call answers it again.'),
    expires_at: z.string().describe('ISO 8601; 30 minutes after issue, like an e-mailed reset link.'),
  })
  .meta({ id: 'IssuedResetLink' });
export type IssuedResetLink = z.infer<typeof issuedResetLinkSchema>;

export const auditEventSchema = z
  .object({
    id: z.number().int(),
    action: z.enum(['reset_link_issued']),
    actor_kind: z
      .enum(['staff', 'cli'])
      .describe("'staff': from the staff console; 'cli': the operator's command line."),
    actor_name: z.string().describe('The staff username, or the operating-system user that ran the CLI.'),
    subject_user_id: z.number().int().nullable().describe('Null once the account is gone.'),
    subject_name: z.string().describe('The username at the time.'),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListSchema = z.object({ events: z.array(auditEventSchema) }).meta({ id: 'AuditEventList' });
