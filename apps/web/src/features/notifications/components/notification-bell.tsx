import type { Notification } from '@tokendesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/cn';
import { badgeCount, formatDateTime, formatNotificationTime } from '../../../lib/format';
import { alertsRootKey, discoveredPoolsRootKey, ticketsRootKey } from '../../../lib/query-keys';
import { notificationsQueryKey, notificationsQueryOptions, useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { useUnreadCount } from '../api/get-unread-count';
import { useLoadErrorText } from '../../../lib/live/connection-store';

/** A notification's navigation_url is an in-app path (product §2.1); anything else is not followed. */
function inAppPath(url: string): string | null {
  return /^\/(?!\/)/.test(url) && !url.includes('\\') ? url : null;
}

export interface NotificationBellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
}

/**
 * Product §2.2: the bell with the unread badge ('9+' above 9), polled every 10 s. Opening it fetches
 * the newest notifications and marks the shown ones read; they stay highlighted while it is open.
 */
export function NotificationBell({ open, onOpenChange, className }: NotificationBellProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications({ enabled: opened });
  const loadErrorText = useLoadErrorText();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const { mutate: markReadMutate } = markRead;
  // Unread when this opening fetched them: highlighted until the dropdown closes.
  const [highlighted, setHighlighted] = useState<ReadonlySet<number>>(new Set());

  // A rising count means something fired: the alert screens should not show a stale history, nor a
  // project page miss a pool just found.
  const lastCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    const count = unread.data;
    if (count === undefined) return;
    if (lastCount.current !== undefined && count > lastCount.current) {
      void queryClient.invalidateQueries({ queryKey: alertsRootKey });
      void queryClient.invalidateQueries({ queryKey: ticketsRootKey });
      void queryClient.invalidateQueries({ queryKey: discoveredPoolsRootKey });
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey, refetchType: 'none' });
    }
    lastCount.current = count;
  }, [unread.data, queryClient]);

  useEffect(() => {
    if (!open) return;
    setOpened(true);
    let active = true;
    queryClient
      .fetchQuery({ ...notificationsQueryOptions, staleTime: 0 })
      .then((list) => {
        if (!active) return;
        const ids = list.filter((item) => !item.is_read).map((item) => item.id);
        setHighlighted(new Set(ids));
        if (ids.length > 0) markReadMutate(ids);
      })
      .catch(() => undefined); // the list shows its own error
    return () => {
      active = false;
    };
  }, [open, queryClient, markReadMutate]);

  const count = unread.data ?? 0;
  const items = notifications.data ?? [];

  function select(item: Notification) {
    if (!item.is_read) markReadMutate([item.id]);
    const path = inAppPath(item.navigation_url);
    if (path) {
      // The target (an alert, a ticket, a project with a new pool) has just changed: show its newest state, not a cached one.
      void queryClient.invalidateQueries({ queryKey: alertsRootKey });
      void queryClient.invalidateQueries({ queryKey: ticketsRootKey });
      void queryClient.invalidateQueries({ queryKey: discoveredPoolsRootKey });
      navigate(path);
    }
  }

  return (
    <DropdownMenu
      open={open}
      onOpenChange={(next) => {
        if (!next) setHighlighted(new Set());
        onOpenChange(next);
      }}
    >
      <DropdownMenuTrigger
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className={cn(
          'relative grid h-10 w-10 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-[state=open]:bg-slate-100',
          className,
        )}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {count > 0 && (
          <span
            data-testid="notification-badge"
            data-figure="badge"
            aria-hidden="true"
            className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
          >
            {badgeCount(count)}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="flex w-96 flex-col" aria-label="Notifications">
        <DropdownMenuLabel className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 pt-2 pb-3">
          <span className="text-sm font-semibold text-slate-900">Notifications</span>
          {notifications.isFetching && (
            <Loader2 className="h-4 w-4 animate-spin text-slate-400" aria-label="Refreshing" />
          )}
        </DropdownMenuLabel>
        <div className="max-h-[min(24rem,calc(100dvh-12rem))] overflow-y-auto pt-1">
          {notifications.isPending ? (
            <p role="status" className="flex items-center justify-center gap-2 px-4 py-8 text-sm text-slate-500">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              Loading notifications...
            </p>
          ) : notifications.isError && !notifications.data ? (
            <div role="alert" className="px-4 py-8 text-center text-sm text-slate-600">
              <p>{loadErrorText(notifications.error, 'Notifications could not be loaded.')}</p>
              <DropdownMenuItem
                className="mx-auto mt-2 w-fit font-medium text-indigo-600"
                onSelect={(event) => {
                  event.preventDefault();
                  void notifications.refetch();
                }}
              >
                Try again
              </DropdownMenuItem>
            </div>
          ) : items.length === 0 ? (
            // A menu must hold menu items (axe aria-required-children): the empty state is one that
            // cannot be chosen, at full strength rather than a disabled item's half.
            <DropdownMenuItem
              disabled
              className="cursor-default flex-col gap-0 px-4 py-8 text-center data-[disabled]:opacity-100!"
            >
              <span
                className="grid h-10 w-10 place-items-center rounded-full bg-slate-100 text-slate-400"
                aria-hidden="true"
              >
                <BellOff className="h-5 w-5" />
              </span>
              <span className="mt-3 block text-sm font-semibold text-slate-900">No new notifications</span>
              <span className="mt-1 block text-sm text-slate-500">
                We'll notify you when something important happens
              </span>
            </DropdownMenuItem>
          ) : (
            items.map((item) => {
              const fresh = !item.is_read || highlighted.has(item.id);
              return (
                <DropdownMenuItem
                  key={item.id}
                  data-unread={fresh ? 'true' : undefined}
                  onSelect={() => select(item)}
                  className={cn(
                    'items-start gap-3 px-3 py-2.5',
                    fresh && 'bg-indigo-50/70 data-[highlighted]:bg-indigo-100/70',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', fresh ? 'bg-indigo-600' : 'bg-transparent')}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span
                        className={cn(
                          'min-w-0 truncate text-sm text-slate-900',
                          fresh ? 'font-semibold' : 'font-medium',
                        )}
                      >
                        {item.title}
                      </span>
                      <time
                        dateTime={item.created_at}
                        title={formatDateTime(item.created_at)}
                        className="shrink-0 text-xs text-slate-600"
                      >
                        {formatNotificationTime(item.created_at)}
                      </time>
                    </span>
                    <span className="mt-0.5 line-clamp-2 text-xs break-words text-slate-600">{item.message}</span>
                    {fresh && <span className="sr-only"> (unread)</span>}
                  </span>
                </DropdownMenuItem>
              );
            })
          )}
        </div>
        {(items.length > 0 || count > 0) && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={markAllRead.isPending}
              onSelect={(event) => {
                event.preventDefault();
                setHighlighted(new Set());
                markAllRead.mutate();
              }}
              className="justify-center font-medium text-indigo-600 data-[highlighted]:text-indigo-700"
            >
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              Mark all as read
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
