import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, registerBody } from './helpers';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null>; ready: Promise<string> } {
  // DEVNET=off: these tests are about the process and its database, not the chain.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '10', DEVNET: 'off', ...env };
  delete childEnv.DATABASE_URL; // this file is about the embedded database
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  // As `npm start` runs it: node with tsx's loader, so signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[^\s]+)/.exec(out);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${out}`));
    });
  });
  ready.catch(() => {});
  return { child, output: () => out, exited, ready };
}

async function start(env: Record<string, string>): Promise<Running> {
  const s = startServer(env);
  const url = await s.ready;
  return { child: s.child, url, output: s.output, exited: s.exited };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

const basicHeader = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe('the server process', () => {
  it('keeps data across a restart, locks its data directory, and shuts down cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-proc-'));
    const first = await start({ DATA_DIR: dataDir });
    children.push(first.child);

    const body = registerBody();
    const reg = await fetch(`${first.url}/api/v1/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(reg.status).toBe(201);
    expect(fs.existsSync(path.join(dataDir, 'tokendesk.lock'))).toBe(true);

    // A second server on the same directory must refuse, and must not disturb the first.
    const second = startServer({ DATA_DIR: dataDir });
    children.push(second.child);
    expect(await second.exited).toBe(75);
    expect(second.output()).toContain('is in use by another TokenDesk server');
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

    // Graceful stop: exit 0, lock released.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'tokendesk.lock'))).toBe(false);

    const third = await start({ DATA_DIR: dataDir });
    children.push(third.child);
    const login = await fetch(`${third.url}/api/v1/user/login/`, { headers: { authorization: basicHeader(body.username, GOOD_PASSWORD) } });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { email: string } }).user.email).toBe(body.email);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('finishes a request that is in flight when SIGTERM arrives', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-drain-'));
    // The production hash cost makes registration take a few hundred milliseconds: long enough
    // for the signal to land while the handler is still working.
    // LOG_LEVEL=info logs 'incoming request': the signal is sent once the server has the request.
    // A fixed delay raced on a busy machine: the request had not arrived yet, and a server that is
    // closing rightly refuses new requests with 503.
    const s = await start({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '17', LOG_LEVEL: 'info' });
    children.push(s.child);
    const body = registerBody();
    const pending = fetch(`${s.url}/api/v1/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const arrived = () => s.output().split('\n').some((line) => line.includes('incoming request') && line.includes('/api/v1/user/register/'));
    for (const deadline = Date.now() + 20_000; !arrived(); ) {
      if (Date.now() > deadline) throw new Error(`the register request never reached the server:\n${s.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    s.child.kill('SIGTERM');
    expect((await pending).status).toBe(201);
    expect(await s.exited).toBe(0);

    const again = await start({ DATA_DIR: dataDir });
    children.push(again.child);
    const login = await fetch(`${again.url}/api/v1/user/login/`, { headers: { authorization: basicHeader(body.username, GOOD_PASSWORD) } });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('takes over a lock left by a process that no longer exists', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-stale-'));
    fs.writeFileSync(path.join(dataDir, 'tokendesk.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), startedAt: 'then' }));
    const s = await start({ DATA_DIR: dataDir });
    children.push(s.child);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses bad configuration with a readable message', async () => {
    const s = startServer({ PORT: 'eighty', PASSWORD_HASH_COST: '3', DATA_DIR: os.tmpdir() });
    children.push(s.child);
    expect(await s.exited).toBe(78);
    expect(s.output()).toContain('Invalid configuration');
    expect(s.output()).toContain('PORT="eighty"');
    expect(s.output()).toContain('PASSWORD_HASH_COST="3"');
  }, 30_000);
});
