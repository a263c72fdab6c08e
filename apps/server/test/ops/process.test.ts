import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { GOOD_PASSWORD, registerBody } from '../helpers';
import { serverUrl, spawnServer, tempDir, type SpawnOptions, type SpawnedProcess } from '../support/spawn';

/**
 * The server as a process on the embedded default (its own cluster in DATA_DIR/pg): what these
 * tests are about is the data directory, its lock and the process's signals, so no clone here.
 * support/spawn.ts kills whatever a test leaves running when it ends, so a failed or timed-out
 * test never leaves a server holding a lock.
 *
 * The tests run concurrently (each on its own data directory): most of their time is spent
 * waiting for servers to start and stop. Each passes its own context to the spawn helpers, so
 * that its children are cleaned up when IT ends.
 */

interface Running extends SpawnedProcess {
  url: string;
}

// DEVNET=off (spawnServer's default): these tests are about the process and its database, not the chain.
const startServer = (test: TestContext, env: Record<string, string>, options: SpawnOptions = {}) =>
  spawnServer({ database: 'embedded', test, ...options, env: { LOG_LEVEL: 'warn', ...env } });

async function start(test: TestContext, dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const s = await startServer(test, env, { dataDir });
  return Object.assign(s, { url: await serverUrl(s) });
}

const basicHeader = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe.concurrent('the server process', () => {
  it('keeps data across a restart, locks its data directory, and shuts down cleanly', async (test) => {
    const { expect } = test;
    const dataDir = tempDir('tokendesk-proc-', test);
    const first = await start(test, dataDir);

    const body = registerBody();
    const reg = await fetch(`${first.url}/api/v1/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(reg.status).toBe(201);
    expect(fs.existsSync(path.join(dataDir, 'tokendesk.lock'))).toBe(true);

    // A second server on the same directory must refuse, and must not disturb the first.
    const second = await startServer(test, {}, { dataDir });
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain('is in use by another TokenDesk server');
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

    // Graceful stop: exit 0, lock released.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'tokendesk.lock'))).toBe(false);

    const third = await start(test, dataDir);
    const login = await fetch(`${third.url}/api/v1/user/login/`, {
      headers: { authorization: basicHeader(body.username, GOOD_PASSWORD) },
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(body.email);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it('finishes a request that is in flight when SIGTERM arrives', async (test) => {
    const { expect } = test;
    const dataDir = tempDir('tokendesk-drain-', test);
    // The production hash cost makes registration take a few hundred milliseconds: long enough
    // for the signal to land while the handler is still working.
    // LOG_LEVEL=info logs 'incoming request': the signal is sent once the server has the request.
    // A fixed delay raced on a busy machine: the request had not arrived yet, and a server that is
    // closing rightly refuses new requests with 503.
    // SHUTDOWN_TIMEOUT_MS raised: on a busy machine that one hash can outlast the default 10 s
    // drain window, and the server then rightly cuts the request; the drain is what is tested here.
    const s = await start(test, dataDir, { PASSWORD_HASH_COST: '17', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '90000' });
    const body = registerBody();
    const pending = fetch(`${s.url}/api/v1/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const arrived = () =>
      s
        .output()
        .split('\n')
        .some((line) => line.includes('incoming request') && line.includes('/api/v1/user/register/'));
    for (const deadline = Date.now() + 20_000; !arrived(); ) {
      if (Date.now() > deadline) throw new Error(`the register request never reached the server:\n${s.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    s.child.kill('SIGTERM');
    expect((await pending).status).toBe(201);
    expect(await s.exited, s.output()).toBe(0);

    const again = await start(test, dataDir);
    const login = await fetch(`${again.url}/api/v1/user/login/`, {
      headers: { authorization: basicHeader(body.username, GOOD_PASSWORD) },
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);

  it('takes over a lock left by a process that no longer exists', async (test) => {
    const { expect } = test;
    const dataDir = tempDir('tokendesk-stale-', test);
    fs.writeFileSync(
      path.join(dataDir, 'tokendesk.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), startedAt: 'then' }),
    );
    const s = await start(test, dataDir);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited, s.output()).toBe(0);
  }, 180_000);

  it('refuses bad configuration with a readable message', async (test) => {
    const { expect } = test;
    const s = await startServer(test, { PORT: 'eighty', PASSWORD_HASH_COST: '3' }, { dataDir: os.tmpdir() });
    expect(await s.exited).toBe(78);
    expect(s.output()).toContain('Invalid configuration');
    expect(s.output()).toContain('PORT="eighty"');
    expect(s.output()).toContain('PASSWORD_HASH_COST="3"');
  }, 120_000); // generous: it runs beside three tests that start servers
});
