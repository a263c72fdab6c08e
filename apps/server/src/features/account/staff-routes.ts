import { api, STAFF_AUDIT_LIST_MAX, staffAccountMessages as m, type StaffUser } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { findUserById } from '../../auth/users-repository';
import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { findUserByLogin, issueResetLink, recentAuditEvents } from './issued-reset-links';
import { route } from '../../plugins/endpoint-routes';

/** The staff console's audit list: the newest events; older ones stay in the table. */

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
  route(app, api.staffAccounts.lookupUser, async (request) => {
    const user = await findUserByLogin(app.db, request.body.login);
    if (!user) throw notFound(m.userNotFound);
    return toStaffUser(user);
  });

  route(app, api.staffAccounts.issueResetLink, async (request, reply) => {
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
  });

  route(app, api.staffAccounts.auditEvents, async () => ({
    events: (await recentAuditEvents(app.db, STAFF_AUDIT_LIST_MAX)).map((e) => ({
      id: e.id,
      action: e.action,
      actor_kind: e.actorKind,
      actor_name: e.actorName,
      subject_user_id: e.subjectUserId,
      subject_name: e.subjectName,
      created_at: e.createdAt.toISOString(),
    })),
  }));
};
