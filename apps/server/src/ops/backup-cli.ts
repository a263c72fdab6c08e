/**
 * Backup and restore of the embedded database (README 'Operations').
 *
 *   npm run backup -w @tokendesk/server -- --out <file.tar.gz> [--force]
 *   npm run restore -w @tokendesk/server -- --in <file.tar.gz> [--force]
 *
 * Backup works whether the server runs or not: a running server makes the copy itself on request
 * over its control socket; otherwise this process opens the data directory (under its lock).
 * Restore needs the server stopped and never leaves a half-restored directory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock';
import { BackupError, dumpClosedPglite, hasDatabase, pgliteDir, restorePglite } from '../db/pglite-backup';
import { requestBackup } from './ops-socket';

/** sysexits(3) codes, as the server and the admin CLI use them. */
const EXIT = { ok: 0, failure: 1, usage: 64, data: 65, noInput: 66, cantCreate: 73, locked: 75, config: 78 } as const;

class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const USAGE = `Usage:
  npm run backup -w @tokendesk/server -- --out <file.tar.gz> [--force]
  npm run restore -w @tokendesk/server -- --in <file.tar.gz> [--force]

backup   writes a consistent copy of the embedded database (DATA_DIR/pglite), also while the
         server runs. --force overwrites an existing file.
restore  replaces DATA_DIR/pglite with a backup; the server must be stopped. Into a DATA_DIR that
         already holds a database only with --force (the old one is kept as pglite.before-restore-*).

Uses the server's configuration (DATA_DIR). With DATABASE_URL use pg_dump / pg_restore instead.`;

interface Args {
  command: 'backup' | 'restore';
  file: string;
  force: boolean;
}

function parseArgs(argv: string[]): Args | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const [command, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') throw new CliError(`Unknown command '${command ?? ''}'.\n\n${USAGE}`, EXIT.usage);
  const flag = command === 'backup' ? '--out' : '--in';
  let file: string | undefined;
  let force = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--force') force = true;
    else if (arg === flag) {
      file = rest[++i];
      if (!file || file.startsWith('--')) throw new CliError(`${flag} needs a file name.\n\n${USAGE}`, EXIT.usage);
    } else if (arg.startsWith(`${flag}=`)) file = arg.slice(flag.length + 1);
    else throw new CliError(`Unknown argument '${arg}' for ${command}.\n\n${USAGE}`, EXIT.usage);
  }
  if (!file) throw new CliError(`${command} needs ${flag} <file>.\n\n${USAGE}`, EXIT.usage);
  // npm run -w starts us in apps/server; a relative name means the directory the user typed it in.
  return { command, file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file), force };
}

function config(): Config {
  let c: Config;
  try {
    c = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, EXIT.config);
    throw err;
  }
  if (c.DATABASE_URL) {
    throw new CliError('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (README \'Operations\').', EXIT.usage);
  }
  return c;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Written beside the target and renamed, so a file with the final name is always complete. */
function writeAtomically(file: string, data: Uint8Array, force: boolean): void {
  if (fs.existsSync(file) && !force) throw new CliError(`${file} exists. Choose another name or pass --force to overwrite it.`, EXIT.cantCreate);
  const partial = `${file}.partial-${process.pid}`;
  try {
    const fd = fs.openSync(partial, 'w', 0o600);
    try {
      fs.writeSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    const e = err as NodeJS.ErrnoException;
    throw new CliError(`Cannot write ${file}: ${e.code === 'ENOENT' ? 'its directory does not exist' : e.message}`, EXIT.cantCreate);
  }
}

async function backup({ file, force }: Args): Promise<void> {
  const { DATA_DIR } = config();
  if (fs.existsSync(file) && !force) throw new CliError(`${file} exists. Choose another name or pass --force to overwrite it.`, EXIT.cantCreate);
  if (!hasDatabase(pgliteDir(DATA_DIR))) throw new CliError(`There is no embedded database in ${DATA_DIR} (DATA_DIR).`, EXIT.noInput);

  let archive: Uint8Array;
  let how: string;
  let release: (() => void) | null = null;
  try {
    release = acquireDataDirLock(DATA_DIR);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
  }
  if (release) {
    try {
      archive = await dumpClosedPglite(pgliteDir(DATA_DIR));
      how = 'server stopped; read directly';
    } finally {
      release();
    }
  } else {
    const answer = await requestBackup(DATA_DIR);
    if (!answer) {
      throw new CliError(
        `The data directory ${DATA_DIR} is in use by a server that offers no online backup (see its log). Stop it, then run this command again.`,
        EXIT.locked,
      );
    }
    archive = answer.archive;
    how = `taken by the running server at ${answer.takenAt}`;
  }
  writeAtomically(file, archive, force);
  console.log(`Backup written to ${file} (${mb(archive.byteLength)}; ${how}).`);
}

async function restore({ file, force }: Args): Promise<void> {
  const { DATA_DIR } = config();
  let archive: Uint8Array;
  try {
    archive = new Uint8Array(fs.readFileSync(file));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliError(`Cannot read ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`, EXIT.noInput);
  }
  let release: () => void;
  try {
    release = acquireDataDirLock(DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new CliError(`${err.message}\nA restore replaces the database under the server's feet: stop the server first.`, EXIT.locked);
    throw err;
  }
  try {
    const { previous } = await restorePglite(DATA_DIR, archive, { force });
    console.log(`Restored ${file} into ${pgliteDir(DATA_DIR)}.`);
    if (previous) console.log(`The database it replaced is kept in ${previous}; delete it once the restore is checked.`);
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message, err.kind === 'exists' ? EXIT.cantCreate : EXIT.data);
    throw err;
  } finally {
    release();
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (args === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }
  if (args.command === 'backup') await backup(args);
  else await restore(args);
  return EXIT.ok;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CliError) {
      console.error(err.message);
      process.exit(err.code);
    }
    console.error('tokendesk backup failed:', err);
    process.exit(EXIT.failure);
  },
);
