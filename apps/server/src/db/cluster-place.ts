import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, holdsDataDirLock } from './data-dir-lock';
import { blockedAncestor, EmbeddedPostgresError, runAsUser, SYSTEM_DIR } from './embedded-postgres';

/**
 * Where DATA_DIR's embedded cluster lives (docs/decisions/0056-cluster-outside-private-data-dir.md).
 *
 * Normally DATA_DIR/pg. As root, PostgreSQL runs as an unprivileged user (embedded-postgres.ts),
 * who cannot enter a DATA_DIR inside a private directory (root's home, mode 0700 on Debian; a
 * mktemp directory). Then the cluster is made in SYSTEM_DIR/clusters/<key>-<id>/pg instead, <key>
 * a hash of DATA_DIR's real path and <id> a random id, and DATA_DIR/pg-location records it. The
 * place holds owner.json with the same id and DATA_DIR's path, the password file next to the
 * cluster (pg-password, root's, 0600) and a lock of its own.
 *
 * The id in both files is what ties them: a DATA_DIR that was removed and made again at the same
 * path has no pg-location, so it gets a new place; the old one is named in the log and left as it
 * was (never reused, never deleted). A pg-location whose place is gone or holds another id stops
 * the start with a message: an empty database in its place would hide the loss.
 */

export const LOCATION_FILE = 'pg-location';
const OWNER_FILE = 'owner.json';
const CLUSTERS = 'clusters';

/** DATA_DIR/pg-location. */
interface Location {
  cluster: string;
  id: string;
  data_dir: string;
  created_at: string;
}

/** SYSTEM_DIR/clusters/<key>-<id>/owner.json. */
interface Owner {
  id: string;
  data_dir: string;
  created_at: string;
}

export interface ClusterPlace {
  /** The cluster directory: DATA_DIR/pg, or SYSTEM_DIR/clusters/<key>-<id>/pg. */
  dir: string;
  /** The cluster is outside DATA_DIR (recorded in DATA_DIR/pg-location). */
  relocated: boolean;
  /** Releases the locks: the place's, then DATA_DIR's. */
  release(): void;
  /** Whether this process still holds DATA_DIR (and the place): asked before a dead postmaster is started again. */
  stillOwned(): boolean;
}

export const locationFile = (dataDir: string) => path.join(dataDir, LOCATION_FILE);

const writeJson = (file: string, value: object) => {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
};

function readLocation(dataDir: string): Location | null {
  const file = locationFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new EmbeddedPostgresError(
      `${file} cannot be read (${(err as Error).message}); it says where this data directory's database is.`,
    );
  }
  let loc: Partial<Location>;
  try {
    loc = JSON.parse(text) as Partial<Location>;
  } catch {
    loc = {};
  }
  if (
    typeof loc.cluster !== 'string' ||
    !path.isAbsolute(loc.cluster) ||
    path.basename(loc.cluster) !== 'pg' ||
    typeof loc.id !== 'string' ||
    !/^[0-9a-f]{16}$/.test(loc.id)
  ) {
    throw new EmbeddedPostgresError(
      `${file} is damaged: it should say where this data directory's database is. Restore it from a backup of the data directory; TokenDesk does not guess.`,
    );
  }
  return {
    cluster: loc.cluster,
    id: loc.id,
    data_dir: String(loc.data_dir ?? ''),
    created_at: String(loc.created_at ?? ''),
  };
}

function readOwner(place: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(place, OWNER_FILE), 'utf8')) as Partial<Owner>;
    return typeof owner.id === 'string'
      ? { id: owner.id, data_dir: String(owner.data_dir ?? ''), created_at: String(owner.created_at ?? '') }
      : null;
  } catch {
    return null;
  }
}

/**
 * The cluster directory of DATA_DIR as recorded, without creating or checking anything: the one
 * pg-location names, else DATA_DIR/pg. For the admin CLI and backup (a running server's cluster).
 */
export function clusterDirOf(dataDir: string): string {
  return readLocation(dataDir)?.cluster ?? path.join(dataDir, 'pg');
}

/**
 * The recorded place, checked: it must exist and hold the same id. DATA_DIR moved since (its
 * recorded path is gone or no longer points here) takes the place along; a copy of DATA_DIR whose
 * original still points at the place is refused (one database, one data directory).
 */
function recordedPlace(dataDir: string, loc: Location, log: (msg: string) => void): string {
  const file = locationFile(dataDir);
  const place = path.dirname(loc.cluster);
  const owner = readOwner(place);
  const lost = (what: string) =>
    new EmbeddedPostgresError(
      `${file} records this data directory's database in ${loc.cluster} (id ${loc.id}), but ${what}. ` +
        'TokenDesk does not start an empty database in its place (that would hide the loss) and deletes nothing. ' +
        `If it was moved, or its disk is not mounted, put it back and start again. If it is lost: move ${file} away (the next start creates a new, empty database) and restore your latest backup (npm run restore).`,
    );
  if (!fs.existsSync(place)) throw lost(`${place} does not exist`);
  if (!owner) throw lost(`${place} has no readable ${OWNER_FILE}`);
  if (owner.id !== loc.id)
    throw lost(`${place} holds the database of another data directory (id ${owner.id}, ${owner.data_dir})`);

  const here = fs.realpathSync(dataDir);
  if (owner.data_dir !== here) {
    const original = owner.data_dir ? readLocationQuietly(owner.data_dir) : null;
    if (original?.id === loc.id && fs.realpathSync(owner.data_dir) !== here) {
      throw new EmbeddedPostgresError(
        `${file} and ${locationFile(owner.data_dir)} both record the database in ${loc.cluster}: ${dataDir} looks like a copy of ${owner.data_dir}. ` +
          `A database belongs to one data directory. Start the server on ${owner.data_dir}; to give this copy a database of its own, move ${file} away (a new, empty one is created) and restore a backup into it.`,
      );
    }
    writeJson(path.join(place, OWNER_FILE), { ...owner, data_dir: here });
    writeJson(file, { ...loc, data_dir: here });
    log(
      `embedded PostgreSQL: the data directory moved from ${owner.data_dir} to ${here}; its database in ${loc.cluster} follows it`,
    );
  }
  return place;
}

