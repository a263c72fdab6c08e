import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, type DialogContentProps } from './dialog';

interface FormDialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The user dismissed the dialog (Cancel, Escape, ×, a click outside): the place to clear the
   * mutation's state so the dialog reopens clean. Not called when the feature closes it itself.
   */
  onDismiss?: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** A request is in flight: the dialog stays open (closing would hide its outcome) and its buttons wait. */
  pending: boolean;
  /** The action button's label, e.g. 'Add Pool'. */
  submitLabel: ReactNode;
  /** What the action button says while the request runs, e.g. 'Saving...'. */
  pendingLabel: string;
  /** An icon before the label, hidden while the spinner shows. */
  submitIcon?: ReactNode;
  /** Holds the action back while something it needs is still loading. */
  submitDisabled?: boolean;
  /** A destructive confirmation: the `alertdialog` role and a red action button. */
  destructive?: boolean;
  onEscapeKeyDown?: DialogContentProps['onEscapeKeyDown'];
  /** Mounted only while the dialog is open: every opening starts from a fresh form. */
  children: ReactNode;
}

/** The action submits the `<form id={formId}>` among the children, or, for a confirmation without fields, runs `onConfirm`. */
export type FormDialogProps = FormDialogBaseProps &
  ({ formId: string; onConfirm?: never } | { formId?: never; onConfirm: () => void });

/**
 * The one shell of every modal that asks for something and sends it: title, body, a footer with
 * Cancel and the action, and a request that cannot be walked away from while it runs. Focus and
 * keyboard come from DialogContent (Radix).
 */
export function FormDialog({
  open,
  onOpenChange,
  onDismiss,
  title,
  description,
  pending,
  submitLabel,
  pendingLabel,
  submitIcon,
  submitDisabled = false,
  destructive = false,
  onEscapeKeyDown,
  formId,
  onConfirm,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (!next) onDismiss?.();
        onOpenChange(next);
      }}
    >
      {open && (
        <DialogContent
          title={title}
          description={description}
          onEscapeKeyDown={onEscapeKeyDown}
          // Radix's own role is 'dialog'; an explicit undefined would remove it.
          {...(destructive ? { role: 'alertdialog' } : {})}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                {...(formId === undefined ? { onClick: onConfirm } : { type: 'submit' as const, form: formId })}
                variant={destructive ? 'destructive' : 'primary'}
                disabled={pending || submitDisabled}
                loading={pending}
              >
                {!pending && submitIcon}
                {pending ? pendingLabel : submitLabel}
              </Button>
            </>
          }
        >
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}
