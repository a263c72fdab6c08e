import { detailSchema } from '../errors';
import { idParamSchema } from '../fields';
import { endpointGroup } from '../endpoint';
import {
  acceptInviteBodySchema,
  createdInviteSchema,
  createInviteBodySchema,
  createInviteFieldOrder,
  inviteListSchema,
  INVITE_TTL_HOURS,
  memberParamsSchema,
  memberRoleBodySchema,
  WORKSPACE_HEADER,
  workspaceListSchema,
  workspaceMemberSchema,
  workspaceMembersSchema,
  workspaceSchema,
} from './schemas';

/** Workspaces, members and invites (decision 0087); every route but the list acts in the workspace of the `x-workspace-id` header. */
export const workspaceEndpoints = endpointGroup(
  { tags: ['Workspaces'], access: 'user', workspace: 'read', errors: [400, 401, 403, 404, 409] },
  {
    list: {
      method: 'GET',
      path: '/workspaces',
      workspace: 'personal',
      summary: 'The workspaces the caller is a member of, with their role in each',
      description: `Send one's id in the \`${WORKSPACE_HEADER}\` header to act in it; without the header a request acts in the caller's personal workspace.`,
      responses: { 200: workspaceListSchema },
    },
    members: {
      method: 'GET',
      path: '/workspaces/members',
      summary: 'The current workspace and its members',
      responses: { 200: workspaceMembersSchema },
    },
    invites: {
      method: 'GET',
      path: '/workspaces/invites',
      workspace: 'owner',
      summary: "The current workspace's invites that are still open",
      responses: { 200: inviteListSchema },
    },
    invite: {
      method: 'POST',
      path: '/workspaces/invites',
      workspace: 'owner',
      summary: 'Invite someone into the current workspace',
      description:
        `With an e-mail address the link is e-mailed (when the server sends e-mail); without one the answer carries the link to copy, once. ` +
        `A link works once, for ${INVITE_TTL_HOURS} hours; only its hash is stored, and its token travels in the URL fragment, never in a request line.`,
      body: createInviteBodySchema,
      fieldOrder: createInviteFieldOrder,
      responses: { 201: createdInviteSchema },
    },
    revokeInvite: {
      method: 'DELETE',
      path: '/workspaces/invites/:id',
      workspace: 'owner',
      summary: 'Revoke an open invite',
      params: idParamSchema,
      responses: { 200: detailSchema },
    },
    accept: {
      method: 'POST',
      path: '/workspaces/accept-invite',
      workspace: 'personal',
      summary: 'Join a workspace with an invite token (from the link)',
      body: acceptInviteBodySchema,
      responses: { 200: workspaceSchema },
    },
    setRole: {
      method: 'PATCH',
      path: '/workspaces/members/:userId',
      workspace: 'owner',
      summary: "Change a member's role",
      params: memberParamsSchema,
      body: memberRoleBodySchema,
      responses: { 200: workspaceMemberSchema },
    },
    remove: {
      method: 'DELETE',
      path: '/workspaces/members/:userId',
      workspace: 'owner',
      summary: 'Remove a member; their access ends with their next request',
      params: memberParamsSchema,
      responses: { 200: detailSchema },
    },
    leave: {
      method: 'POST',
      path: '/workspaces/leave',
      workspace: 'member',
      summary: "Leave the current workspace (not one's personal workspace; not as its last owner)",
      responses: { 200: detailSchema },
    },
  },
);
