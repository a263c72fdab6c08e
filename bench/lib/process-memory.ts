/**
 * Resident memory and CPU time of processes, from /proc: one process (the server) or a PostgreSQL
 * (its postmaster and every process below it: backends, checkpointer, walwriter …). RSS counts
 * shared pages (shared_buffers) once per process that touched them, so the sum over postgres
 * processes overstates; PSS (proportional set size, /proc/<pid>/smaps_rollup) splits each shared
 * page among its users and sums to what the cluster really holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface MemoryFigures {
  processes: number;
  rss: number;
  pss: number;
}

function rollup(pid: number): { rss: number; pss: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { rss: kb('Rss'), pss: kb('Pss') };
  } catch {
    return null; // gone meanwhile, or not ours to read
  }
}

/** The process and every descendant (by parent pid), alive now. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // exited while listing
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  if (fs.existsSync(`/proc/${root}`)) walk(root);
  return out;
}

/** RSS and PSS summed over the given processes. */
export function memoryOfProcesses(pids: readonly number[]): MemoryFigures {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const pid of pids) {
    const m = rollup(pid);
    if (!m) continue;
    rss += m.rss;
    pss += m.pss;
    processes++;
  }
  return { processes, rss, pss };
}

/** User + system CPU seconds of the processes so far (children that exited are not counted). */
export function cpuSecondsOf(pids: readonly number[]): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // exited
    }
  }
  return total;
}

/** A running PostgreSQL cluster's postmaster pid and a URL to it, from its data directory's postmaster.pid. */
export function clusterOfDataDir(
  dir: string,
  password: string | null,
  user: string,
  database: string,
): { postmaster: number; url: string } | null {
  const file = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(file)) return null;
  // Lines: pid, data directory, start time, port, socket directory, listen address, …
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const postmaster = Number(lines[0]);
  const port = lines[3]?.trim() ?? '5432';
  const socketDir = lines[4]?.trim() || '/tmp';
  const auth = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user);
  return { postmaster, url: `postgres://${auth}@/${database}?host=${encodeURIComponent(socketDir)}&port=${port}` };
}

/** The postmaster of the server at `url` (it must run on this machine): the parent of our backend. */
export async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await client.end();
  }
}

/** Committed transactions of a database so far (each autocommit statement is one). */
export async function committedTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit::text as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
