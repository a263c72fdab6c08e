import fs from 'node:fs';
import path from 'node:path';
import type { DevnetAddresses } from '@tokendesk/devchain';
import { inject } from 'vitest';

/**
 * The run's shared devnet (setup/devnet.ts) for a file that writes to the chain, instead of an
 * anvil of its own (a start and a full deployment each). Files run in parallel processes, and an
 * evm_revert undoes everything since its snapshot, whoever wrote it: so a writer takes a lock
 * shared by every worker (a directory made with mkdir, atomic), snapshots, and reverts and
 * unlocks when it is done. Readers that never write do not take it.
 */

export interface SharedChain {
  rpcUrl: string;
  addresses: DevnetAddresses;
  /** evm_revert to the snapshot taken at claim time, then unlock. Idempotent. */
  release(): Promise<void>;
}

async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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
      throw new Error(`shared devnet: ${who} waited ${Math.round(timeoutMs / 1000)} s for the chain-writer lock held by ${holder.who ?? '?'} (pid ${holder.pid ?? '?'}, since ${holder.at ?? '?'}) in ${lock}`);
    }
    await new Promise((r) => setTimeout(r, 200));
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
