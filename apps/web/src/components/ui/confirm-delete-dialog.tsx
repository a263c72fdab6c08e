import type { ReactNode } from 'react';
import { Alert } from './alert';
import { FormDialog } from './form-dialog';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The destructive button's label, e.g. 'Delete project'. */
  confirmLabel: string;
  pending: boolean;
  /** Holds the destructive button back, e.g. while the text is still being completed. */
  confirmDisabled?: boolean;
  /** Shown under the text when the deletion failed; null hides it. */
  error: string | null;
  onConfirm: () => void;
  /** Clears the mutation's state when the dialog closes, so it reopens clean. */
  onReset: () => void;
  children: ReactNode;
}

/**
 * A destructive confirmation: it cannot be dismissed while the deletion runs, and it reports a
 * failure in place. The feature supplies the text and the mutation.
 */
export function ConfirmDeleteDialog({ open, onOpenChange, title, confirmLabel, pending, confirmDisabled = false, error, onConfirm, onReset, children }: ConfirmDeleteDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onDismiss={onReset}
      title={title}
      destructive
      pending={pending}
      submitLabel={confirmLabel}
      pendingLabel="Deleting..."
      submitDisabled={confirmDisabled}
      onConfirm={onConfirm}
    >
      <div className="flex flex-col gap-4 text-sm text-slate-600">
        {children}
        {error !== null && <Alert tone="error">{error}</Alert>}
      </div>
    </FormDialog>
  );
}
