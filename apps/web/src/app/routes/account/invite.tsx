import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '../../../components/status-message';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvite, useSwitchWorkspace } from '../../../features/workspaces/api/workspaces';

/**
 * Where an invite link leads (`/invite#token=…`). The token is in the fragment, which no request
 * carries; it is taken from the address bar at once and posted in a body (like account links).
 */
export function InviteRoute() {
  useDocumentTitle('Join a workspace');
  const accept = useAcceptInvite();
  const switchTo = useSwitchWorkspace();
  const [joined, setJoined] = useState<{ name: string; role: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    window.history.replaceState(null, '', window.location.pathname);
    accept.mutate(token, {
      onSuccess: async (workspace) => {
        setJoined({ name: workspace.name, role: workspace.role });
        await switchTo(workspace.id);
      },
    });
  }, [accept, switchTo]);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Join a workspace</h1>
      {joined ? (
        <>
          <p role="status" className="text-sm text-slate-700">
            You joined {joined.name} as {joined.role}.
          </p>
          <Link to={paths.home} className={buttonClasses('primary', 'md', 'self-start')}>
            Go to Dashboard
          </Link>
        </>
      ) : accept.isError ? (
        <Alert tone="error">{serverMessage(accept.error) ?? 'Failed to join the workspace. Please try again.'}</Alert>
      ) : (
        <LoadingState>Joining...</LoadingState>
      )}
    </div>
  );
}
