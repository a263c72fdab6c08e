import type { Alert } from '@tokendesk/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteAlert } from '../api/delete-alert';
import { paths } from '../../../lib/paths';

export interface DeleteAlertDialogProps {
  alert: Alert;
  kindLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Product §2.10: deleting asks first; the alert and its trigger history go. */
export function DeleteAlertDialog({ alert, kindLabel, open, onOpenChange }: DeleteAlertDialogProps) {
  const navigate = useNavigate();
  const deleteAlert = useDeleteAlert({
    onGone: () => {
      toast.success('Alert deleted.');
      onOpenChange(false);
      navigate(paths.alerts, { replace: true });
    },
  });
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete alert?"
      confirmLabel="Delete alert"
      deletion={deleteAlert}
      failureText="Failed to delete alert. Please try again."
      onConfirm={() => deleteAlert.mutate(alert.id)}
    >
      <p>
        The <span className="font-semibold text-slate-900">{kindLabel}</span> alert on{' '}
        <span className="font-semibold text-slate-900">{alert.label}</span> and its trigger history will be deleted.
        This cannot be undone.
      </p>
    </ConfirmDeleteDialog>
  );
}
