import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../helpers';
import { outbox } from '../../src/db/schema';
import { emailConfigured, enqueueEmail, renderEmail, truncate } from '../../src/domain/outbox';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';

describe('outbox', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('enqueueEmail writes one pending row in the caller transaction, and none when it rolls back', async () => {
    const content = renderEmail({ title: 'Hello <b>', message: 'A & B', url: 'http://localhost:3000/x', footer: 'f' });
    const id = await ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'a@example.com', category: 'account', content }),
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.messageId, id));
    expect(row).toMatchObject({ status: 'pending', kind: 'email', category: 'account', attempts: 0, channelId: null });
    expect(row!.payload).toMatchObject({ to: 'a@example.com', subject: 'TokenDesk: Hello <b>' });
    expect(content.html).toContain('Hello &lt;b&gt;');
    expect(content.html).toContain('A &amp; B');

    let rolledBack = '';
    await ctx.database.db
      .transaction(async (tx) => {
        rolledBack = await enqueueEmail(tx, { userId: null, to: 'b@example.com', category: 'account', content });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.messageId, rolledBack))).toHaveLength(0);
  });

  it('emailConfigured follows SMTP_URL', () => {
    expect(emailConfigured(ctx.config)).toBe(true);
    expect(emailConfigured({ SMTP_URL: undefined })).toBe(false);
  });

  it('truncates with an ellipsis within the limit', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(Array.from(truncate('😀'.repeat(10), 5))).toHaveLength(5);
  });

  it('the test SMTP server reads back what nodemailer sends', async () => {
    const transport = nodemailer.createTransport(smtp.url);
    const content = renderEmail({
      title: 'Prix é — 0.0₄98',
      message: 'Line = one\nline two',
      url: 'http://localhost:3000/alerts/1',
      footer: 'foot',
    });
    await transport.sendMail({
      from: ctx.config.MAIL_FROM,
      to: 'x@example.com',
      subject: content.subject,
      text: content.text,
      html: content.html,
    });
    transport.close();
    const mail = await smtp.waitFor((m) => m.to.includes('x@example.com'));
    expect(mail.subject).toBe('TokenDesk: Prix é — 0.0₄98');
    expect(mail.text).toBe(content.text);
    expect(mail.html).toBe(content.html);
    expect(mail.from).toContain('no-reply@localhost');
  });
});