function readLocationQuietly(dataDir: string): Location | null {
  try {
    return readLocation(dataDir);
  } catch {
    return null;
  }
}

/** A new place for DATA_DIR's cluster under SYSTEM_DIR, recorded in both files before the cluster is made. */
function newPlace(dataDir: string, systemDir: string, log: (msg: string) => void): string {
  const here = fs.realpathSync(dataDir);
  const key = createHash('sha256').update(here).digest('hex').slice(0, 16);
  const id = randomBytes(8).toString('hex');
  const clusters = path.join(systemDir, CLUSTERS);
  for (const dir of [systemDir, clusters]) {
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      // Search only (x), whatever the umask: the cluster's user walks through, nobody lists.
      fs.chmodSync(dir, 0o711);
    }
  }
  // Earlier places of a data directory at this same path (removed, then made again): not ours.
  for (const name of fs.readdirSync(clusters)) {
    if (!name.startsWith(`${key}-`)) continue;
    const earlier = readOwner(path.join(clusters, name));
    if (earlier && earlier.data_dir !== here) continue; // another path with the same key prefix (or moved away)
    log(
      `embedded PostgreSQL: ${path.join(clusters, name)} holds the database of an earlier data directory at ${here}` +
        `${earlier ? ` (id ${earlier.id}, created ${earlier.created_at})` : ''}, which ${LOCATION_FILE} no longer names (the directory was removed or replaced). ` +
        `It is not used and left as it is: delete it when you no longer need it, or put that data directory's ${LOCATION_FILE} back (from its backup) to use it again.`,
    );
  }
  const place = path.join(clusters, `${key}-${id}`);
  fs.mkdirSync(place);
  fs.chmodSync(place, 0o711);
  const createdAt = new Date().toISOString();
  writeJson(path.join(place, OWNER_FILE), { id, data_dir: here, created_at: createdAt } satisfies Owner);
  writeJson(locationFile(dataDir), {
    cluster: path.join(place, 'pg'),
    id,
    data_dir: here,
    created_at: createdAt,
  } satisfies Location);
  return place;
}

/**
 * DATA_DIR's lock, then where its cluster is (made and recorded when it has to move out), then
 * that place's own lock. The caller starts the cluster in `dir` (startEmbeddedPostgres) and calls
 * `release` after stopping it. `systemDir`: tests only.
 */
export function openClusterPlace(
  dataDir: string,
  opts: { log?: (msg: string) => void; systemDir?: string } = {},
): ClusterPlace {
  const log = opts.log ?? (() => {});
  const releaseDataDir = acquireDataDirLock(dataDir);
  try {
    const inPlace = path.join(dataDir, 'pg');
    const user = runAsUser();
    const loc = readLocation(dataDir);
    let place: string;
    if (loc) {
      if (!user) {
        throw new EmbeddedPostgresError(
          `This data directory's database is in ${loc.cluster} (${locationFile(dataDir)}), kept there by a server that ran as root because its user could not reach ${dataDir}. Start TokenDesk as root.`,
        );
      }
      place = recordedPlace(dataDir, loc, log);
    } else {
      const blocked = user ? blockedAncestor(dataDir, user) : null;
      if (!user || !blocked)
        return { dir: inPlace, relocated: false, release: releaseDataDir, stillOwned: () => holdsDataDirLock(dataDir) };
      // A cluster already in DATA_DIR (made by a normal user, say) is not moved behind the operator's back.
      if (fs.existsSync(path.join(inPlace, 'PG_VERSION'))) {
        throw new EmbeddedPostgresError(
          `${inPlace} holds a database that the user '${user.name}', which runs PostgreSQL for a server started as root, cannot reach (it cannot enter ${blocked}). ` +
            `TokenDesk does not move a database by itself. Make ${blocked} searchable (chmod o+x), or start TokenDesk as the user who made it, ` +
            `or move it: npm run backup (as that user), move ${inPlace} and ${inPlace}-password away, start as root (a new database is made under ${SYSTEM_DIR}), then npm run restore.`,
        );
      }
      place = newPlace(dataDir, opts.systemDir ?? SYSTEM_DIR, log);
      log(
        `embedded PostgreSQL: the user '${user.name}' that runs the database cannot enter ${blocked}, so this data directory's database is kept in ${path.join(place, 'pg')} ` +
          `(recorded in ${locationFile(dataDir)})`,
      );
    }
    const releasePlace = acquireDataDirLock(place, 'database directory');
    return {
      dir: path.join(place, 'pg'),
      relocated: true,
      release: () => {
        try {
          releasePlace();
        } finally {
          releaseDataDir();
        }
      },
      stillOwned: () => holdsDataDirLock(dataDir) && holdsDataDirLock(place),
    };
  } catch (err) {
    releaseDataDir();
    throw err;
  }
}
