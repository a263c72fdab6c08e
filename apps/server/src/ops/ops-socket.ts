import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../db/client';

/**
 * The control socket of a running server with the embedded database: a Unix socket in DATA_DIR
 * (mode 0600) through which `npm run backup` asks the process that holds the data directory for
 * a consistent copy. It is reachable only on this machine, only by the server's own user, and
 * never through the HTTP port or a proxy (docs/decisions/0009-online-backup.md).
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'tokendesk.sock');

/** Linux allows 107 bytes in a socket path, macOS 103. */
export const MAX_SOCKET_PATH_BYTES = 100;

export interface OpsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OpsSocket {
  path: string;
  close(): Promise<void>;
}

/** Starts the socket; null (with a warning) when DATA_DIR's path is too long for one. */
export async function startOpsSocket(dataDir: string, database: Database, log: OpsLogger): Promise<OpsSocket | null> {
  const socketPath = opsSocketPath(dataDir);
  const backup = database.backup;
  if (!backup) return null;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn({ socketPath }, 'online backup is off: the DATA_DIR path is too long for a Unix socket; stop the server to take a backup');
    return null;
  }
  // Left by a process that crashed; we hold the data-dir lock, so no live server owns it.
  fs.rmSync(socketPath, { force: true });

  // One backup at a time: each holds the whole archive in memory.
  let queue: Promise<unknown> = Promise.resolve();
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only POST /backup is served here.\n');
      return;
    }
    const started = Date.now();
    const job = queue.then(() => backup.call(database));
    queue = job.catch(() => {});
    job.then(
      (archive) => {
        log.info({ bytes: archive.byteLength, ms: Date.now() - started }, 'backup taken over the control socket');
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.byteLength, 'x-backup-taken-at': new Date().toISOString() }).end(archive);
      },
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`The server could not take a backup: ${(err as Error).message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    // Stops accepting, lets a backup in progress finish and send its archive, then removes the socket.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).finally(() => fs.rmSync(socketPath, { force: true })),
  };
}

/** Asks the running server for a backup; null when no server answers on the socket. */
export function requestBackup(dataDir: string): Promise<{ archive: Uint8Array; takenAt: string } | null> {
  const socketPath = opsSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200) return reject(new Error(body.toString('utf8').trim() || `status ${res.statusCode}`));
        resolve({ archive: new Uint8Array(body), takenAt: String(res.headers['x-backup-taken-at'] ?? '') });
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end();
  });
}
