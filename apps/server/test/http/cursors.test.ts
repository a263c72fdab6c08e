import type { Ticket } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, users } from '../../src/db/schema';
import { createTestContext, signUp, type TestContext, requester } from '../helpers';

/**
 * Cursors come back from clients, so they are input like any other (decision 0022): a crafted
 * one answers 400 naming the cursor, never 500 — on PGlite and on PostgreSQL (DATABASE_URL) — and
 * the cursors the server writes still page through everything exactly once.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let staff: Awaited<ReturnType<typeof signUp>>;
const created: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, staff] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  await ctx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId));
  for (let i = 0; i < 5; i++) {
    const res = await get(owner.token, 'user/tickets/create/', {
      project: null,
      subject: `Question ${i}`,
      message: 'Hello',
    });
    expect(res.statusCode, res.body).toBe(201);
    created.push((res.json() as Ticket).id);
  }
});
afterAll(async () => {
  await ctx.close();
});

const request = requester(() => ctx.app);
const get = (token: string, url: string, payload?: object) => request(token, payload ? 'POST' : 'GET', url, payload);

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const rawCursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

async function expectInvalid(token: string, url: string, cursor: string) {
  const res = await get(token, `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`);
  expect(res.statusCode, `${url} ${cursor}: ${res.body}`).toBe(400);
  expect(res.json()).toEqual({
    detail: 'Invalid cursor. Start again from the first page.',
    errors: [{ field: 'cursor', message: 'Invalid cursor. Start again from the first page.' }],
  });
}

/** Shapes that are wrong whatever the route: not base64url JSON, not an array, wrong types. */
const anyRouteGarbage = [
  'not a cursor!',
  '%%%',
  rawCursor('[1'),
  rawCursor('1e400'),
  cursorOf({ id: 1 }),
  cursorOf(null),
  cursorOf([]),
  cursorOf('x'.repeat(10)),
  `${cursorOf([1])}==`,
];

describe('GET user/tickets/ with a crafted cursor', () => {
  it.each([
    ['an id past int4 (was a 500: value out of range for type integer)', cursorOf([2 ** 31])],
    ['the largest safe integer', cursorOf([Number.MAX_SAFE_INTEGER])],
    ['a negative id', cursorOf([-1])],
    ['a fraction', cursorOf([1.5])],
    ['an id as a string', cursorOf(['7'])],
    ['an exponent past any id', rawCursor('[1e300]')],
    ['a boolean', cursorOf([true])],
    ['two parts', cursorOf([1, 2])],
    ...anyRouteGarbage.map((c) => ['garbage', c] as [string, string]),
  ])('%s answers 400', async (_what, cursor) => {
    await expectInvalid(owner.token, 'user/tickets/', cursor);
  });

  it('pages through every ticket exactly once with the cursors it writes', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(owner.token, `user/tickets/?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { tickets: Ticket[]; next_cursor: string | null };
      seen.push(...page.tickets.map((t) => t.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
  });
});

describe('GET staff/tickets/ with a crafted cursor', () => {
  it.each([
    ['a time past Date (was a 500: RangeError)', cursorOf([0, Number.MAX_SAFE_INTEGER, 1])],
    ['the last time Date can hold', cursorOf([0, 8.64e15, 1])],
    ['a time before 1970', cursorOf([0, -1, 1])],
    ['a time as text', cursorOf([0, '2025-01-01T00:00:00Z', 1])],
    ['an id past int4', cursorOf([0, Date.UTC(2025, 0, 1), 2 ** 31])],
    ['a rank that is none', cursorOf([3, Date.UTC(2025, 0, 1), 1])],
    ['a negative rank', cursorOf([-1, Date.UTC(2025, 0, 1), 1])],
    ['two parts', cursorOf([0, 1])],
    ...anyRouteGarbage.map((c) => ['garbage', c] as [string, string]),
  ])('%s answers 400', async (_what, cursor) => {
    await expectInvalid(staff.token, 'staff/tickets/?status=all', cursor);
  });

  it('pages through the queue exactly once with the cursors it writes', async () => {
    // Different last-activity times, so the key's timestamp part decides the order.
    for (const [i, id] of created.entries()) {
      await ctx.app.db
        .update(tickets)
        .set({ updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)) })
        .where(eq(tickets.id, id));
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(staff.token, `staff/tickets/?status=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { tickets: Ticket[]; next_cursor: string | null };
      seen.push(...page.tickets.map((t) => t.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.filter((id) => created.includes(id))).toEqual(created);
  });
});

describe('GET projects/activity/ with a crafted cursor', () => {
  it.each([
    ['a block past int8', cursorOf(['9223372036854775808', 0, 1, 1])],
    ['a block with a sign', cursorOf(['-1', 0, 1, 1])],
    ['a block in hex', cursorOf(['0x10', 0, 1, 1])],
    ['a block as a number', cursorOf([1, 0, 1, 1])],
    ['a log index past int4', cursorOf(['1', 2 ** 31, 1, 1])],
    ['an event id past a safe integer', cursorOf(['1', 0, 2 ** 53, 1])],
    ['a pool id past int4', cursorOf(['1', 0, 1, 2 ** 31])],
    ['a ticket cursor', cursorOf([1])],
    ...anyRouteGarbage.map((c) => ['garbage', c] as [string, string]),
  ])('%s answers 400', async (_what, cursor) => {
    await expectInvalid(owner.token, 'projects/activity/', cursor);
  });

  it('accepts a well-formed cursor past every row (an empty last page)', async () => {
    const res = await get(
      owner.token,
      `projects/activity/?cursor=${cursorOf(['9223372036854775807', 2 ** 31 - 1, Number.MAX_SAFE_INTEGER, 2 ** 31 - 1])}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ events: [], next_cursor: null });
  });
});
