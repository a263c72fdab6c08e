import { ticketMessages as m, type Ticket } from '@tokendesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, signUp, type TestContext } from '../helpers';

/** Product §2.13: a user without a project (one could not be added, say) can still ask for help. */

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  [user, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
});
afterAll(async () => {
  await ctx.close();
});

const create = (token: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/tickets/create/',
    headers: { authorization: bearer(token) },
    payload,
  });

describe('general tickets', () => {
  it('project null opens a ticket about no project; it reads back with project 0 and no project name', async () => {
    const res = await create(user.token, {
      project: null,
      subject: 'Cannot add my token',
      message: 'The node seems down.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<Ticket>();
    expect(ticket).toMatchObject({
      project: 0,
      project_name: '',
      subject: 'Cannot add my token',
      waiting_answer: true,
      message_count: 1,
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/tickets/',
      headers: { authorization: bearer(user.token) },
    });
    expect((list.json() as { tickets: Ticket[] }).tickets.map((t) => t.id)).toContain(ticket.id);
    // Still the user's own: another user gets 404.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/user/tickets/${ticket.id}/`,
      headers: { authorization: bearer(other.token) },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a missing or invalid project is still refused with the message of product §4', async () => {
    for (const project of [undefined, 'abc', 0, -1]) {
      const res = await create(user.token, {
        ...(project === undefined ? {} : { project }),
        subject: 'Hi',
        message: 'Hello',
      });
      expect(res.statusCode, String(project)).toBe(400);
      expect(res.json()).toMatchObject({ detail: m.projectRequired });
    }
  });
});
