import {
  api,
  INVITE_TTL_HOURS,
  workspaceMessages as m,
  type Invite,
  type Workspace,
  type WorkspaceMember,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import type { Tx } from '../../domain/outbox';
import { emailConfigured, enqueueEmail, renderEmail } from '../../domain/outbox';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import { newSessionToken, sha256Hex } from '../../lib/tokens';
import { route } from '../../plugins/endpoint-routes';
import { currentWorkspace } from '../../plugins/workspace-access';
import type { Db } from '../../db/client';
import {
  addMember,
  deleteInvite,
  findMember,
  insertInvite,
  listMembers,
  listWorkspaces,
  lockOwners,
  openInvites,
  personalWorkspace,
  removeMember,
  setRole,
  spendInvite,
  workspaceById,
} from './repository';

/**
 * The link of an invite: the token rides in the URL fragment, which no browser sends in a request,
 * so it reaches no access log, proxy log or Referer; the page posts it in a body (as account links do).
 */
export function inviteLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/invite#token=${encodeURIComponent(token)}`;
}

const iso = (d: Date) => d.toISOString();
const presentInvite = (row: {
  id: number;
  email: string | null;
  role: Invite['role'];
  expiresAt: Date;
  createdAt: Date;
}): Invite => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: iso(row.expiresAt),
  created_at: iso(row.createdAt),
});

/** Workspaces, members and invites (issue 33 item 1, decision 0087, product "Workspaces and members"). */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;

  /** The id of the request's workspace: the header's, or the caller's personal one. */
  const workspaceIdOf = async (request: Parameters<typeof currentWorkspace>[0]) => {
    const context = currentWorkspace(request);
    return context.id ?? (await personalWorkspace(app.db, context.dataUserId)).id;
  };
  const memberOf =
    (founderUserId: number) =>
    (row: { userId: number; username: string; role: WorkspaceMember['role']; createdAt: Date }): WorkspaceMember => ({
      user_id: row.userId,
      username: row.username,
      role: row.role,
      founder: row.userId === founderUserId,
      joined_at: iso(row.createdAt),
    });

  route(app, api.workspaces.list, async (request): Promise<Workspace[]> => {
    const { user } = currentAuth(request);
    await personalWorkspace(app.db, user.id);
    const rows = await listWorkspaces(app.db, user.id);
    return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, personal: r.founderUserId === user.id }));
  });

  route(app, api.workspaces.members, async (request) => {
    const { user } = currentAuth(request);
    const context = currentWorkspace(request);
    const workspace = (await workspaceById(app.db, await workspaceIdOf(request)))!;
    const members = await listMembers(app.db, workspace.id);
    return {
      workspace: {
        id: workspace.id,
        name: workspace.name,
        role: context.role,
        personal: workspace.founderUserId === user.id,
      },
      members: members.map(memberOf(workspace.founderUserId)),
    };
  });

  route(app, api.workspaces.invites, async (request) =>
    (await openInvites(app.db, await workspaceIdOf(request), new Date())).map(presentInvite),
  );

  route(app, api.workspaces.invite, async (request, reply) => {
    const { user } = currentAuth(request);
    const email = request.body.email ? request.body.email : null;
    if (email && !emailConfigured(config))
      throw badRequest(m.emailNeeded, [{ field: 'email', message: m.emailNeeded }]);
    const workspace = (await workspaceById(app.db, await workspaceIdOf(request)))!;
    const token = newSessionToken();
    const link = inviteLinkUrl(config.PUBLIC_URL, token);
    const row = await app.db.transaction(async (tx) => {
      const created = await insertInvite(tx, {
        workspaceId: workspace.id,
        email,
        role: request.body.role,
        tokenHash: sha256Hex(token),
        invitedByUserId: user.id,
        expiresAt: new Date(Date.now() + INVITE_TTL_HOURS * 3_600_000),
      });
      if (email) {
        const content = renderEmail({
          title: `Join the workspace '${workspace.name}'`,
          message: `${user.username} invites you to the TokenDesk workspace '${workspace.name}' as ${request.body.role}. Open the link, sign in or create an account, and accept. The link works once and expires in ${INVITE_TTL_HOURS} hours.`,
          url: link,
          footer: 'If you did not expect this, ignore this e-mail: nothing happens without the link.',
        });
        await enqueueEmail(tx as unknown as Tx, { userId: null, to: email, category: 'account', content });
      }
      return created;
    });
    // The link is answered only when it was not e-mailed: a copied link is the owner's to hand over.
    return reply.code(201).send({ ...presentInvite(row), link: email ? null : link });
  });

  route(app, api.workspaces.revokeInvite, async (request) => {
    if (!(await deleteInvite(app.db, await workspaceIdOf(request), request.params.id)))
      throw notFound(m.inviteNotFound);
    return { detail: m.inviteRevoked };
  });

  route(app, api.workspaces.accept, async (request) => {
    const { user } = currentAuth(request);
    const joined = await app.db.transaction(async (tx) => {
      const invite = await spendInvite(tx, sha256Hex(request.body.token), user.id, new Date());
      if (!invite) throw badRequest(m.inviteInvalid, [{ field: 'token', message: m.inviteInvalid }]);
      // Already a member: the transaction rolls back, so the link stays unused for whom it was meant.
      if (!(await addMember(tx, invite.workspaceId, user.id, invite.role))) throw conflict('token', m.alreadyMember);
      return invite;
    });
    const workspace = (await workspaceById(app.db, joined.workspaceId))!;
    return { id: workspace.id, name: workspace.name, role: joined.role, personal: false };
  });

  /** A change to another member, in one transaction with the workspace's owners locked. */
  const changeMember = async (
    request: Parameters<typeof currentWorkspace>[0],
    targetUserId: number,
    change: (tx: Db, workspaceId: number) => Promise<void>,
  ) => {
    const workspaceId = await workspaceIdOf(request);
    const workspace = (await workspaceById(app.db, workspaceId))!;
    if (targetUserId === workspace.founderUserId) throw new HttpError(409, m.founderStays);
    await app.db.transaction(async (tx) => {
      const owners = await lockOwners(tx, workspaceId);
      const target = await findMember(tx, workspaceId, targetUserId);
      if (!target) throw notFound(m.memberNotFound);
      if (target.role === 'owner' && owners <= 1) throw new HttpError(409, m.lastOwner);
      await change(tx as unknown as Db, workspaceId);
    });
    return workspace;
  };

  route(app, api.workspaces.setRole, async (request) => {
    const { userId } = request.params;
    const workspace = await changeMember(request, userId, async (tx, workspaceId) => {
      await setRole(tx, workspaceId, userId, request.body.role);
    });
    return memberOf(workspace.founderUserId)((await findMember(app.db, workspace.id, userId))!);
  });

  route(app, api.workspaces.remove, async (request) => {
    await changeMember(request, request.params.userId, async (tx, workspaceId) => {
      await removeMember(tx, workspaceId, request.params.userId);
    });
    return { detail: m.removed };
  });

  route(app, api.workspaces.leave, async (request) => {
    const { user } = currentAuth(request);
    const workspaceId = await workspaceIdOf(request);
    const workspace = (await workspaceById(app.db, workspaceId))!;
    if (workspace.founderUserId === user.id) throw new HttpError(409, m.personalLeave);
    await app.db.transaction(async (tx) => {
      const owners = await lockOwners(tx, workspaceId);
      const me = await findMember(tx, workspaceId, user.id);
      if (me?.role === 'owner' && owners <= 1) throw new HttpError(409, m.lastOwner);
      await removeMember(tx, workspaceId, user.id);
    });
    return { detail: m.left };
  });
};
