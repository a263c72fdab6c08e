import type { Alert, ChannelWithSecret, Ticket } from '@tokendesk/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { pools, projects } from '../../src/db/schema';
import { requester, signUp, wethPoolRow } from '../helpers';

/**
 * The factories of the server tests (epic-stack's db-utils is the model): one way to make each
 * thing a test needs. Rows the API would verify against the chain (projects, pools) are written to
 * the table directly; what the API makes from a request alone (alerts, tickets, channels) is made
 * through it, as the user, and must answer 201. Users: createUser() registers and signs in.
 */

export const createUser = signUp;
export type TestUser = Awaited<ReturnType<typeof signUp>>;

let seq = 0;
/**
 * A lower-case address no other call of this worker returns (the tables hold addresses lower case,
 * decision 0027). Each context has a database of its own, so uniqueness within the worker is enough.
 */
export function uniqueAddress(): string {
  seq += 1;
  return `0x${(0xfac70000 + seq).toString(16).padStart(40, '0')}`;
}

type ProjectRow = typeof projects.$inferInsert;
type PoolRow = typeof pools.$inferInsert;

/** A project of `userId` on the devnet, at an address of its own. */
export async function createProject(db: Db, userId: number, overrides: Partial<ProjectRow> = {}) {
  const n = seq + 1;
  const [project] = await db
    .insert(projects)
    .values({
      userId,
      networkId: 31337,
      contractAddress: uniqueAddress(),
      name: `Project ${n}`,
      tokenSymbol: `P${n}`,
      tokenDecimal: 18,
      ...overrides,
    })
    .returning();
  return project!;
}

/**
 * A pool of `userId`: by default a Uniswap V2 pool with WETH (wethPoolRow), in a new project of
 * its own (`project`: that project's fields) or in `projectId`'s.
 */
export async function createPool(
  db: Db,
  userId: number,
  overrides: Partial<PoolRow> & { project?: Partial<ProjectRow> } = {},
) {
  const { project: projectFields, ...poolFields } = overrides;
  const projectId =
    poolFields.projectId ??
    (await createProject(db, userId, { networkId: poolFields.networkId ?? 31337, ...projectFields })).id;
  const [pool] = await db
    .insert(pools)
    .values({
      ...wethPoolRow({
        projectId,
        userId,
        networkId: 31337,
        poolAddress: uniqueAddress(),
        pairedTokenAddress: uniqueAddress(),
      }),
      ...poolFields,
    })
    .returning();
  return pool!;
}

/** An alert created through the API as the user of `token`. */
export async function createAlert(app: FastifyInstance, token: string, payload: object): Promise<Alert> {
  const res = await requester(() => app)(token, 'POST', 'projects/alerts/', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Alert;
}

/** A support ticket opened through the API. */
export async function createTicket(
  app: FastifyInstance,
  token: string,
  payload: { project: number; subject: string; message: string },
): Promise<Ticket> {
  const res = await requester(() => app)(token, 'POST', 'user/tickets/create/', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Ticket;
}

/** A notification channel created through the API; the answer carries its secret, once. */
export async function createChannel(app: FastifyInstance, token: string, payload: object): Promise<ChannelWithSecret> {
  const res = await requester(() => app)(token, 'POST', 'account/channels/', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChannelWithSecret;
}

/**
 * A devnet Uniswap V2 pool of `projectToken` with USDC or WETH, as attaching writes it
 * (features/pools/attach.ts), for files that must not depend on the pool answer's live figures.
 */
export async function createDevnetV2Pool(
  db: Db,
  userId: number,
  at: { projectId: number; projectToken: string; token: 'usdc' | 'weth'; pairedAddress: string; pool: string },
) {
  const weth = at.token === 'weth';
  return createPool(db, userId, {
    projectId: at.projectId,
    tokenId: at.token,
    pairedTokenAddress: at.pairedAddress.toLowerCase(),
    pairedTokenSymbol: at.token.toUpperCase(),
    pairedTokenName: weth ? 'Wrapped Ether' : 'USD Coin',
    pairedTokenDecimals: weth ? 18 : 6,
    poolAddress: at.pool.toLowerCase(),
    projectIsToken0: at.projectToken.toLowerCase() < at.pairedAddress.toLowerCase(),
  });
}
