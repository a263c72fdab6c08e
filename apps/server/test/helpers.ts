import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { inject } from 'vitest';
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

/**
 * A fresh app on a fresh database: PGlite in memory by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (the same suite runs against both).
 */
/** The shared test devnet (see setup/devnet.ts) plus the real networks (never contacted by tests). */
export function devnetChain(options: { rpcUrl?: string } = {}): ChainService {
  const devnet = inject('devnet');
  const network = devnetNetwork(options.rpcUrl ?? devnet.rpcUrl, devnet.addresses);
  // Tests read the chain right after writing to it, so nothing is cached between calls.
  return new ChainService(new NetworkRegistry([...REAL_NETWORKS, network]), { poolStateTtlMs: 0 });
}

export async function createTestContext(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: { chain?: ChainService; app?: Pick<AppOptions, 'logger' | 'metrics' | 'indexerStatus' | 'indexerRunning'> } = {},
): Promise<TestContext> {
  const adminUrl = process.env.DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `tokendesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite-memory' });
  }
  const config = testConfig(overrides);
  let offset = 0;
  const app = await buildApp({ config, database, logger: false, now: () => Date.now() + offset, chain: options.chain, ...options.app });
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
      await dropDatabase();
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
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
