import { MESSAGE_MAX, ticketMessages as m, type Ticket } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, projects, tickets, users } from '../../src/db/schema';
import { createTestContext, signUp, type TestContext, requester } from '../helpers';
import { createTicket } from '../support/factories';

/** Support tickets over HTTP: the user API, the staff console and their notifications. */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let staff: Awaited<ReturnType<typeof signUp>>;
let projectId: number;
let otherProjectId: number;

let n = 0;
async function seedProject(userId: number, name: string): Promise<number> {
  n += 1;
  const [row] = await ctx.app.db
    .insert(projects)
    .values({
      userId,
      networkId: 31337,
      contractAddress: `0x${n.toString(16).padStart(40, '0')}`,
      name,
      tokenSymbol: name.slice(0, 4).toUpperCase(),
      tokenDecimal: 18,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, other, staff] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
  await ctx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId));
  projectId = await seedProject(owner.userId, 'Demo Token');
  otherProjectId = await seedProject(other.userId, 'Other Token');
});
afterAll(async () => {
  await ctx.close();
});

const call = requester(() => ctx.app);

const open = (subject: string, message = 'Please help', token = owner.token, project = projectId) =>
  createTicket(ctx.app, token, { project, subject, message });

const status = (t: Ticket) => (t.is_resolved ? 'resolved' : t.waiting_answer ? 'awaiting' : 'in_progress');
const notificationsOf = (userId: number) =>
  ctx.app.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('status cycle', () => {
  it('create → awaiting; staff reply → in progress + notification; user reply → awaiting; resolve → notification, no replies; reopen', async () => {
    const created = await open('  Swap fails  ', '  My swap keeps failing.  ');
    expect(created).toMatchObject({
      subject: 'Swap fails',
      project: projectId,
      project_name: 'Demo Token',
      is_resolved: false,
      waiting_answer: true,
      message_count: 1,
    });
    expect(created.messages).toEqual([
      { message: 'My swap keeps failing.', is_admin: false, created_at: expect.any(String) },
    ]);
    expect(created.username).toBeUndefined();

    const before = (await notificationsOf(owner.userId)).length;
    const longReply = `We are looking into it. ${'x'.repeat(300)}`;
    const staffReply = await call(staff.token, 'POST', `staff/tickets/${created.id}/reply/`, { message: longReply });
    expect(staffReply.statusCode, staffReply.body).toBe(201);
    // The reply answers the new message alone (issue 35 item 15); the ticket is read again for its status.
    const staffMessage = staffReply.json() as Ticket['messages'][number];
    expect(staffMessage).toEqual({ message: longReply, is_admin: true, created_at: expect.any(String) });
    const afterStaffDetail = (await call(staff.token, 'GET', `staff/tickets/${created.id}/`)).json() as Ticket;
    expect(status(afterStaffDetail)).toBe('in_progress');
    expect(afterStaffDetail.messages.at(-1)).toEqual(staffMessage);
    const afterReply = await notificationsOf(owner.userId);
    expect(afterReply).toHaveLength(before + 1);
    const replied = afterReply.at(-1)!;
    expect(replied).toMatchObject({ title: m.supportReplied, navigationUrl: `/support/${created.id}`, isRead: false });
    expect(replied.message.startsWith('We are looking into it.')).toBe(true);
    expect(replied.message.length).toBeLessThanOrEqual(141);
    // The owner sees it through the notifications API too.
    const listed = (await call(owner.token, 'GET', 'projects/notifications/')).json() as { title: string }[];
    expect(listed[0]!.title).toBe(m.supportReplied);

    const userReply = await call(owner.token, 'POST', `user/tickets/${created.id}/reply/`, {
      message: 'Still failing',
    });
    expect(userReply.statusCode, userReply.body).toBe(201);
    expect(userReply.json()).toEqual({ message: 'Still failing', is_admin: false, created_at: expect.any(String) });
    expect(Object.keys(userReply.json() as object).sort()).toEqual(['created_at', 'is_admin', 'message']);
    const afterUser = (await call(owner.token, 'GET', `user/tickets/${created.id}/`)).json() as Ticket;
    expect(afterUser.messages.at(-1)!.created_at).toBe((userReply.json() as { created_at: string }).created_at);
    expect(status(afterUser)).toBe('awaiting');
    expect(afterUser.messages.map((x) => [x.is_admin, x.message])).toEqual([
      [false, 'My swap keeps failing.'],
      [true, longReply],
      [false, 'Still failing'],
    ]);
    expect(afterUser.message_count).toBe(3);

    const resolved = await call(staff.token, 'POST', `staff/tickets/${created.id}/resolve/`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ is_resolved: true, waiting_answer: false });
    const afterResolve = await notificationsOf(owner.userId);
    expect(afterResolve).toHaveLength(before + 2);
    expect(afterResolve.at(-1)).toMatchObject({ title: m.ticketResolved, navigationUrl: `/support/${created.id}` });

    const refused = await call(owner.token, 'POST', `user/tickets/${created.id}/reply/`, { message: 'One more thing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: m.resolvedNoReplies });
    const staffRefused = await call(staff.token, 'POST', `staff/tickets/${created.id}/reply/`, { message: 'Late' });
    expect(staffRefused.statusCode).toBe(409);
    const detail = (await call(owner.token, 'GET', `user/tickets/${created.id}/`)).json() as Ticket;
    expect(detail.message_count).toBe(3);

    const reopened = await call(staff.token, 'POST', `staff/tickets/${created.id}/reopen/`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(status(reopened.json() as Ticket)).toBe('awaiting');
    const again = await call(owner.token, 'POST', `user/tickets/${created.id}/reply/`, {
      message: 'Thanks for reopening',
    });
    expect(again.statusCode).toBe(201);
    // Reopening notifies no one.
    expect(await notificationsOf(owner.userId)).toHaveLength(before + 2);
  });
});

describe('validation', () => {
  const errorOf = async (payload: object) => {
    const res = await call(owner.token, 'POST', 'user/tickets/create/', payload);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { detail: string; errors: { field: string; message: string }[] };
  };

  it('reports subject, message, project in that order (product §4)', async () => {
    const all = await errorOf({});
    expect(all.detail).toBe(m.subjectRequired);
    expect(all.errors.map((e) => [e.field, e.message])).toEqual([
      ['subject', m.subjectRequired],
      ['message', m.messageRequired],
      ['project', m.projectRequired],
    ]);
    expect((await errorOf({ project: projectId, subject: '   ', message: '' })).detail).toBe(m.subjectRequired);
    expect((await errorOf({ project: projectId, subject: 'Hi', message: '  \n ' })).detail).toBe(m.messageRequired);
    expect((await errorOf({ subject: 'Hi', message: 'Help' })).detail).toBe(m.projectRequired);
  });

  it('refuses messages and subjects that are too long', async () => {
    expect((await errorOf({ project: projectId, subject: 'Hi', message: 'a'.repeat(MESSAGE_MAX + 1) })).detail).toBe(
      m.messageTooLong,
    );
    expect((await errorOf({ project: projectId, subject: 's'.repeat(201), message: 'ok' })).detail).toBe(
      m.subjectTooLong,
    );
    const ticket = await open('Max length', 'a'.repeat(MESSAGE_MAX));
    const res = await call(owner.token, 'POST', `user/tickets/${ticket.id}/reply/`, {
      message: 'b'.repeat(MESSAGE_MAX + 1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: m.messageTooLong, errors: [{ field: 'message' }] });
    const empty = await call(owner.token, 'POST', `user/tickets/${ticket.id}/reply/`, { message: '  ' });
    expect(empty.json()).toMatchObject({ detail: m.messageRequired });
  });

  it('stores messages as plain text, exactly as given (trimmed)', async () => {
    const ticket = await open('<b>bold</b>', '  <script>alert(1)</script> & more  ');
    expect(ticket.subject).toBe('<b>bold</b>');
    expect(ticket.messages[0]!.message).toBe('<script>alert(1)</script> & more');
  });

  it("refuses another user's project as not found", async () => {
    const res = await call(owner.token, 'POST', 'user/tickets/create/', {
      project: otherProjectId,
      subject: 'Hi',
      message: 'x',
    });
    expect(res.statusCode).toBe(404);
    const missing = await call(owner.token, 'POST', 'user/tickets/create/', {
      project: 999_999,
      subject: 'Hi',
      message: 'x',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's ticket and 403 on every staff route", async () => {
    const mine = await open('Private');
    expect((await call(other.token, 'GET', `user/tickets/${mine.id}/`)).statusCode).toBe(404);
    expect((await call(other.token, 'POST', `user/tickets/${mine.id}/reply/`, { message: 'hi' })).statusCode).toBe(404);
    const otherList = (await call(other.token, 'GET', 'user/tickets/')).json() as { tickets: Ticket[] };
    expect(otherList.tickets.map((t) => t.id)).not.toContain(mine.id);

    for (const [method, url, payload] of [
      ['GET', 'staff/tickets/', undefined],
      ['GET', 'staff/tickets/?status=all', undefined],
      ['GET', `staff/tickets/${mine.id}/`, undefined],
      ['POST', `staff/tickets/${mine.id}/reply/`, { message: 'x' }],
      ['POST', `staff/tickets/${mine.id}/resolve/`, undefined],
      ['POST', `staff/tickets/${mine.id}/reopen/`, undefined],
    ] as const) {
      const res = await call(owner.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(
        (await ctx.app.inject({ method, url: `/api/v1/${url}`, ...(payload ? { payload } : {}) })).statusCode,
      ).toBe(401);
    }
    expect((await call(owner.token, 'GET', `user/tickets/${mine.id}/`)).json()).toMatchObject({ is_resolved: false });
    expect((await call(staff.token, 'GET', 'staff/tickets/999999/')).statusCode).toBe(404);
  });

  it('keeps a ticket when its project is deleted', async () => {
    const pid = await seedProject(owner.userId, 'Doomed');
    const t = await open('About Doomed', 'x', owner.token, pid);
    await ctx.app.db.delete(projects).where(eq(projects.id, pid));
    const res = await call(owner.token, 'GET', `user/tickets/${t.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ project: 0, project_name: 'Doomed', message_count: 1 });
  });
});

describe('staff console', () => {
  it("sees every user's tickets with usernames, oldest awaiting first, filtered by status", async () => {
    const a = await open('Queue A');
    const b = await open('Queue B', 'x', other.token, otherProjectId);
    const c = await open('Queue C');
    // Make the order independent of creation: B has waited longest, then C, then A.
    const base = Date.now() - 3_600_000;
    await ctx.app.db
      .update(tickets)
      .set({ updatedAt: new Date(base) })
      .where(eq(tickets.id, b.id));
    await ctx.app.db
      .update(tickets)
      .set({ updatedAt: new Date(base + 1000) })
      .where(eq(tickets.id, c.id));
    await ctx.app.db
      .update(tickets)
      .set({ updatedAt: new Date(base + 2000) })
      .where(eq(tickets.id, a.id));
    await call(staff.token, 'POST', `staff/tickets/${c.id}/reply/`, { message: 'On it' });

    const awaiting = (await call(staff.token, 'GET', 'staff/tickets/?status=awaiting&limit=200')).json() as {
      tickets: Ticket[];
    };
    const ids = awaiting.tickets.map((t) => t.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(awaiting.tickets.every((t) => t.waiting_answer && !t.is_resolved)).toBe(true);
    expect(awaiting.tickets.find((t) => t.id === b.id)!.username).toBe(other.username);
    expect(awaiting.tickets.find((t) => t.id === a.id)!.username).toBe(owner.username);

    const inProgress = (await call(staff.token, 'GET', 'staff/tickets/?status=in_progress')).json() as {
      tickets: Ticket[];
    };
    expect(inProgress.tickets.map((t) => t.id)).toContain(c.id);
    expect(inProgress.tickets.every((t) => !t.waiting_answer && !t.is_resolved)).toBe(true);
    const resolved = (await call(staff.token, 'GET', 'staff/tickets/?status=resolved')).json() as { tickets: Ticket[] };
    expect(resolved.tickets.every((t) => t.is_resolved)).toBe(true);

    const all = (await call(staff.token, 'GET', 'staff/tickets/?status=all&limit=200')).json() as { tickets: Ticket[] };
    const ranks = all.tickets.map((t) => ({ awaiting: 0, in_progress: 1, resolved: 2 })[status(t)]);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(all.tickets.length).toBe(awaiting.tickets.length + inProgress.tickets.length + resolved.tickets.length);

    const detail = await call(staff.token, 'GET', `staff/tickets/${b.id}/`);
    expect(detail.json()).toMatchObject({ id: b.id, username: other.username, messages: [{ is_admin: false }] });
    expect((await call(staff.token, 'GET', 'staff/tickets/?status=bogus')).statusCode).toBe(400);
  });

  it('pages through the whole queue without gaps or repeats', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        staff.token,
        'GET',
        `staff/tickets/?status=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { tickets: Ticket[]; next_cursor: string | null };
      expect(page.tickets.length).toBeLessThanOrEqual(2);
      seen.push(...page.tickets.map((t) => t.id));
      cursor = page.next_cursor;
    } while (cursor);
    const all = (await call(staff.token, 'GET', 'staff/tickets/?status=all&limit=200')).json() as { tickets: Ticket[] };
    expect(seen).toEqual(all.tickets.map((t) => t.id));
  });
});

describe('user list paging', () => {
  it('lists own tickets newest first with message counts and empty messages, page by page', async () => {
    const user = await signUp(ctx.app);
    const pid = await seedProject(user.userId, 'Paging');
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await open(`T${i}`, 'm', user.token, pid)).id);
    const second = await call(user.token, 'POST', `user/tickets/${made[0]}/reply/`, { message: 'second' });
    expect(second.statusCode, second.body).toBe(201);

    const seen: Ticket[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(user.token, 'GET', `user/tickets/?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = res.json() as { tickets: Ticket[]; next_cursor: string | null };
      seen.push(...page.tickets);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((t) => t.id)).toEqual([...made].reverse());
    expect(seen.every((t) => t.messages.length === 0)).toBe(true);
    expect(seen.find((t) => t.id === made[0])!.message_count).toBe(2);
    expect(seen.find((t) => t.id === made[1])!.message_count).toBe(1);

    const bad = await call(user.token, 'GET', 'user/tickets/?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'cursor' }] });
  });
});
