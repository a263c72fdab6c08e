import {
  WORKSPACE_HEADER,
  workspaceMessages as m,
  type WorkspaceAccess,
  type WorkspaceRole,
} from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { currentAuth } from '../auth/plugin';
import { workspaceMembers, workspaces } from '../db/schema';
import { badRequest, forbidden, notFound } from '../lib/http-errors';

/*
 * The workspace a request acts in, and whether the caller's role allows what the endpoint does
 * (decision 0087). Declared once per endpoint in the contract (`workspace`), enforced here for every
 * route that `route()` registers — never in a route's body.
 */

export interface WorkspaceContext {
  /** Null when the request named no workspace and acts in the caller's personal one (not looked up). */
  id: number | null;
  /** The account whose rows hold the workspace's data: its founder (decision 0087). */
  dataUserId: number;
  role: WorkspaceRole;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The preHandler of each workspace access class (after requireUser). */
    workspaceGuards: Record<Exclude<WorkspaceAccess, 'personal'>, preHandlerHookHandler>;
  }
  interface FastifyRequest {
    workspace: WorkspaceContext | null;
  }
}

const MAY: Record<Exclude<WorkspaceAccess, 'personal'>, readonly WorkspaceRole[]> = {
  read: ['owner', 'admin', 'viewer'],
  member: ['owner', 'admin', 'viewer'],
  write: ['owner', 'admin'],
  owner: ['owner'],
};

/** The workspace named by the header, as the caller's membership sees it; null when they are not a member. */
async function membership(app: FastifyInstance, userId: number, workspaceId: number): Promise<WorkspaceContext | null> {
  const [row] = await app.db
    .select({ founder: workspaces.founderUserId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ? { id: workspaceId, dataUserId: row.founder, role: row.role } : null;
}

/**
 * Resolves the request's workspace. Membership is read on every request (a primary-key lookup), not
 * cached: a member removed on any server loses access with their very next request. Without the
 * header the caller acts in their personal workspace, where they are always the owner (its founder
 * cannot be removed or demoted), so no lookup is needed.
 */
async function resolve(app: FastifyInstance, request: FastifyRequest): Promise<WorkspaceContext> {
  const { user } = currentAuth(request);
  const header = request.headers[WORKSPACE_HEADER];
  if (header === undefined) return { id: null, dataUserId: user.id, role: 'owner' };
  if (typeof header !== 'string' || !/^[1-9]\d{0,9}$/.test(header.trim()) || Number(header) > 2_147_483_647)
    throw badRequest(m.headerInvalid);
  const found = await membership(app, user.id, Number(header));
  // Another workspace and one that does not exist are the same answer: nothing reveals which ids exist.
  if (!found) throw notFound(m.notFound);
  return found;
}

export function registerWorkspaceAccess(app: FastifyInstance): void {
  app.decorateRequest('workspace', null);
  const guard = (access: Exclude<WorkspaceAccess, 'personal'>): preHandlerHookHandler =>
    async function workspaceGuard(request) {
      const context = await resolve(app, request);
      // A viewer hears the same sentence for every change; an admin is told what only an owner may do.
      if (!MAY[access].includes(context.role))
        throw forbidden(context.role === 'viewer' ? m.viewerReadOnly : m.ownerOnly);
      request.workspace = context;
    };
  app.decorate('workspaceGuards', {
    read: guard('read'),
    member: guard('member'),
    write: guard('write'),
    owner: guard('owner'),
  });
}

/** The current workspace of a route whose endpoint declares a workspace class (set by its guard). */
export function currentWorkspace(request: FastifyRequest): WorkspaceContext {
  if (!request.workspace)
    throw new Error(
      `${request.routeOptions.url}: no workspace guard ran (its endpoint must declare its workspace access)`,
    );
  return request.workspace;
}

/**
 * For the routes of workspace data, written when the data was per user: `user.id` here is the
 * account whose rows hold the current workspace's data (its founder), not the caller — the caller's
 * role was checked by the guard. Only the id: anything else about a user must come from currentAuth.
 */
export function workspaceData(request: FastifyRequest): { user: { id: number } } {
  return { user: { id: currentWorkspace(request).dataUserId } };
}
