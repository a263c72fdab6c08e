/**
 * Backup and restore of TokenDesk's database (docs/database.md 'Backup and restore', docs/decisions/0025-backup-and-import.md).
 *
 *   npm run backup -w @tokendesk/server -- --out <file.tdbackup.gz> [--force]
 *   npm run restore -w @tokendesk/server -- --in <file.tdbackup.gz> [--force]
 *
 * A backup is a logical export (db/logical-backup.ts): every table at one snapshot, gzipped.
 * Embedded database: backup works whether the server runs or not (a running server writes it over
 * its control socket; otherwise this process starts the cluster itself, under the data-dir lock);
 * restore needs the server stopped, loads into a new database and swaps it in only when complete.
 * With DATABASE_URL: backup exports that database; restore loads into it only when it holds no rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { locationFile, openClusterPlace, type ClusterPlace } from '../db/cluster-place';
import { DataDirLockedError } from '../db/data-dir-lock';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import {
  BackupError,
  loadLogicalBackup,
  restoreBySwap,
  verifyBackupFile,
  writeLogicalBackup,
} from '../db/logical-backup';
import { CliError, cliConfig, EXIT, runProgram, usageError, wantsHelp } from './cli-scaffold';
import { requestBackup } from './ops-socket';

const USAGE = `Usage:
  npm run backup -w @tokendesk/server -- --out <file> [--force]
  npm run restore -w @tokendesk/server -- --in <file> [--force]

backup   writes a consistent logical copy of the database (every table at one snapshot, gzipped),
         also while the server runs. --force overwrites an existing file.
restore  loads a backup into a new database and swaps it in once every table's rows are checked;
         the server must be stopped. A database that already holds data is replaced only with
         --force (the old one is kept as tokendesk_before_restore_<time> in the cluster).

Uses the server's configuration: the embedded database in DATA_DIR/pg (or where DATA_DIR/pg-location
says, when the server runs as root on a private DATA_DIR), or DATABASE_URL. With
DATABASE_URL, backup exports that database and restore loads into it only when it holds no rows
(create an empty database for it; --force does not apply).`;

interface Args {
  command: 'backup' | 'restore';
  file: string;
  force: boolean;
}

function parseArgs(argv: string[]): Args | 'help' {
  if (wantsHelp(argv)) return 'help';
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw usageError(`Unknown command '${command ?? ''}'.`, USAGE);
  const flag = command === 'backup' ? '--out' : '--in';
  let file: string | undefined;
  let force = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--force') force = true;
    else if (arg === flag) {
      file = rest[++i];
      if (!file || file.startsWith('--')) throw usageError(`${flag} needs a file name.`, USAGE);
    } else if (arg.startsWith(`${flag}=`)) file = arg.slice(flag.length + 1);
    else throw usageError(`Unknown argument '${arg}' for ${command}.`, USAGE);
  }
  if (!file) throw usageError(`${command} needs ${flag} <file>.`, USAGE);
  // npm run -w starts us in apps/server; a relative name means the directory the user typed it in.
  return { command, file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file), force };
}

/**
 * Whether DATA_DIR has an embedded cluster: in DATA_DIR/pg, or recorded in DATA_DIR/pg-location
 * (whose place openClusterPlace then checks, refusing with its own message when it is gone).
 */
