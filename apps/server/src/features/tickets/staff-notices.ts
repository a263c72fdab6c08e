import { ticketMessages as m } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raiseNotification } from '../../domain/notifications';
import { enqueueEmail, escapeHtml, truncate, type EmailContent } from '../../domain/outbox';

/**
 * Staff are told when a ticket needs them (docs/decisions/0040, product §2.13): a new ticket or a
 * user's reply. Every staff account gets a bell notification; staff whose address is verified also
 * get an e-mail, when the server can send one. Both are written in the transaction of the ticket
 * change, so a notice exists exactly when the ticket or reply does. A staff reply tells no staff.
 */

/** Whether and where e-mail goes: null when the server has no SMTP (nothing is enqueued then). */
export interface StaffMail {
  /** PUBLIC_URL without a trailing slash: links in e-mails point there. */
  publicUrl: string;
}

export interface TicketEvent {
  kind: 'new' | 'reply';
  ticketId: number;
  subject: string;
  /** '' for a general question. */
  projectName: string;
  /** Who wrote: never told about their own message, even when they are staff themselves. */
  authorId: number;
  message: string;
  at: Date;
}

type Tx = Pick<Db, 'insert' | 'execute'>;

interface StaffTarget {
  id: number;
  email: string;
  username: string;
  /** users.email_verified_at (migration 0015), read through to_jsonb so this file does not break before it exists. */
  verified: string | null;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The bell's text: which ticket and who, in one line. */
function noticeText(event: TicketEvent, author: string): string {
  const about = event.projectName ? ` about ${event.projectName}` : '';
  const what =
    event.kind === 'new'
      ? `${author} opened ticket #${event.ticketId}${about}`
      : `${author} replied on ticket #${event.ticketId}${about}`;
  return truncate(`${what}: '${oneLine(event.subject)}'`, 200);
}

const FOOTER = 'You receive this because your TokenDesk account is support staff. Answer in the Support Desk.';

/** Plain text and simple HTML; the user's words keep their line breaks and are escaped, never markup. */
function staffEmail(title: string, notice: string, words: string, url: string): EmailContent {
  const text = [notice, '', words, '', `Answer in the Support Desk: ${url}`, '', FOOTER].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#111;line-height:1.5">',
    `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(title)}</h2>`,
    `<p>${escapeHtml(notice)}</p>`,
    `<blockquote style="white-space:pre-wrap;margin:8px 0 16px;padding:8px 12px;border-left:3px solid #ccc">${escapeHtml(words)}</blockquote>`,
    `<p><a href="${escapeHtml(url)}">Answer in the Support Desk</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: truncate(`TokenDesk: ${title}`, 200), text, html };
}

export async function tellStaff(
  tx: Tx,
  mail: StaffMail | null,
  event: TicketEvent,
): Promise<{ notified: number; emailed: number }> {
  const result = (await tx.execute(sql`
    select u.id, u.email, u.username, to_jsonb(u) ->> 'email_verified_at' as verified
    from users u where u.is_staff and u.id <> ${event.authorId}
    order by u.id`)) as unknown as { rows: StaffTarget[] };
  const authorRows = (await tx.execute(sql`select username from users where id = ${event.authorId}`)) as unknown as {
    rows: { username: string }[];
  };
  const author = authorRows.rows[0]?.username ?? 'A user';
  const title = event.kind === 'new' ? m.staffNewTicket : m.staffUserReplied;
  const message = noticeText(event, author);
  const path = `/staff/tickets/${event.ticketId}`;
  let emailed = 0;
  for (const staff of result.rows) {
    await raiseNotification(tx, { userId: staff.id, title, message, navigationUrl: path, createdAt: event.at });
    if (!mail || !staff.verified) continue;
    const content = staffEmail(
      `${title}: #${event.ticketId} ${oneLine(event.subject)}`,
      message,
      truncate(event.message, 4000),
      `${mail.publicUrl}${path}`,
    );
    await enqueueEmail(tx, { userId: staff.id, to: staff.email, category: 'staff', content });
    emailed += 1;
  }
  return { notified: result.rows.length, emailed };
}
