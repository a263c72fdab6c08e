import {
  apiErrorSchema,
  auditEventListSchema,
  idParamSchema,
  issuedResetLinkSchema,
  staffAccountMessages as m,
  staffUserLookupBodySchema,
  staffUserLookupFieldOrder,
  staffUserSchema,
  type StaffUser,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { findUserById } from '../../auth/users-repository';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { findUserByLogin, issueResetLink, recentAuditEvents } from './issued-reset-links';

const tags = ['Support staff'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** The staff console's audit list: the newest events; older ones stay in the table. */
const AUDIT_LIST_MAX = 50;

const toStaffUser = (row: UserRow): StaffUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  is_staff: row.isStaff,
});

/**
 * Staff issue a one-time password-reset link for a user who cannot sign in (decision 0058). Staff
 * only, like the rest of the staff API (403 for other users). A staff account gets no link here:
 * a link hands its holder the account, and one staff member must not be able to take over
 * another's (or hide their own trail behind a second account): the operator's CLI issues those.
 */
export const staffAccountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/staff/users/lookup',
    {
      preHandler: app.requireStaff,
      config: { fieldOrder: staffUserLookupFieldOrder },
      schema: {
        tags,
        security,
        summary: 'Find an account by username or e-mail address (staff only)',
        description: `Before issuing a reset link, staff see whose account it is. A POST, so the address stays out of URLs and access logs. An unknown username or address answers 404 '${m.userNotFound}'. Non-staff answer 403.`,
        body: staffUserLookupBodySchema,
        response: { 200: staffUserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUserByLogin(app.db, request.body.login);
      if (!user) throw notFound(m.userNotFound);
      return toStaffUser(user);
    },
  );

  app.post(
    '/staff/users/:id/reset-link',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'Issue a one-time password-reset link for an account (staff only)',
        description:
          'The same link an e-mailed reset would carry: it works once, for 30 minutes, and using it signs the account out everywhere. ' +
          'It is in this answer only (only its SHA-256 is stored; nothing answers it again) and is recorded in the audit trail (who, for whom, when; never the token). ' +
          `Earlier links of the account stay usable until they expire or one of them is used. An unknown id answers 404; a staff account 403 '${m.staffTarget}'. Non-staff answer 403.`,
        params: idParamSchema,
        response: { 201: issuedResetLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user: staff } = currentAuth(request);
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound(m.userNotFound);
      if (user.isStaff) throw forbidden(m.staffTarget);
      const issued = await issueResetLink(app.db, {
        user,
        issuer: { kind: 'staff', userId: staff.id, username: staff.username },
        publicUrl: config.PUBLIC_URL,
        now: new Date(app.auth.now()),
      });
      // The answer holds a working link: no cache may keep it.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ username: user.username, url: issued.url, expires_at: issued.expiresAt.toISOString() });
    },
  );

  app.get(
    '/staff/audit-events',
    {
      preHandler: app.requireStaff,
      schema: {
        tags,
        security,
        summary: 'The audit trail: reset links issued by staff and the operator (staff only)',
        description: `The newest ${AUDIT_LIST_MAX}, newest first. Non-staff answer 403.`,
        response: { 200: auditEventListSchema, ...errors },
      },
    },
    async () => ({
      events: (await recentAuditEvents(app.db, AUDIT_LIST_MAX)).map((e) => ({
        id: e.id,
        action: e.action,
        actor_kind: e.actorKind,
        actor_name: e.actorName,
        subject_user_id: e.subjectUserId,
        subject_name: e.subjectName,
        created_at: e.createdAt.toISOString(),
      })),
    }),
  );
};
