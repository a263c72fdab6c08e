import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const LOCK_FILE = 'tokendesk.lock';

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** Whether a process with this pid exists (ours or another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on DATA_DIR: one server owns the embedded PostgreSQL in DATA_DIR/pg (it starts,
 * supervises and stops the cluster, and treats a postmaster left on it as its own orphan), so a
 * second server must refuse to start. The lock file holds the owner's pid; a lock left by a
 * crashed process (pid gone) is taken over. The admin CLI, refused here, reaches a running
 * server's cluster through its socket instead (cli.ts). A cluster kept outside DATA_DIR (under
 * /var/lib/tokendesk, cluster-place.ts) has the same lock in its own directory too; `what` names
 * the directory in the refusal.
 */
export function acquireDataDirLock(dataDir: string, what = 'data directory'): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      return () => {
        // Only our own lock: the directory may have been removed and taken by another server since.
        if (holdsDataDirLock(dataDir)) fs.rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockOwner | null = null;
      try {
        owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
      } catch {
        owner = null; // unreadable or half-written: treat as stale
      }
      if (owner && owner.host === me.host && owner.pid !== me.pid && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `The ${what} ${dataDir} is in use by another TokenDesk server (pid ${owner.pid}, started ${owner.startedAt}). ` +
            'Stop that server first, or start this one with a different DATA_DIR.',
        );
      }
      if (owner && owner.host !== me.host) {
        throw new DataDirLockedError(
          `The ${what} ${dataDir} is locked by a TokenDesk server on host ${owner.host} (pid ${owner.pid}). ` +
            `If that server is gone, delete ${lockPath} and start again.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the ${what} ${dataDir}.`);
}

/**
 * Whether DATA_DIR's lock file still names this process. False once the directory was removed
 * under the running server, or removed and then taken by another server: the embedded cluster's
 * supervisor asks before it starts a postmaster that died again (embedded-postgres.ts).
 */
export function holdsDataDirLock(dataDir: string): boolean {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as LockOwner;
    return owner.pid === process.pid && owner.host === os.hostname();
  } catch {
    return false;
  }
}
