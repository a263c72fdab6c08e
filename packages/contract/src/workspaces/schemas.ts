import { z } from 'zod';
import { emailField } from '../account/schemas';
import { pathId } from '../numbers';

/*
 * Workspaces and roles (issue 33 item 1, decision 0087): a project belongs to a workspace; each
 * user has a personal one and may be invited into others as owner, admin or viewer.
 */

/**
 * The header that names the workspace a request acts in (its id). Without it a request acts in
 * the caller's personal workspace, so API clients written before workspaces keep working.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';

export const WORKSPACE_ROLES = ['owner', 'admin', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** How long an invite link works. */
export const INVITE_TTL_HOURS = 72;

/** Exact texts, shared by the server's answers, the web's screens and docs/product.md. */
export const workspaceMessages = {
  notFound: 'Workspace not found.',
  headerInvalid: `The ${WORKSPACE_HEADER} header must be a workspace id (a positive whole number).`,
  viewerReadOnly: 'You have view-only access to this workspace. Ask an owner or admin to make this change.',
  ownerOnly: 'Only an owner of this workspace can do this.',
  memberNotFound: 'Member not found.',
  inviteNotFound: 'Invite not found.',
  lastOwner: 'A workspace needs an owner: make another member an owner first.',
  founderStays: 'This is their personal workspace: its founder always stays its owner.',
  personalLeave: 'You cannot leave your personal workspace.',
  inviteInvalid: 'This invite link is invalid, was already used or has expired. Ask for a new one.',
  alreadyMember: 'You are already a member of this workspace.',
  roleRequired: 'Please choose a role',
  emailNeeded: 'This server does not send e-mail: leave the address empty to get a link to copy.',
  left: 'You left the workspace.',
  removed: 'Member removed.',
  inviteRevoked: 'Invite revoked.',
} as const;

const roleField = z.enum(WORKSPACE_ROLES, { error: workspaceMessages.roleRequired });

export const workspaceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    personal: z.boolean().describe("The caller's own personal workspace"),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceListSchema = z.array(workspaceSchema).meta({ id: 'WorkspaceList' });

export const workspaceMemberSchema = z
  .object({
    user_id: z.number().int(),
    username: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    founder: z.boolean().describe('Whose personal workspace this is: always an owner, cannot be removed'),
    joined_at: z.string(),
  })
  .meta({ id: 'WorkspaceMember' });
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMembersSchema = z
  .object({ workspace: workspaceSchema, members: z.array(workspaceMemberSchema) })
  .meta({ id: 'WorkspaceMembers' });
export type WorkspaceMembers = z.infer<typeof workspaceMembersSchema>;

export const inviteSchema = z
  .object({
    id: z.number().int(),
    email: z.string().nullable().describe('Where the link was e-mailed; null for a link to copy'),
    role: z.enum(WORKSPACE_ROLES),
    expires_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'WorkspaceInvite' });
export type Invite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.array(inviteSchema).meta({ id: 'WorkspaceInviteList' });

export const createInviteBodySchema = z
  .strictObject({
    email: z
      .union([emailField, z.literal(''), z.null()])
      .optional()
      .describe('E-mail the link there; empty or absent: answer a link to copy'),
    role: roleField,
  })
  .meta({ id: 'CreateInviteBody' });
export const createInviteFieldOrder = ['email', 'role'];
export const createdInviteSchema = inviteSchema
  .extend({
    link: z
      .string()
      .nullable()
      .describe('The one-time link, answered once when it was not e-mailed; the token is in its #fragment'),
  })
  .meta({ id: 'CreatedInvite' });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

export const acceptInviteBodySchema = z
  .strictObject({
    token: z
      .string({ error: workspaceMessages.inviteInvalid })
      .min(16, workspaceMessages.inviteInvalid)
      .max(200, workspaceMessages.inviteInvalid),
  })
  .meta({ id: 'AcceptInviteBody' });

export const memberRoleBodySchema = z.strictObject({ role: roleField }).meta({ id: 'MemberRoleBody' });
export const memberParamsSchema = z.object({ userId: pathId });
