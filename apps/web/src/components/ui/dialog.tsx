import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
}

/**
 * Where focus goes back to when a dialog closes. Radix returns it only to a <Dialog.Trigger>; our
 * dialogs are opened from state (a header button, a menu item, an empty state), so without this
 * focus fell to <body>. An item of a Radix menu is gone by the time the dialog opens: the menu's
 * trigger (the element whose aria-controls names the menu) stands in for it.
 */
function returnTarget(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    return trigger instanceof HTMLElement ? trigger : null;
  }
  return element;
}

// The menu item has already left the DOM when the dialog mounts (document.activeElement is
// <body> then), so the last focus outside any dialog is remembered as it happens.
let lastFocusOutsideDialogs: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = returnTarget(event.target instanceof Element ? event.target : null);
      if (target && !target.closest('[role="dialog"], [role="alertdialog"]')) lastFocusOutsideDialogs = target;
    },
    true,
  );
}

const FIRST_FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** A centred modal with a title (Radix needs one for screen readers) and an optional footer. */
export function DialogContent({
  title,
  description,
  footer,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const returnTo = useRef<HTMLElement | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
      <DialogPrimitive.Content
        // Without a description Radix would point aria-describedby at nothing and warn about it.
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          // Runs before focus moves in: the active element is still what opened the dialog.
          returnTo.current = returnTarget(document.activeElement) ?? lastFocusOutsideDialogs;
          if (event.defaultPrevented) return;
          // The first field, not the close button; a confirmation without fields starts on its
          // first button (Cancel), so Enter does not confirm a deletion by accident.
          const first =
            body.current?.querySelector<HTMLElement>(FIRST_FIELD) ??
            footerRef.current?.querySelector<HTMLElement>('button:not([disabled])');
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = returnTo.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'rounded-xl bg-white shadow-xl focus:outline-none',
          className,
        )}
        {...props}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-base font-semibold break-words text-slate-900">
              {title}
            </DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-500">
                {description}
              </DialogPrimitive.Description>
            )}
          </div>
          <DialogPrimitive.Close
            className="grid h-8 w-8 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            aria-label="Close"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        <div ref={body} className="overflow-y-auto px-6 py-5">
          {children}
        </div>
        {footer && (
          <div ref={footerRef} className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-6 py-4">
            {footer}
          </div>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
