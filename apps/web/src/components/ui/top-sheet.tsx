import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A dialog that drops from the top edge: the mobile search overlay. */
export const TopSheet = DialogPrimitive.Root;
export const TopSheetTrigger = DialogPrimitive.Trigger;
export const TopSheetClose = DialogPrimitive.Close;

export interface TopSheetContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  /** Read by screen readers only. */
  title: string;
  children: ReactNode;
}

export function TopSheetContent({ title, className, children, ...props }: TopSheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn('fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white shadow-xl focus:outline-none', className)}
        {...props}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
