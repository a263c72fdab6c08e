import fs from 'node:fs';
import path from 'node:path';
import type { DevnetAddresses } from '@tokendesk/devchain';
import { inject } from 'vitest';
import { processAlive as alive } from './processes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's devnet (apps/server/test/setup/devnet.ts); lockDir: where writers take the chain-writer lock. */
    devnet: { rpcUrl: string; addresses: DevnetAddresses; lockDir: string };
  }
}

/**
 * The run's shared devnet (apps/server/test/setup/devnet.ts) for a file that writes to the chain, instead of an
 * anvil of its own (a start and a full deployment each). Files run in parallel processes, and an
 * evm_revert undoes everything since its snapshot, whoever wrote it: so a writer takes a lock
 * shared by every worker (a directory made with mkdir, atomic), snapshots, and reverts and
 * unlocks when it is done.
 *
 * A file that only reads the chain must not see a writer's swaps, blocks or revert either (its
 * counts and prices are those of the seeded chain): it registers as a reader for its whole run
 * (apps/server/test/setup/chain-readers.ts does so for every file that uses the devnet without claiming it). A
 * writer waits until no reader is registered, and readers wait while a writer holds the lock:
 * readers run side by side, a writer runs alone on the chain.
 */

export interface SharedChain {
  rpcUrl: string;
  addresses: DevnetAddresses;
  /** evm_revert to the snapshot taken at claim time, then unlock. Idempotent. */
  release(): Promise<void>;
}

async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readersDir = (lockDir: string) => path.join(lockDir, 'chain-readers');
/** One file per registered reader: `<pid>-<random>.json`, holding who it is. */
const readerPid = (file: string) => Number(file.split('-')[0]);

/** Registered readers other than this process, after removing those whose process is gone. */
function otherReaders(lockDir: string): string[] {
  const dir = readersDir(lockDir);
  const out: string[] = [];
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = readerPid(file);
    if (pid === process.pid) continue;
    if (!alive(pid)) {
      fs.rmSync(path.join(dir, file), { force: true }); // a worker that died while reading
      continue;
    }
    out.push(file);
  }
  return out;
}

/** The live holder of the writer lock, or null (a dead holder's lock is removed, as in claimSharedChain). */
function writerHolder(lockDir: string): { pid?: number; who?: string; at?: string } | null {
  const lock = path.join(lockDir, 'chain-writer');
  if (!fs.existsSync(lock)) return null;
  let holder: { pid?: number; who?: string; at?: string } = {};
  try {
    holder = JSON.parse(fs.readFileSync(path.join(lock, 'owner.json'), 'utf8'));
  } catch {
    return {}; // being written, or being removed
  }
  if (holder.pid && !alive(holder.pid)) {
    console.warn(`shared devnet: lock of dead process ${holder.pid} (${holder.who}) taken over`);
    fs.rmSync(lock, { recursive: true, force: true });
    return null;
  }
  return holder;
}

/**
 * Registers this process as a reader of the shared devnet once no writer holds it; the returned
 * function unregisters (idempotent). A writer that takes the lock after this waits for it.
 */
export async function readSharedChain(who: string, timeoutMs = 8 * 60_000): Promise<() => void> {
  const { lockDir } = inject('devnet');
  const dir = readersDir(lockDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  const started = Date.now();
  for (;;) {
    const holder = writerHolder(lockDir);
    if (!holder) {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, who, at: new Date().toISOString() }));
      // A writer that took the lock between the check and the write may have counted the
      // readers already: step back and wait for it.
      if (!writerHolder(lockDir)) break;
      fs.rmSync(file, { force: true });
    } else if (Date.now() - started > timeoutMs) {
      throw new Error(
        `shared devnet: reader ${who} waited ${Math.round(timeoutMs / 1000)} s for the writer ${holder.who ?? '?'} (pid ${holder.pid ?? '?'}, since ${holder.at ?? '?'})`,
      );
    }
    await sleep(100);
  }
  const release = () => fs.rmSync(file, { force: true });
  process.once('exit', release);
  return release;
}

/** Waits (up to `timeoutMs`) for the chain-writer lock, snapshots the chain, and hands it over. */
export async function claimSharedChain(who: string, timeoutMs = 8 * 60_000): Promise<SharedChain> {
  const devnet = inject('devnet');
  const lock = path.join(devnet.lockDir, 'chain-writer');
  const owner = path.join(lock, 'owner.json');
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(owner, JSON.stringify({ pid: process.pid, who, at: new Date().toISOString() }));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: { pid?: number; who?: string; at?: string } = {};
    try {
      holder = JSON.parse(fs.readFileSync(owner, 'utf8'));
    } catch {
      // being written, or being removed
    }
    // A worker that died holding it (killed run, crash): its revert never happened, but nothing
    // else will fix the chain either; take the lock and say so.
    if (holder.pid && !alive(holder.pid)) {
      console.warn(`shared devnet: lock of dead process ${holder.pid} (${holder.who}) taken over`);
      fs.rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `shared devnet: ${who} waited ${Math.round(timeoutMs / 1000)} s for the chain-writer lock held by ${holder.who ?? '?'} (pid ${holder.pid ?? '?'}, since ${holder.at ?? '?'}) in ${lock}`,
      );
    }
    await sleep(200);
  }
  // Readers already at work finish first; new ones wait for this lock to go.
  for (let readers = otherReaders(devnet.lockDir); readers.length > 0; readers = otherReaders(devnet.lockDir)) {
    if (Date.now() - started > timeoutMs) {
      fs.rmSync(lock, { recursive: true, force: true });
      throw new Error(
        `shared devnet: ${who} waited ${Math.round(timeoutMs / 1000)} s for the readers ${readers.join(', ')} to finish`,
      );
    }
    await sleep(100);
  }
  let snapshot: string;
  try {
    snapshot = await rpc<string>(devnet.rpcUrl, 'evm_snapshot');
  } catch (err) {
    fs.rmSync(lock, { recursive: true, force: true });
    throw err;
  }
  let released: Promise<void> | null = null;
  return {
    rpcUrl: devnet.rpcUrl,
    addresses: devnet.addresses,
    release: () =>
      (released ??= (async () => {
        try {
          const ok = await rpc<boolean>(devnet.rpcUrl, 'evm_revert', [snapshot]);
          if (!ok) throw new Error(`shared devnet: evm_revert(${snapshot}) refused after ${who}`);
        } finally {
          fs.rmSync(lock, { recursive: true, force: true });
        }
      })()),
  };
}
