import type { Project } from '@tokendesk/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
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
  const pending = deleteProject.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (!next) deleteProject.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Delete project?"
        role="alertdialog"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={pending}
              loading={pending}
              onClick={() =>
                deleteProject.mutate(project.id, {
                  onSuccess: () => {
                    toast.success(`${project.name} was deleted.`);
                    onOpenChange(false);
                    navigate('/projects', { replace: true });
                  },
                })
              }
            >
              {pending ? 'Deleting...' : 'Delete project'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4 text-sm text-slate-600">
          <p>
            <span className="font-semibold text-slate-900">
              {project.name} ({project.token_symbol})
            </span>{' '}
            and all of its liquidity pools will be removed from TokenDesk. This cannot be undone.
          </p>
          <p>Nothing changes on chain: the token and its pools stay exactly as they are.</p>
          {deleteProject.isError && (
            <Alert tone="error">{serverMessage(deleteProject.error) ?? 'Failed to delete project. Please try again.'}</Alert>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
