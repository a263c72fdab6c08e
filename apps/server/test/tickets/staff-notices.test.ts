import { ticketMessages as m, type StaffTicketPage, type Ticket } from '@tokendesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, users } from '../../src/db/schema';
import { DeliveryWorker } from '../../src/delivery/worker';
import { bearer, createTestContext, signUp, type TestContext, requester } from '../helpers';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';

/**
 * Staff are told of new tickets and user replies (docs/decisions/0040): a bell notification for
 * every staff account, an e-mail through a real SMTP server for staff whose address is verified;
 * a staff reply tells no staff; the console counts the tickets awaiting a reply.
 */

type User = Awaited<ReturnType<typeof signUp>>;

describe('staff notices with e-mail configured', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let worker: DeliveryWorker;
  let owner: User;
  let verifiedStaff: User;
  let unverifiedStaff: User;
  let bystander: User;

  const call = requester(() => ctx.app);
  const bell = (userId: number) =>
    ctx.app.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
  const staffMails = () => ctx.app.db.select().from(outbox).where(eq(outbox.category, 'staff'));
  // Registration sends its own verification e-mail (account category): only ticket notices count here.
  const ticketMailsTo = (address: string) =>
    smtp.messages.filter((x) => x.to.includes(address) && /ticket/i.test(x.subject));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://desk.example.com/' });
    worker = new DeliveryWorker({ db: ctx.app.db, config: ctx.config });
    [owner, verifiedStaff, unverifiedStaff, bystander] = await Promise.all([
      signUp(ctx.app),
      signUp(ctx.app),
      signUp(ctx.app),
      signUp(ctx.app),
    ]);
    await ctx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, verifiedStaff.userId));
    await ctx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, unverifiedStaff.userId));
    // Registration leaves an address unverified (migration 0015); one staff member followed the link.
    await ctx.app.db.execute(sql`update users set email_verified_at = now() where id = ${verifiedStaff.userId}`);
    await ctx.app.db.execute(sql`update users set email_verified_at = null where id = ${unverifiedStaff.userId}`);
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await smtp?.close();
  });

  it('a new ticket: every staff account gets a bell notice, verified staff an e-mail; the author nothing', async () => {
    const ownerBefore = (await bell(owner.userId)).length;
    const res = await call(owner.token, 'POST', 'user/tickets/create/', {
      project: null,
      subject: 'Swap <b>fails</b>\nagain',
      message: 'Line one\n<script>alert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json() as Ticket;

    for (const staff of [verifiedStaff, unverifiedStaff]) {
      const [notice] = (await bell(staff.userId)).filter((n) => n.navigationUrl === `/staff/tickets/${ticket.id}`);
      expect(notice).toMatchObject({ title: m.staffNewTicket, isRead: false });
      expect(notice!.message).toBe(`${owner.username} opened ticket #${ticket.id}: 'Swap <b>fails</b> again'`);
    }
    expect(await bell(owner.userId)).toHaveLength(ownerBefore);
    expect(await bell(bystander.userId)).toHaveLength(0);

    // One e-mail row, to the verified staff address only, written with the ticket.
    const rows = await staffMails();
    expect(rows.map((r) => (r.payload as { to: string }).to)).toEqual([verifiedStaff.email]);

    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor((x) => x.to.includes(verifiedStaff.email) && x.subject.includes(`#${ticket.id}`));
    expect(mail.subject).toBe(`TokenDesk: ${m.staffNewTicket}: #${ticket.id} Swap <b>fails</b> again`);
    expect(mail.text).toContain('Line one\n<script>alert(1)</script>');
    expect(mail.text).toContain(`https://desk.example.com/staff/tickets/${ticket.id}`);
    // The user's words are text in the HTML part, never markup.
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(ticketMailsTo(unverifiedStaff.email)).toHaveLength(0);
    expect(ticketMailsTo(owner.email)).toHaveLength(0);
  });

  it('a user reply tells staff again; a staff reply tells the owner and no staff', async () => {
    const created = (
      await call(owner.token, 'POST', 'user/tickets/create/', { project: null, subject: 'Question', message: 'First' })
    ).json() as Ticket;
    await worker.runOnce();
    const staffBefore = (await bell(verifiedStaff.userId)).length;
    const rowsBefore = (await staffMails()).length;

    const staffReply = await call(verifiedStaff.token, 'POST', `staff/tickets/${created.id}/reply/`, {
      message: 'We are on it',
    });
    expect(staffReply.statusCode, staffReply.body).toBe(201);
    expect(await bell(verifiedStaff.userId)).toHaveLength(staffBefore);
    expect(await bell(unverifiedStaff.userId)).toHaveLength(staffBefore);
    expect(await staffMails()).toHaveLength(rowsBefore);
    const [ownerNotice] = (await bell(owner.userId)).filter((n) => n.navigationUrl === `/support/${created.id}`);
    expect(ownerNotice).toMatchObject({ title: m.supportReplied });

    const userReply = await call(owner.token, 'POST', `user/tickets/${created.id}/reply/`, {
      message: 'Thanks, still failing',
    });
    expect(userReply.statusCode, userReply.body).toBe(201);
    const notices = (await bell(verifiedStaff.userId)).filter(
      (n) => n.navigationUrl === `/staff/tickets/${created.id}`,
    );
    expect(notices.map((n) => n.title)).toEqual([m.staffNewTicket, m.staffUserReplied]);
    expect(notices[1]!.message).toBe(`${owner.username} replied on ticket #${created.id}: 'Question'`);
    expect(await staffMails()).toHaveLength(rowsBefore + 1);
    await worker.runOnce();
    const mail = await smtp.waitFor((x) => x.subject === `TokenDesk: ${m.staffUserReplied}: #${created.id} Question`);
    expect(mail.to).toEqual([verifiedStaff.email]);
    expect(mail.text).toContain('Thanks, still failing');
  });

  it('a refused reply (resolved ticket) tells nobody', async () => {
    const created = (
      await call(owner.token, 'POST', 'user/tickets/create/', { project: null, subject: 'Done soon', message: 'x' })
    ).json() as Ticket;
    expect((await call(verifiedStaff.token, 'POST', `staff/tickets/${created.id}/resolve/`)).statusCode).toBe(200);
    const before = (await bell(verifiedStaff.userId)).length;
    const rowsBefore = (await staffMails()).length;
    expect(
      (await call(owner.token, 'POST', `user/tickets/${created.id}/reply/`, { message: 'one more' })).statusCode,
    ).toBe(409);
    expect(await bell(verifiedStaff.userId)).toHaveLength(before);
    expect(await staffMails()).toHaveLength(rowsBefore);
  });

  it('staff opening a ticket are not told of their own; the other staff are', async () => {
    const created = (
      await call(verifiedStaff.token, 'POST', 'user/tickets/create/', {
        project: null,
        subject: 'Internal',
        message: 'x',
      })
    ).json() as Ticket;
    const path = `/staff/tickets/${created.id}`;
    expect((await bell(verifiedStaff.userId)).filter((n) => n.navigationUrl === path)).toHaveLength(0);
    expect((await bell(unverifiedStaff.userId)).filter((n) => n.navigationUrl === path)).toHaveLength(1);
  });

  it('the console counts the tickets awaiting a reply, whatever the filter and page', async () => {
    const page = async (status: string) => {
      const res = await call(verifiedStaff.token, 'GET', `staff/tickets/?status=${status}&limit=1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as StaffTicketPage;
    };
    const expected = async () => {
      const [row] = await ctx.app.db
        .execute(sql`select count(*)::int as n from tickets where not is_resolved and waiting_answer`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      return row!.n;
    };
    const start = await expected();
    expect((await page('awaiting')).awaiting_reply).toBe(start);
    expect(start).toBeGreaterThanOrEqual(2);

    const a = (
      await call(owner.token, 'POST', 'user/tickets/create/', { project: null, subject: 'Count A', message: 'x' })
    ).json() as Ticket;
    const b = (
      await call(owner.token, 'POST', 'user/tickets/create/', { project: null, subject: 'Count B', message: 'x' })
    ).json() as Ticket;
    expect((await page('resolved')).awaiting_reply).toBe(start + 2);
    await call(verifiedStaff.token, 'POST', `staff/tickets/${a.id}/reply/`, { message: 'answered' });
    expect((await page('all')).awaiting_reply).toBe(start + 1);
    await call(verifiedStaff.token, 'POST', `staff/tickets/${b.id}/resolve/`);
    expect((await page('in_progress')).awaiting_reply).toBe(start);
    expect(await expected()).toBe(start);
    // A user's reply puts a ticket back in the count.
    await call(owner.token, 'POST', `user/tickets/${a.id}/reply/`, { message: 'not yet' });
    expect((await page('awaiting')).awaiting_reply).toBe(start + 1);

    // Not for users: the staff list stays staff-only.
    expect((await call(owner.token, 'GET', 'staff/tickets/')).statusCode).toBe(403);
  });
});

describe('staff notices without e-mail configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('the bell still rings; no e-mail row is written', async () => {
    const [owner, staff] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    await ctx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId));
    await ctx.app.db.execute(sql`update users set email_verified_at = now() where id = ${staff.userId}`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/tickets/create/',
      headers: { authorization: bearer(owner.token) },
      payload: { project: null, subject: 'No mail', message: 'x' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as Ticket).id;
    const notices = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.userId), eq(notifications.navigationUrl, `/staff/tickets/${id}`)));
    expect(notices).toHaveLength(1);
    expect(await ctx.app.db.select().from(outbox).where(eq(outbox.category, 'staff'))).toHaveLength(0);
    expect(await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'email'))).toHaveLength(0);
  });
});
