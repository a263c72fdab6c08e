import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { HttpRequestError } from 'viem';
import { redactSecrets, registerSecrets, secretsFromEnv } from '../../src/lib/error-text';
import { withLogRedaction } from '../../src/lib/log-redaction';
import { registerBody, closedPort, seedUniOnEthereum } from '../helpers';
import { cloneDatabase, type ClonedDatabase } from '../support/database';
import { spawnNode } from '../support/spawn';

/**
 * RPC URLs hold provider keys. The real server process runs with such URLs for real networks
 * whose node is down; a request and the indexer loops fail against it, and the WHOLE output of
 * the process (stdout and stderr: every log line, every error and its causes) must not contain
 * the keys, while it still says what failed.
 */

const PATH_KEY = 'SECRETKEY123';
const QUERY_KEY = 'SECRETQUERY456';
const clones: ClonedDatabase[] = [];

// The server and its DATA_DIR go when the test ends (support/spawn.ts); the seeded clone here.
afterAll(async () => {
  for (const clone of clones) await clone.drop();
});

async function waitFor(check: () => boolean, what: string, output: () => string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('secrets in RPC URLs', () => {
  it('never reach the log: a failing request and failing indexer ticks, errors and causes included', async () => {
    const port = await closedPort();
    const secretUrl = `http://127.0.0.1:${port}/v3/${PATH_KEY}?apikey=${QUERY_KEY}`;

    // A project and a pool on Ethereum, so the indexer loops of that network contact its node.
    const clone = await cloneDatabase();
    clones.push(clone);
    const db = await openDatabase({ kind: 'postgres', url: clone.url });
    const [user] = await db.db
      .insert(users)
      .values({ username: 'seeded-owner', email: 'seeded@example.com', passwordHash: 'x' })
      .returning();
    await seedUniOnEthereum(db.db, user!.id);
    await db.close();

    const env = {
      PORT: '0',
      LOG_LEVEL: 'trace',
      PASSWORD_HASH_COST: '10',
      DEVNET: 'off',
      INDEXER: 'on',
      RPC_URL_ETHEREUM: secretUrl,
      // Every other real network also points at the closed port: nothing leaves the machine.
      RPC_URL_BSC: secretUrl,
      RPC_URL_BASE: `http://127.0.0.1:${port}/`,
      RPC_URL_ARBITRUM: `http://127.0.0.1:${port}/`,
      RPC_URL_POLYGON: `http://127.0.0.1:${port}/`,
    };
    const { child, exited, output } = await spawnNode('src/main.ts', [], { database: { url: clone.url }, env });
    await waitFor(() => /running at http:\/\/\S+/.test(output()), 'the server to start', output);
    const base = /running at (http:\/\/[^\s]+)/.exec(output())![1]!.replace(/\/$/, '');

    const body = registerBody();
    expect(
      (
        await fetch(`${base}/api/v1/user/register/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(201);
    const login = await fetch(`${base}/api/v1/user/login/`, {
      headers: { authorization: `Basic ${Buffer.from(`${body.username}:${body.password}`).toString('base64')}` },
    });
    const { token } = (await login.json()) as { token: string };
    const info = await fetch(`${base}/api/v1/projects/get-token-info/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ network: 1, contract_address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984' }),
    });
    expect(info.status).toBe(503);
    const answer = await info.text();

    // The Ethereum loops fail against the node (pool indexer, holders, new-pool watch).
    await waitFor(
      () => /"network":"ethereum".*tick failed/.test(output()),
      'a failed indexer tick on ethereum',
      output,
    );
    const ready = await (await fetch(`${base}/ready`)).text();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const out = output();

    const everything = `${out}\n${answer}\n${ready}`;
    for (const secret of [PATH_KEY, QUERY_KEY]) {
      const at = everything.indexOf(secret);
      expect(at, `${secret} found in: …${everything.slice(Math.max(0, at - 300), at + 100)}…`).toBe(-1);
    }
    // And the log still says what failed, and where.
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const unreachable = lines.find((l) => l.msg === 'chain node unreachable');
    expect(unreachable, out).toBeDefined();
    expect(unreachable!.network).toBe('Ethereum');
    expect(JSON.stringify(unreachable!.err)).toContain(`127.0.0.1:${port}`);
    expect(JSON.stringify(unreachable!.err)).toMatch(/HTTP request failed|fetch failed|ECONNREFUSED/);
    const tick = lines.find(
      (l) => l.network === 'ethereum' && typeof l.msg === 'string' && l.msg.includes('tick failed'),
    );
    expect(tick!.msg).toMatch(/not reachable|failed|refused/i);
  }, 150_000);
});

describe('redactSecrets', () => {
  it('cuts path, query and user info of any URL, and leaves scheme and host', () => {
    expect(redactSecrets('URL: https://eth-mainnet.g.alchemy.com/v2/abcDEF123456 failed')).toBe(
      'URL: https://eth-mainnet.g.alchemy.com/… failed',
    );
    expect(redactSecrets('postgres://u:pw123456@db:5432/tokendesk')).toBe('postgres://…@db:5432/…');
    expect(redactSecrets('"url":"http://127.0.0.1:9/?apikey=zz"')).toBe('"url":"http://127.0.0.1:9/…"');
    expect(redactSecrets('no url here')).toBe('no url here');
  });
});

describe('the logger redaction', () => {
  it('covers an error logged alone, errors and URLs under any field, causes, and format arguments', async () => {
    const url = `https://rpc.example.org/v2/${PATH_KEY}?apikey=${QUERY_KEY}`;
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: withLogRedaction({ level: 'trace', stream }) });
    const viemError = new HttpRequestError({
      url,
      details: `fetch failed for ${url}`,
      cause: new Error(`connect to ${url} refused`),
    });
    app.log.error(viemError);
    app.log.warn(
      { err: viemError, error: new Error(url), nested: { list: [url], deeper: { url } } },
      'calling %s failed',
      url,
    );
    app.log.child({ network: 'ethereum' }).info(`tick failed: ${url}`);
    // A key outside any URL the pattern can see: cut because it is configured.
    registerSecrets(secretsFromEnv({ RPC_URL_EXAMPLE: url }));
    app.log.info({ echoed: `the node said: invalid key ${PATH_KEY}` }, 'echo');
    await app.close();
    expect(written.split('\n').filter(Boolean)).toHaveLength(4);
    expect(written).not.toContain(PATH_KEY);
    expect(written).not.toContain(QUERY_KEY);
    expect(written).toContain('https://rpc.example.org/…');
    expect(written).toContain('HTTP request failed');
    expect(written).toContain('"type":"HttpRequestError"');
    expect(written).toContain('refused');
  });
});

describe('a failed database statement in the log', () => {
  it('keeps the statement and its SQLSTATE, never its bound values (a password hash, an e-mail)', async () => {
    const clone = await cloneDatabase();
    clones.push(clone);
    const db = await openDatabase({ kind: 'postgres', url: clone.url });
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: withLogRedaction({ level: 'info', stream }) });
    try {
      const row = { username: 'same-name', email: 'owner-secret@example.com', passwordHash: 'scrypt$SECRETHASH789' };
      await db.db.insert(users).values(row);
      const failure = await db.db
        .insert(users)
        .values(row)
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failure).toBeInstanceOf(Error);
      // The raw error does carry the values: that is what must not reach the log.
      expect(String((failure as Error).message)).toContain('SECRETHASH789');
      app.log.error({ err: failure }, 'unhandled error');
      app.log.error(failure as Error);
    } finally {
      await app.close();
      await db.close();
    }
    expect(written.split('\n').filter(Boolean)).toHaveLength(2);
    expect(written).not.toContain('SECRETHASH789');
    expect(written).not.toContain('owner-secret@example.com');
    expect(written).toContain('insert into \\"users\\"');
    expect(written).toContain('params: [redacted]');
    expect(written).toContain('23505');
  });
});
