import type { Project } from '@tokendesk/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteProject } from '../api/delete-project';
import { useProjectDeleteSummary } from '../api/get-project-delete-summary';
import { paths } from '../../../lib/paths';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface DeleteProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Product §2.8: deleting a project also removes its pools and their alerts; nothing changes on chain. */
export function DeleteProjectDialog({ project, open, onOpenChange }: DeleteProjectDialogProps) {
  const navigate = useNavigate();
  const deleteProject = useDeleteProject({
    onGone: () => {
      toast.success(`${project.name} was deleted.`);
      onOpenChange(false);
      navigate(paths.projects, { replace: true });
    },
  });
  // Not once the deletion runs: asked again afterwards, the server would answer 404.
  const summary = useProjectDeleteSummary(project.id, { enabled: open && deleteProject.isIdle });
  const counts = summary.data;
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete project?"
      confirmLabel="Delete project"
      // A moment until the counts are in: the user confirms knowing what goes.
      confirmDisabled={summary.isFetching && !summary.data}
      deletion={deleteProject}
      failureText="Failed to delete project. Please try again."
      onConfirm={() => deleteProject.mutate(project.id)}
    >
      <p>
        <span className="font-semibold text-slate-900">
          {project.name} ({project.token_symbol})
        </span>{' '}
        {counts ? (
          counts.pool_count === 0 ? (
            <>will be removed from TokenDesk. It has no liquidity pools and no alerts.</>
          ) : (
            <>
              will be removed from TokenDesk with its{' '}
              <strong className="font-semibold text-slate-900">{plural(counts.pool_count, 'liquidity pool')}</strong>{' '}
              and <strong className="font-semibold text-slate-900">{plural(counts.alert_count, 'alert')}</strong>
              {counts.alert_count > 0 ? ' (their trigger history too)' : ''}.
            </>
          )
        ) : (
          <>will be removed from TokenDesk with all of its liquidity pools and their alerts.</>
        )}{' '}
        This cannot be undone.
      </p>
      <p>Nothing changes on chain: the token and its pools stay exactly as they are.</p>
    </ConfirmDeleteDialog>
  );
}
