import { api, type WorkspaceRole } from '@tokendesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentWorkspaceId, setCurrentWorkspaceId } from '../../../lib/current-workspace';

/** Workspaces, members and invites (decision 0087). */
export const workspacesRootKey = ['workspaces'] as const;

export const workspaceListQueryOptions = queryOptions({
  queryKey: [...workspacesRootKey, 'list'],
  queryFn: ({ signal }) => apiCall(api.workspaces.list, {}, { signal }),
});
export const useWorkspaces = () => useQuery(workspaceListQueryOptions);

/** The current workspace's members (the key holds the workspace: switching shows the other's at once). */
export const useMembers = () =>
  useQuery({
    queryKey: [...workspacesRootKey, 'members', currentWorkspaceId()],
    queryFn: ({ signal }) => apiCall(api.workspaces.members, {}, { signal }),
  });

export const useInvites = (enabled: boolean) =>
  useQuery({
    queryKey: [...workspacesRootKey, 'invites', currentWorkspaceId()],
    queryFn: ({ signal }) => apiCall(api.workspaces.invites, {}, { signal }),
    enabled,
  });

function useWorkspaceMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesRootKey }),
  });
}

export const useCreateInvite = () =>
  useWorkspaceMutation((body: { email: string | null; role: WorkspaceRole }) =>
    apiCall(api.workspaces.invite, { body }),
  );
export const useRevokeInvite = () =>
  useWorkspaceMutation((id: number) => apiCall(api.workspaces.revokeInvite, { params: { id } }));
export const useSetRole = () =>
  useWorkspaceMutation(({ userId, role }: { userId: number; role: WorkspaceRole }) =>
    apiCall(api.workspaces.setRole, { params: { userId }, body: { role } }),
  );
export const useRemoveMember = () =>
  useWorkspaceMutation((userId: number) => apiCall(api.workspaces.remove, { params: { userId } }));
export const useLeaveWorkspace = () => useWorkspaceMutation(() => apiCall(api.workspaces.leave, {}));
export const useAcceptInvite = () =>
  useWorkspaceMutation((token: string) => apiCall(api.workspaces.accept, { body: { token } }));

/**
 * Acts in another workspace from now on: every query is fetched again, in it. Invalidated rather
 * than reset: a reset empties the signed-in user's own queries too, and the app would unmount the
 * screen for its loading state (the invite page would lose the token it already took). Switching
 * from the header also opens the Dashboard, so no screen keeps the other workspace's figures.
 * Null: the personal workspace.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return async (id: number | null) => {
    setCurrentWorkspaceId(id);
    await queryClient.invalidateQueries();
  };
}
