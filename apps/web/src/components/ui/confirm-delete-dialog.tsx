import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { FormDialog } from './form-dialog';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The destructive button's label, e.g. 'Delete project'. */
  confirmLabel: string;
  /** Holds the destructive button back, e.g. while the text is still being completed. */
  confirmDisabled?: boolean;
  /** The deletion's mutation: its pending state, its failure (shown under the text) and its reset when the dialog is dismissed, so it reopens clean. */
  deletion: Pick<UseMutationResult<unknown, unknown, never, unknown>, 'isPending' | 'isError' | 'error' | 'reset'>;
  /** Shown when the deletion failed and the server gave no reason, e.g. 'Failed to delete alert. Please try again.' */
  failureText: string;
  onConfirm: () => void;
  children: ReactNode;
}

/**
 * A destructive confirmation: it cannot be dismissed while the deletion runs, and it reports a
 * failure in place. The feature supplies the text and the mutation.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  confirmDisabled = false,
  deletion,
  failureText,
  onConfirm,
  children,
}: ConfirmDeleteDialogProps) {
  const error = deletion.isError ? (serverMessage(deletion.error) ?? failureText) : null;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onDismiss={deletion.reset}
      title={title}
      destructive
      pending={deletion.isPending}
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
