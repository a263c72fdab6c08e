import { alertMessages, numberMessages, projectMessages, ticketMessages } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, pools, projects, tickets } from '../../src/db/schema';
import { createTestContext, devnetChain, signUp, type TestContext, requester, type Method } from '../helpers';
import * as make from '../support/factories';
import { createPool } from '../support/factories';

/**
 * Strict input types (decision 0022): a number is a JSON number or plain decimal text, a path id
 * positive decimal digits. Booleans, hex, exponents, padding and arrays used to be run through
 * Number() and stored ("min_amount": true as 1, "cooldown_minutes": "0x1" as 1, "network": true as
 * Ethereum, DELETE projects/alerts/0x10 deleted alert 16). Each is now a 400 with the field's own
 * message that changes nothing; plain decimal text still works, and a well-formed foreign id is 404.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let projectId: number;
let poolId: number;
let alertId: number;
let otherAlertId: number;

const seedPool = async (userId: number) => {
  const pool = await createPool(ctx.app.db, userId);
  return { projectId: pool.projectId, poolId: pool.id };
};

const call = requester(() => ctx.app);

const createAlert = (token: string, pool: number) =>
  make.createAlert(ctx.app, token, { kind: 'large_swap', pool_id: pool, min_amount: 5 });

/** Everything the owner has, as rows: a refused request must leave it exactly as it was. */
async function ownerState() {
  const [a, p, pl, t] = await Promise.all([
    ctx.app.db.select().from(alerts).where(eq(alerts.userId, owner.userId)),
    ctx.app.db.select().from(projects).where(eq(projects.userId, owner.userId)),
    ctx.app.db.select().from(pools).where(eq(pools.userId, owner.userId)),
    ctx.app.db.select().from(tickets).where(eq(tickets.userId, owner.userId)),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((x, y) => x.id - y.id);
  return JSON.stringify([byId(a), byId(p), byId(pl), byId(t)]);
}

beforeAll(async () => {
  // The devnet registry names networks and DEXes; nothing here reaches a chain.
  ctx = await createTestContext({}, { chain: devnetChain() });
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  ({ projectId, poolId } = await seedPool(owner.userId));
  const foreign = await seedPool(other.userId);
  alertId = (await createAlert(owner.token, poolId)).id;
  otherAlertId = (await createAlert(other.token, foreign.poolId)).id;
});
afterAll(async () => {
  await ctx.close();
});

async function expectRefused(method: Method, url: string, payload: object | undefined, field: string, message: string) {
  const before = await ownerState();
  const res = await call(owner.token, method, url, payload);
  expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(400);
  const body = res.json() as { detail: string; errors: { field: string; message: string }[] };
  expect(body.errors[0], JSON.stringify(payload)).toEqual({ field, message });
  expect(body.detail).toBe(message);
  expect(await ownerState()).toBe(before);
}

const TRICKS: [string, unknown][] = [
  ['a boolean', true],
  ['false', false],
  ['hex text', '0x1'],
  ['an exponent', '1e1'],
  ['a leading plus', '+5'],
  ['padding', ' 5'],
  ['an empty string', ''],
  ['an array', [5]],
  ['an object', { value: 5 }],
  ['Infinity as text', 'Infinity'],
  ['a comma decimal', '5,5'],
];

describe('numbers in bodies', () => {
  const m = alertMessages;
  it.each(TRICKS)('alert fields refuse %s', async (_what, value) => {
    const base = { kind: 'price_move', pool_id: poolId, threshold_pct: 5, window_minutes: 60, cooldown_minutes: 30 };
    await expectRefused('POST', 'projects/alerts/', { ...base, pool_id: value }, 'pool_id', m.poolRequired);
    await expectRefused(
      'POST',
      'projects/alerts/',
      { ...base, threshold_pct: value },
      'threshold_pct',
      m.thresholdRange,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { ...base, window_minutes: value },
      'window_minutes',
      m.windowRange,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { ...base, cooldown_minutes: value },
      'cooldown_minutes',
      m.cooldownMin,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'large_swap', pool_id: poolId, min_amount: value },
      'min_amount',
      m.minAmountPositive,
    );
    await expectRefused(
      'PATCH',
      `projects/alerts/${alertId}/`,
      { min_amount: value },
      'min_amount',
      m.minAmountPositive,
    );
    await expectRefused(
      'PATCH',
      `projects/alerts/${alertId}/`,
      { cooldown_minutes: value },
      'cooldown_minutes',
      m.cooldownMin,
    );
  });

  it('the findings: "min_amount": true and "cooldown_minutes": "0x1" are refused, not stored as 1', async () => {
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'large_swap', pool_id: poolId, min_amount: true },
      'min_amount',
      m.minAmountPositive,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'large_swap', pool_id: poolId, min_amount: 5, cooldown_minutes: '0x1' },
      'cooldown_minutes',
      m.cooldownMin,
    );
  });

  it('range and whole-number checks keep their messages for plain decimal text', async () => {
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'price_move', pool_id: poolId, threshold_pct: '0.05', window_minutes: 60 },
      'threshold_pct',
      m.thresholdRange,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'price_move', pool_id: poolId, threshold_pct: 5, window_minutes: '1.5' },
      'window_minutes',
      m.windowRange,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'large_swap', pool_id: poolId, min_amount: '-5' },
      'min_amount',
      m.minAmountPositive,
    );
    await expectRefused(
      'POST',
      'projects/alerts/',
      { kind: 'large_swap', pool_id: poolId, min_amount: 5, cooldown_minutes: '0' },
      'cooldown_minutes',
      m.cooldownMin,
    );
  });

  it('accepts JSON numbers and plain decimal text, as the forms send them', async () => {
    const res = await call(owner.token, 'POST', 'projects/alerts/', {
      kind: 'price_move',
      pool_id: String(poolId),
      threshold_pct: '5.5',
      window_minutes: '60',
      cooldown_minutes: '30',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      pool_id: poolId,
      threshold_pct: '5.5',
      window_minutes: 60,
      cooldown_minutes: 30,
    });
    const patched = await call(owner.token, 'PATCH', `projects/alerts/${alertId}/`, {
      min_amount: '0.25',
      cooldown_minutes: 90,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ min_amount: '0.25', cooldown_minutes: 90 });
  });

  it('"network": true no longer names Ethereum, and decimals are refused as hex or exponent', async () => {
    const p = projectMessages;
    const address = '0x0000000000000000000000000000000000009999';
    const body = { network: 31337, contract_address: address, name: 'New', token_symbol: 'NEW', token_decimal: 18 };
    for (const network of [true, '0x7a69', '3.1337e4', [31337]]) {
      await expectRefused(
        'POST',
        'projects/get-token-info/',
        { network, contract_address: address },
        'network',
        p.networkRequired,
      );
      await expectRefused('POST', 'projects/create/', { ...body, network }, 'network', p.networkRequired);
    }
    for (const decimals of [true, '0x12', '1.8e1', ' 18', '']) {
      await expectRefused(
        'POST',
        'projects/create/',
        { ...body, token_decimal: decimals },
        'token_decimal',
        p.decimalsRequired,
      );
    }
    await expectRefused(
      'POST',
      'projects/create/',
      { ...body, token_decimal: '18.5' },
      'token_decimal',
      p.decimalsInvalid,
    );
  });

  it('ticket and pool-address ids refuse the same tricks', async () => {
    for (const [, value] of TRICKS) {
      await expectRefused(
        'POST',
        'user/tickets/create/',
        { project: value, subject: 'Hi', message: 'There' },
        'project',
        ticketMessages.projectRequired,
      );
      await expectRefused(
        'POST',
        'projects/get-pool-address/',
        { project_id: value, dex_id: 'uniswap-v2', token_id: 'weth' },
        'project_id',
        numberMessages.invalidId,
      );
    }
    const ok = await call(owner.token, 'POST', 'user/tickets/create/', {
      project: String(projectId),
      subject: 'Hi',
      message: 'There',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('numbers in query strings', () => {
  it.each([
    ['projects/activity/?limit=1e1', 'limit'],
    ['projects/activity/?limit=0x10', 'limit'],
    ['projects/activity/?limit=%2010', 'limit'],
    ['projects/activity/?limit=', 'limit'],
    ['projects/activity/?project=0x1', 'project'],
    ['projects/activity/?pool=true', 'pool'],
    ['projects/activity/export/?pool=1e0&from=2025-01-01T00:00:00Z&to=2025-01-02T00:00:00Z', 'pool'],
    ['user/tickets/?limit=2e1', 'limit'],
    ['projects/pool/prices/?limit=0x32', 'limit'],
  ])('GET %s answers 400', async (url, field) => {
    const res = await call(owner.token, 'GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors[0]?.field).toBe(field);
  });

  it('plain decimal text works', async () => {
    for (const url of [
      'projects/activity/?limit=10',
      `projects/activity/?project=${projectId}`,
      'user/tickets/?limit=20',
      'projects/pool/prices/?limit=50',
    ]) {
      const res = await call(owner.token, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});

describe('path ids', () => {
  const forms = (id: number) => [
    `0x${id.toString(16)}`,
    `0${id}`,
    `+${id}`,
    `${id}.0`,
    `${id}e0`,
    `%20${id}`,
    `-${id}`,
    '0',
    '2147483648',
    '99999999999',
    'abc',
  ];

  it('the finding: DELETE projects/alerts/0x… is refused and the alert stays', async () => {
    for (const bad of forms(alertId))
      await expectRefused('DELETE', `projects/alerts/${bad}/`, undefined, 'id', numberMessages.invalidId);
    const still = await call(owner.token, 'GET', `projects/alerts/${alertId}/`);
    expect(still.statusCode).toBe(200);
  });

  it.each([
    ['GET', (id: string) => `projects/${id}/`],
    ['GET', (id: string) => `projects/${id}/pools/`],
    ['GET', (id: string) => `projects/${id}/holders/`],
    ['GET', (id: string) => `projects/alerts/${id}/`],
    ['POST', (id: string) => `projects/alerts/${id}/pause/`],
    ['GET', (id: string) => `user/tickets/${id}/`],
    ['GET', (id: string) => `projects/user/pools/funds/${id}/`],
    ['GET', (id: string) => `projects/network/${id}/`],
    ['DELETE', (id: string) => `projects/pool/delete/${id}/`],
  ] as const)('%s %s refuses every non-decimal form', async (method, url) => {
    for (const bad of forms(projectId)) {
      const res = await call(owner.token, method, url(bad), method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${url(bad)}: ${res.body}`).toBe(400);
      expect((res.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('id');
    }
  });

  it('a well-formed id of another user still answers 404, and the network route reads decimal ids', async () => {
    const res = await call(owner.token, 'DELETE', `projects/alerts/${otherAlertId}/`);
    expect(res.statusCode).toBe(404);
    expect((await call(owner.token, 'GET', 'projects/alerts/2147483647/')).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', 'projects/network/31337/')).statusCode).toBe(200);
    expect((await call(other.token, 'GET', `projects/alerts/${otherAlertId}/`)).statusCode).toBe(200);
  });
});
