import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeLogicalBackup } from '../db/logical-backup';

/**
 * The control socket of a running server with the embedded database: a Unix socket in DATA_DIR
 * (mode 0600) through which `npm run backup` asks the process that holds the data directory for
 * a logical backup of its database (db/logical-backup.ts), streamed back as it is written. It is
 * reachable only on this machine, only by the server's own user, and never through the HTTP port
 * or a proxy (docs/decisions/0009-online-backup.md, 0025-backup-and-import.md).
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'tokendesk.sock');

/** Linux allows 107 bytes in a socket path, macOS 103. */
export const MAX_SOCKET_PATH_BYTES = 100;

/** Sent as HTTP trailers once the whole backup is out: a body without them is incomplete. */
const STATUS_TRAILER = 'x-backup-status';
const ROWS_TRAILER = 'x-backup-rows';

export interface OpsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OpsSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Starts the socket for the database at `databaseUrl` (the embedded cluster's app database); null
 * (with a warning) when DATA_DIR's path is too long for one.
 */
export async function startOpsSocket(dataDir: string, databaseUrl: string, log: OpsLogger): Promise<OpsSocket | null> {
  const socketPath = opsSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      { socketPath },
      'online backup is off: the DATA_DIR path is too long for a Unix socket; stop the server to take a backup',
    );
    return null;
  }
  // Left by a process that crashed; we hold the data-dir lock, so no live server owns it.
  fs.rmSync(socketPath, { force: true });

  // One backup at a time: each holds a connection and a snapshot open for as long as it runs.
  let queue: Promise<unknown> = Promise.resolve();
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only POST /backup is served here.\n');
      return;
    }
    const started = Date.now();
    const job = queue.then(async () => {
      res.writeHead(200, { 'content-type': 'application/gzip', trailer: `${STATUS_TRAILER}, ${ROWS_TRAILER}` });
      // writeLogicalBackup ends what it writes to; the response must stay open for the trailers.
      const body = new PassThrough();
      body.pipe(res, { end: false });
      const sent = once(body, 'end');
      sent.catch(() => {}); // awaited below; when the export fails first, its error is the one reported
      // A client that goes away (Ctrl-C) must not leave the export waiting for room forever with
      // its snapshot open: the write fails, the transaction ends, the next backup can run.
      res.on('close', () => {
        if (!res.writableFinished) body.destroy(new Error('the client closed the connection'));
      });
      const summary = await writeLogicalBackup(databaseUrl, body);
      await sent;
      res.addTrailers({ [STATUS_TRAILER]: 'ok', [ROWS_TRAILER]: String(summary.rows) });
      res.end();
      return summary;
    });
    queue = job.catch(() => {});
    job.then(
      (summary) =>
        log.info(
          { tables: summary.tables, rows: summary.rows, ms: Date.now() - started },
          'backup taken over the control socket',
        ),
      (err: unknown) => {
        log.error({ err }, 'backup failed');
        // Headers are out: cutting the connection (no trailers) is how the client learns it failed.
        if (res.headersSent) res.destroy(err as Error);
        else
          res
            .writeHead(500, { 'content-type': 'text/plain' })
            .end(`The server could not take a backup: ${(err as Error).message}\n`);
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
    // Stops accepting, lets a backup in progress finish and send its data, then removes the socket.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).finally(() => fs.rmSync(socketPath, { force: true })),
  };
}

/**
 * Asks the running server for a backup and writes it to `out` (ended on success); null when no
 * server answers on the socket. Rejects when the server reports a failure or the stream stops
 * before the server said it was complete.
 */
export function requestBackup(dataDir: string, out: Writable): Promise<{ rows: number } | null> {
  const socketPath = opsSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          reject(new Error(Buffer.concat(chunks).toString('utf8').trim() || `status ${res.statusCode}`)),
        );
        res.on('error', reject);
        return;
      }
      pipeline(res, out).then(
        () => {
          if (res.trailers[STATUS_TRAILER] !== 'ok')
            return reject(new Error('The server stopped sending the backup before it was complete (see its log).'));
          resolve({ rows: Number(res.trailers[ROWS_TRAILER]) });
        },
        (err: unknown) => reject(new Error(`The backup stream broke off: ${(err as Error).message}`)),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    req.end();
  });
}
