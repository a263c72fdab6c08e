import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A dialog along a screen edge: the mobile navigation menu (left), the Market Prices drawer (right),
 * the mobile search overlay (top).
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export interface SheetContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Read by screen readers (Radix requires the title); the visible heading goes in `header`. */
  title: string;
  /** Read by screen readers; without one, nothing describes the sheet (and Radix does not warn). */
  description?: string;
  /** Beside the close button in the top bar; `false`: no bar, the content brings its own close button. */
  header?: ReactNode | false;
  /** 'top' drops from the top edge across the screen. */
  side?: 'left' | 'right' | 'top';
  /** The close button's accessible name. */
  closeLabel?: string;
}

export function SheetContent({
  title,
  description,
  header,
  side = 'left',
  closeLabel = 'Close menu',
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          side === 'top'
            ? 'fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white shadow-xl focus:outline-none'
            : 'fixed inset-y-0 z-50 flex w-[85vw] max-w-xs flex-col bg-white shadow-xl focus:outline-none',
          side === 'left' && 'left-0',
          side === 'right' && 'right-0',
          className,
        )}
        {...props}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {description && <DialogPrimitive.Description className="sr-only">{description}</DialogPrimitive.Description>}
        {header !== false && (
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <div className="min-w-0">{header}</div>
            <DialogPrimitive.Close
              className="grid h-9 w-9 cursor-pointer place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              aria-label={closeLabel}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
        )}
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
