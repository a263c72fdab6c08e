import { idParamSchema } from '../fields';
import {
  auditEventListSchema,
  staffAccountMessages as m,
  issuedResetLinkSchema,
  staffUserLookupBodySchema,
  staffUserLookupFieldOrder,
  staffUserSchema,
} from './schemas';
import { endpointGroup } from '../endpoint';

/** The most audit events the list answers with. */
export const STAFF_AUDIT_LIST_MAX = 50;

export const staffAccountEndpoints = endpointGroup(
  { tags: ['Support staff'], access: 'staff', errors: [400, 401, 403, 404] },
  {
    lookupUser: {
      method: 'POST',
      path: '/staff/users/lookup',
      summary: 'Find an account by username or e-mail address (staff only)',
      description: `Before issuing a reset link, staff see whose account it is. A POST, so the address stays out of URLs and access logs. An unknown username or address answers 404 '${m.userNotFound}'. Non-staff answer 403.`,
      body: staffUserLookupBodySchema,
      fieldOrder: staffUserLookupFieldOrder,
      responses: { 200: staffUserSchema },
    },
    issueResetLink: {
      method: 'POST',
      path: '/staff/users/:id/reset-link',
      summary: 'Issue a one-time password-reset link for an account (staff only)',
      description:
        'The same link an e-mailed reset would carry: it works once, for 30 minutes, and using it signs the account out everywhere. ' +
        'It is in this answer only (only its SHA-256 is stored; nothing answers it again) and is recorded in the audit trail (who, for whom, when; never the token). ' +
        `Earlier links of the account stay usable until they expire or one of them is used. An unknown id answers 404; a staff account 403 '${m.staffTarget}'. Non-staff answer 403.`,
      params: idParamSchema,
      responses: { 201: issuedResetLinkSchema },
    },
    auditEvents: {
      method: 'GET',
      path: '/staff/audit-events',
      summary: 'The audit trail: reset links issued by staff and the operator (staff only)',
      description: `The newest ${STAFF_AUDIT_LIST_MAX}, newest first. Non-staff answer 403.`,
      responses: { 200: auditEventListSchema },
    },
  },
);
