import type { Project } from '@tokendesk/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { serverMessage } from '../../../lib/api-client';
import { useDeleteProject } from '../api/delete-project';

export interface DeleteProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2.8: deleting a project also removes its pools; nothing changes on chain. */
export function DeleteProjectDialog({ project, open, onOpenChange }: DeleteProjectDialogProps) {
  const navigate = useNavigate();
  const deleteProject = useDeleteProject();
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete project?"
      confirmLabel="Delete project"
      pending={deleteProject.isPending}
      error={deleteProject.isError ? (serverMessage(deleteProject.error) ?? 'Failed to delete project. Please try again.') : null}
      onReset={deleteProject.reset}
      onConfirm={() =>
        deleteProject.mutate(project.id, {
          onSuccess: () => {
            toast.success(`${project.name} was deleted.`);
            onOpenChange(false);
            navigate('/projects', { replace: true });
          },
        })
      }
    >
      <p>
        <span className="font-semibold text-slate-900">
          {project.name} ({project.token_symbol})
        </span>{' '}
        and all of its liquidity pools will be removed from TokenDesk. This cannot be undone.
      </p>
      <p>Nothing changes on chain: the token and its pools stay exactly as they are.</p>
    </ConfirmDeleteDialog>
  );
}
