import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { pools, projects } from '../src/db/schema';
import { inject } from 'vitest';
import { cloneDatabase } from './support/database';
import { ChainService } from '../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../src/chain/networks';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Moves the clock the auth layer sees (expiry, rate-limit windows). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The shared test devnet (see setup/devnet.ts) plus the real networks (never contacted by tests). */
export function devnetChain(options: { rpcUrl?: string } = {}): ChainService {
  const devnet = inject('devnet');
  const network = devnetNetwork(options.rpcUrl ?? devnet.rpcUrl, devnet.addresses);
  // Tests read the chain right after writing to it, so nothing is cached between calls.
  return new ChainService(new NetworkRegistry([...REAL_NETWORKS, network]), { poolStateTtlMs: 0 });
}

/**
 * A fresh app on a fresh database: a clone of the run's migrated template database on the test
 * PostgreSQL (the embedded cluster of setup/postgres.ts, or DATABASE_URL's server).
 */
export async function createTestContext(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: {
    chain?: ChainService;
    app?: Pick<AppOptions, 'logger' | 'metrics' | 'indexerStatus' | 'indexerRunning'>;
  } = {},
): Promise<TestContext> {
  // A copy of the run's migrated template (setup/postgres.ts): the embedded test cluster, or
  // the PostgreSQL of DATABASE_URL in CI's second run.
  const clone = await cloneDatabase();
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: clone.url });
  } catch (err) {
    await clone.drop();
    throw err;
  }
  const config = testConfig(overrides);
  let offset = 0;
  const app = await buildApp({
    config,
    database,
    logger: false,
    now: () => Date.now() + offset,
    chain: options.chain,
    ...options.app,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await database.close();
      await clone.drop();
    },
  };
}

let counter = 0;
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}

export const GOOD_PASSWORD = 'violet-harbour-92-lantern';

export function registerBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName();
  return {
    full_name: 'Grace Brewster Hopper',
    email: `${username}@example.com`,
    username,
    password: GOOD_PASSWORD,
    confirm_password: GOOD_PASSWORD,
    accept_terms: true,
    ...overrides,
  };
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

export const bearer = (token: string) => `Bearer ${token}`;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The request helper of the server tests: `url` below /api/v1/, as the user whose bearer `token`
 * it gets (null: signed out; `{ authorization }`: that header as is, Basic or a made-up one), with
 * a JSON `payload` when one is given. `app` is read at each call,
 * since most files build their context in beforeAll, after the helper is made.
 */
export function requester(app: () => FastifyInstance) {
  return (token: string | { authorization: string } | null, method: Method, url: string, payload?: unknown) =>
    app().inject({
      method,
      url: `/api/v1/${url}`,
      headers: typeof token === 'string' ? { authorization: bearer(token) } : (token ?? {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** requester() for one signed-in user: `token` is read at each call too. */
export function requesterAs(app: () => FastifyInstance, token: () => string) {
  const request = requester(app);
  return (method: Method, url: string, payload?: unknown) => request(token(), method, url, payload);
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** Registers a user and signs in; returns the credentials and a bearer token. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registerBody(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({
    method: 'GET',
    url: '/api/v1/user/login/',
    headers: { authorization: basic(body.username as string, body.password as string) },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const { token, user } = login.json() as { token: string; user: { id: number } };
  return { ...body, username: body.username as string, password: body.password as string, token, userId: user.id };
}

/** A loopback port where nothing listens: a node that refuses every connection, at once. */
export { closedPort } from '@tokendesk/testkit/free-port';

/**
 * A pool row for seeding the table directly, where the API would read the chain to verify the
 * pool: a Uniswap V2 pool with the project's token as token0, paired with WETH.
 */
export function wethPoolRow(row: {
  projectId: number;
  userId: number;
  networkId: number;
  poolAddress: string;
  pairedTokenAddress: string;
  createdAt?: Date;
}): typeof pools.$inferInsert {
  return {
    dexId: 'uniswap-v2',
    tokenId: 'weth',
    pairedTokenSymbol: 'WETH',
    pairedTokenName: 'Wrapped Ether',
    pairedTokenDecimals: 18,
    poolVersion: 'v2',
    fee: null,
    projectIsToken0: true,
    ...row,
  };
}

/**
 * UNI and its WETH pool on Ethereum, written directly (the API would need the node, which the
 * tests that use it keep down on purpose): the indexer loops of Ethereum then contact its node.
 * Addresses as the tables hold them, lower case (decision 0027).
 */
export async function seedUniOnEthereum(db: Db, userId: number) {
  const [project] = await db
    .insert(projects)
    .values({
      userId,
      networkId: 1,
      contractAddress: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
      name: 'Uniswap',
      tokenSymbol: 'UNI',
      tokenDecimal: 18,
    })
    .returning();
  await db.insert(pools).values(
    wethPoolRow({
      projectId: project!.id,
      userId,
      networkId: 1,
      pairedTokenAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
      poolAddress: '0xd3d2e2692501a5c9ca623199d38826e513033a17',
    }),
  );
  return project!;
}
