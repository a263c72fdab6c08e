import {
  createInviteBodySchema,
  type CreatedInvite,
  type WorkspaceMembers,
  type WorkspaceRole,
} from '@tokendesk/contract';
import { Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '../../../components/copy-button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api-client';
import {
  useCreateInvite,
  useInvites,
  useLeaveWorkspace,
  useMembers,
  useRemoveMember,
  useRevokeInvite,
  useSetRole,
  useSwitchWorkspace,
} from '../api/workspaces';

/** Exact texts of the Members screen (docs/product.md §22). */
export const membersText = {
  loading: 'Loading members...',
  loadFailed: 'Unable to load the members. Please try again later.',
  invitesEmpty: 'No open invites.',
  linkNote: 'Copy this link and send it to the person you invite. It works once, for 72 hours, and is shown only now.',
  inviteFailed: 'Failed to create the invite. Please try again.',
  changeFailed: 'Failed to change the member. Please try again.',
  emailHint: 'Leave it empty to get a link to copy instead.',
} as const;

const ROLE_LABEL: Record<WorkspaceRole, string> = { owner: 'Owner', admin: 'Admin', viewer: 'Viewer' };
const ROLE_HINT: Record<WorkspaceRole, string> = {
  owner: 'members, deletion and everything an admin does',
  admin: 'projects, pools, alerts, channels and weekly reports',
  viewer: 'reads and exports',
};

function InviteForm() {
  const id = useId();
  const create = useCreateInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInvite | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { email: email.trim() === '' ? null : email.trim(), role };
    const checked = createInviteBodySchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? membersText.inviteFailed);
      return;
    }
    setError(null);
    create.mutate(body, {
      onSuccess: (invite) => {
        setCreated(invite);
        setEmail('');
        if (invite.email) toast.success(`Invite sent to ${invite.email}.`);
      },
      onError: (err) => setError(serverMessage(err) ?? membersText.inviteFailed),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field id={`${id}-email`} label="E-mail (optional)" hint={membersText.emailHint} error={error}>
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-email`, { hint: true, error: Boolean(error) })}
          />
        </Field>
        <Field id={`${id}-role`} label="Role">
          <Select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as WorkspaceRole)}>
            {(['viewer', 'admin', 'owner'] as const).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <p className="text-xs text-slate-500">
        {ROLE_LABEL[role]}: {ROLE_HINT[role]}.
      </p>
      <div>
        <Button type="submit" loading={create.isPending}>
          Create Invite
        </Button>
      </div>
      {created?.link && (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm text-slate-700">{membersText.linkNote}</p>
          <div className="flex items-center gap-2">
            <Input
              readOnly
              value={created.link}
              aria-label="Invite link"
              className="min-w-0 flex-1 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={created.link} label="Copy invite link" />
          </div>
        </div>
      )}
    </form>
  );
}

function OpenInvites() {
  const invites = useInvites(true);
  const revoke = useRevokeInvite();
  if (invites.isPending) return <LoadingState>Loading invites...</LoadingState>;
  if (invites.isError)
    return (
      <ErrorState
        message={serverMessage(invites.error) ?? membersText.loadFailed}
        onRetry={() => void invites.refetch()}
        retrying={invites.isFetching}
      />
    );
  if (invites.data.length === 0) return <p className="text-sm text-slate-500">{membersText.invitesEmpty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {invites.data.map((invite) => (
        <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="text-slate-700">
            {invite.email ?? 'Link to copy'} · {ROLE_LABEL[invite.role]} · expires{' '}
            {new Date(invite.expires_at).toLocaleString()}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              revoke.mutate(invite.id, { onError: (e) => toast.error(serverMessage(e) ?? membersText.changeFailed) })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

function MemberRows({ data, myId }: { data: WorkspaceMembers; myId: number }) {
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const isOwner = data.workspace.role === 'owner';
  const failed = (e: unknown) => toast.error(serverMessage(e) ?? membersText.changeFailed);
  return (
    <ul className="divide-y divide-slate-100">
      {data.members.map((member) => {
        const editable = isOwner && !member.founder;
        return (
          <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="min-w-0 text-sm font-medium text-slate-900">
              {member.username}
              {member.user_id === myId && <span className="font-normal text-slate-500"> (you)</span>}
              {member.founder && <span className="font-normal text-slate-500"> · founder</span>}
            </span>
            <span className="flex items-center gap-2">
              {editable ? (
                <Select
                  aria-label={`Role of ${member.username}`}
                  className="h-9 py-1 text-sm"
                  value={member.role}
                  onChange={(e) =>
                    setRole.mutate(
                      { userId: member.user_id, role: e.target.value as WorkspaceRole },
                      { onError: failed },
                    )
                  }
                >
                  {(['owner', 'admin', 'viewer'] as const).map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABEL[r]}
                    </option>
                  ))}
                </Select>
              ) : (
                <span className="text-sm text-slate-600">{ROLE_LABEL[member.role]}</span>
              )}
              {editable && member.user_id !== myId && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${member.username}`}
                  // mutateAsync, not mutate's callbacks: removing the last other member swaps this list for
                  // the empty state, and mutate's callbacks do not run once their component is gone.
                  onClick={() =>
                    void remove
                      .mutateAsync(member.user_id)
                      .then(() => toast.success(`${member.username} removed.`), failed)
                  }
                >
                  Remove
                </Button>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The Members screen's body: who is in the current workspace, invites (owners), leave (product §22). */
export function MembersPanel({ myId }: { myId: number }) {
  const members = useMembers();
  const leave = useLeaveWorkspace();
  const switchTo = useSwitchWorkspace();
  if (members.isPending) return <LoadingState>{membersText.loading}</LoadingState>;
  if (members.isError) {
    return (
      <ErrorState
        message={serverMessage(members.error) ?? membersText.loadFailed}
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  }
  const data = members.data;
  const isOwner = data.workspace.role === 'owner';
  return (
    <div className="flex flex-col gap-6">
      <Card aria-labelledby="members-title">
        <CardHeader
          titleId="members-title"
          icon={<Users className="h-5 w-5" aria-hidden="true" />}
          title={`Members of ${data.workspace.name}`}
          description={`Your role: ${ROLE_LABEL[data.workspace.role]} (${ROLE_HINT[data.workspace.role]}).`}
        />
        <CardBody>
          {data.members.length === 1 ? (
            <EmptyState
              icon={Users}
              title="Only you so far"
              description="Invite your team: viewers read and export, admins manage projects, pools and alerts."
            />
          ) : (
            <MemberRows data={data} myId={myId} />
          )}
          {!data.workspace.personal && (
            <div className="mt-4">
              <Button
                variant="outline"
                loading={leave.isPending}
                onClick={() =>
                  leave.mutate(undefined, {
                    onSuccess: async () => {
                      toast.success('You left the workspace.');
                      await switchTo(null);
                    },
                    onError: (e) => toast.error(serverMessage(e) ?? membersText.changeFailed),
                  })
                }
              >
                Leave Workspace
              </Button>
            </div>
          )}
        </CardBody>
      </Card>
      {isOwner && (
        <Card aria-labelledby="invite-title">
          <CardHeader
            titleId="invite-title"
            title="Invite someone"
            description="By e-mail, or with a one-time link you copy and send yourself."
          />
          <CardBody className="flex flex-col gap-6">
            <InviteForm />
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Open invites</h3>
              <OpenInvites />
            </div>
          </CardBody>
        </Card>
      )}
    </div>
  );
}