const hasCluster = (dataDir: string) =>
  fs.existsSync(locationFile(dataDir)) || fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'));

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Written beside the target, read back whole (checksum, header, every table's row count), synced
 * and renamed, so a file with the final name is always a complete backup.
 */
async function writeAtomically(
  file: string,
  force: boolean,
  write: (out: Writable) => Promise<void>,
): Promise<{ rows: number; tables: number }> {
  if (fs.existsSync(file) && !force)
    throw new CliError(`${file} exists. Choose another name or pass --force to overwrite it.`, EXIT.cantCreate);
  const partial = `${file}.partial-${process.pid}`;
  let out: fs.WriteStream;
  try {
    const fd = fs.openSync(partial, 'w', 0o600);
    out = fs.createWriteStream('', { fd });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliError(
      `Cannot write ${file}: ${e.code === 'ENOENT' ? 'its directory does not exist' : e.message}`,
      EXIT.cantCreate,
    );
  }
  try {
    await write(out);
    const { header, rows } = await verifyBackupFile(partial);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return { rows, tables: header.tables.length };
  } catch (err) {
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** Starts the embedded cluster of a DATA_DIR no server holds (the caller has its locks: `place`). */
async function withCluster<T>(place: ClusterPlace, work: (pg: EmbeddedPostgres) => Promise<T>): Promise<T> {
  const pg = await startEmbeddedPostgres({ dir: place.dir, stillOwned: place.stillOwned });
  try {
    return await work(pg);
  } finally {
    await pg.stop();
  }
}

/** DATA_DIR's locks and its cluster's place (cluster-place.ts), or null when a server holds them. */
function claimPlace(dataDir: string): ClusterPlace | null {
  try {
    return openClusterPlace(dataDir, { log: (msg) => console.log(msg) });
  } catch (err) {
    if (err instanceof DataDirLockedError) return null;
    throw err;
  }
}

async function backup({ file, force }: Args): Promise<void> {
  const { DATA_DIR, DATABASE_URL } = cliConfig();
  if (fs.existsSync(file) && !force)
    throw new CliError(`${file} exists. Choose another name or pass --force to overwrite it.`, EXIT.cantCreate);
  let how: string;
  let written: { rows: number; tables: number };
  if (DATABASE_URL) {
    written = await writeAtomically(file, force, async (out) => void (await writeLogicalBackup(DATABASE_URL, out)));
    how = 'exported from DATABASE_URL';
  } else {
    if (!hasCluster(DATA_DIR)) {
      const legacy = fs.existsSync(path.join(DATA_DIR, 'pglite', 'PG_VERSION'));
      throw new CliError(
        legacy
          ? `${DATA_DIR} holds an embedded database of an older TokenDesk (DATA_DIR/pglite). Start the server once: it imports it, and then it can be backed up.`
          : `There is no embedded database in ${DATA_DIR} (DATA_DIR).`,
        EXIT.noInput,
      );
    }
    const place = claimPlace(DATA_DIR);
    if (place) {
      try {
        written = await writeAtomically(file, force, (out) =>
          withCluster(place, async (pg) => void (await writeLogicalBackup(pg.url, out))),
        );
        how = 'server stopped; read directly';
      } finally {
        place.release();
      }
    } else {
      written = await writeAtomically(file, force, async (out) => {
        if ((await requestBackup(DATA_DIR, out)) === null) {
          out.destroy();
          throw new CliError(
            `The data directory ${DATA_DIR} is in use by a server that offers no online backup (see its log). Stop it, then run this command again.`,
            EXIT.locked,
          );
        }
      });
      how = 'taken by the running server';
    }
  }
  console.log(
    `Backup written to ${file} (${mb(fs.statSync(file).size)}, ${written.tables} tables, ${written.rows} rows; ${how}).`,
  );
}

async function restore({ file, force }: Args): Promise<void> {
  const { DATA_DIR, DATABASE_URL } = cliConfig();
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliError(`Cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`, EXIT.noInput);
  }
  try {
    if (DATABASE_URL) {
      if (force)
        throw new CliError(
          'With DATABASE_URL, restore loads only into a database without rows; --force does not apply. Create an empty database and point DATABASE_URL at it.',
          EXIT.usage,
        );
      const result = await loadLogicalBackup(DATABASE_URL, fs.createReadStream(file));
      console.log(
        `Restored ${file} into the database of DATABASE_URL (${result.tables} tables, ${result.rows} rows, taken ${result.header.taken_at}).`,
      );
      return;
    }
    let place: ClusterPlace;
    try {
      place = openClusterPlace(DATA_DIR, { log: (msg) => console.log(msg) });
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new CliError(
          `${err.message}\nA restore replaces the database under the server's feet: stop the server first.`,
          EXIT.locked,
        );
      throw err;
    }
    try {
      const result = await withCluster(place, (pg) =>
        restoreBySwap({ url: pg.url, adminUrl: pg.adminUrl, input: fs.createReadStream(file), force }),
      );
      console.log(
        `Restored ${file} into ${place.dir} (${result.tables} tables, ${result.rows} rows, taken ${result.header.taken_at}).`,
      );
      if (result.previous)
        console.log(
          `The database it replaced is kept in the cluster as ${result.previous}; drop it once the restore is checked.`,
        );
      if (fs.existsSync(path.join(DATA_DIR, 'pglite', 'PG_VERSION'))) {
        // The server would find both and refuse to merge them at its next start.
        console.log(
          `${path.join(DATA_DIR, 'pglite')} still holds a PGlite database that was never imported: move it away before starting the server.`,
        );
      }
    } finally {
      place.release();
    }
  } catch (err) {
    if (err instanceof BackupError) {
      const code = {
        exists: EXIT.cantCreate,
        'in-use': EXIT.locked,
        'not-found': EXIT.noInput,
        invalid: EXIT.data,
        mismatch: EXIT.data,
      }[err.kind];
      throw new CliError(err.message, code);
    }
    throw err;
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }
  try {
    if (args.command === 'backup') await backup(args);
    else await restore(args);
  } catch (err) {
    // The database's own refusals (a recorded cluster that is gone, a directory its user cannot enter) are messages, not crashes.
    if (err instanceof EmbeddedPostgresError) throw new CliError(err.message, EXIT.failure);
    throw err;
  }
  return EXIT.ok;
}

runProgram('backup', main);
