import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestContext, registerBody, signUp, type TestContext, requesterAs } from '../helpers';

/**
 * Inputs the fault suite's fuzzer (faults/fuzz.test.ts) once answered with 500: ids past
 * PostgreSQL's integer, and U+0000, which PostgreSQL text cannot hold. Each is a 400 (or 401 for
 * a credential) that changes nothing.
 */

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const TOO_BIG_ID = 2 ** 31;
const send = requesterAs(
  () => ctx.app,
  () => user.token,
);

describe('ids past PostgreSQL integer', () => {
  it.each([
    ['POST', 'user/tickets/create/', { project: TOO_BIG_ID, subject: 'Hello', message: 'There' }, 'project'],
    ['POST', 'projects/alerts/', { kind: 'large_swap', pool_id: TOO_BIG_ID, min_amount: 1 }, 'pool_id'],
    [
      'POST',
      'projects/get-pool-address/',
      { project_id: TOO_BIG_ID, dex_id: 'uniswap-v2', token_id: 'weth' },
      'project_id',
    ],
    ['GET', `projects/activity/?project=${TOO_BIG_ID}`, undefined, 'project'],
    ['GET', `projects/activity/?pool=${TOO_BIG_ID}`, undefined, 'pool'],
    [
      'GET',
      `projects/activity/export/?pool=${TOO_BIG_ID}&from=2025-01-01T00:00:00Z&to=2025-01-02T00:00:00Z`,
      undefined,
      'pool',
    ],
  ] as const)('%s %s answers 400', async (method, url, payload, field) => {
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors[0]?.field).toBe(field);
  });
});

describe('U+0000 in text', () => {
  it('is refused in a body, naming the field, and changes nothing', async () => {
    const res = await send('PATCH', 'user/info/update/', { first_name: 'Ada\u0000', last_name: 'Lovelace' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'first_name' }] });
    const info = await send('GET', 'user/info/');
    expect(info.json()).toMatchObject({ first_name: 'Grace', last_name: 'Brewster Hopper' });
  });

  it('is refused in a registration, which creates no account', async () => {
    const body = registerBody({ full_name: 'Nul\u0000 Person' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: body });
    expect(res.statusCode, res.body).toBe(400);
    const login = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/login/',
      headers: { authorization: basic(body.username, body.password) },
    });
    expect(login.statusCode).toBe(401);
  });

  it('is refused in a query string', async () => {
    const res = await send('GET', 'projects/search/?query=ab%00cd');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'query' }] });
  });

  it('in a Basic username is a failed sign-in, not an error', async () => {
    for (const url of ['/api/v1/user/login/', '/api/v1/user/info/']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: basic(`${user.username}\u0000`, user.password) },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(401);
    }
  });
});
