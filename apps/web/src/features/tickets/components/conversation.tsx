import type { Ticket } from '@tokendesk/contract';
import { useEffect, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { formatMessageTime } from './ticket-dates';
import { MessageText } from './message-text';

export interface ConversationProps {
  messages: Ticket['messages'];
  /** Whose side is on the right: the user's screen shows 'You' on the right, the staff console 'Support Team'. */
  viewer: 'user' | 'staff';
  /** Name of the ticket's author in the staff console. */
  authorName?: string;
}

/** Product §2.13: support messages left as 'Support Team', the user's right as 'You', scrolled to the newest. */
export function Conversation({ messages, viewer, authorName }: ConversationProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  return (
    <ol
      ref={listRef}
      aria-label="Messages"
      className="flex max-h-[32rem] flex-col gap-4 overflow-y-auto px-5 py-4 sm:px-6"
    >
      {messages.map((message, index) => {
        const mine = viewer === 'staff' ? message.is_admin : !message.is_admin;
        const author = message.is_admin ? 'Support Team' : viewer === 'user' ? 'You' : (authorName ?? 'User');
        return (
          <li
            key={`${index}-${message.created_at}`}
            className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
          >
            <div className="flex items-baseline gap-2 text-xs text-slate-500">
              <span className="font-medium text-slate-700">{author}</span>
              <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
            </div>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-2.5',
                mine ? 'rounded-tr-sm bg-indigo-600 text-white' : 'rounded-tl-sm bg-slate-100 text-slate-900',
              )}
            >
              <MessageText text={message.message} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
