import type { Alert } from '@tokendesk/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert as Banner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { useDeleteAlert } from '../api/delete-alert';

export interface DeleteAlertDialogProps {
  alert: Alert;
  kindLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2.10: deleting asks first; the alert and its trigger history go. */
export function DeleteAlertDialog({ alert, kindLabel, open, onOpenChange }: DeleteAlertDialogProps) {
  const navigate = useNavigate();
  const deleteAlert = useDeleteAlert();
  const pending = deleteAlert.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (!next) deleteAlert.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Delete alert?"
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
                deleteAlert.mutate(alert.id, {
                  onSuccess: () => {
                    toast.success('Alert deleted.');
                    onOpenChange(false);
                    navigate('/alerts', { replace: true });
                  },
                })
              }
            >
              {pending ? 'Deleting...' : 'Delete alert'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4 text-sm text-slate-600">
          <p>
            The <span className="font-semibold text-slate-900">{kindLabel}</span> alert on{' '}
            <span className="font-semibold text-slate-900">{alert.label}</span> and its trigger history will be deleted. This cannot be
            undone.
          </p>
          {deleteAlert.isError && <Banner tone="error">{serverMessage(deleteAlert.error) ?? 'Failed to delete alert. Please try again.'}</Banner>}
        </div>
      </DialogContent>
    </Dialog>
  );
}
