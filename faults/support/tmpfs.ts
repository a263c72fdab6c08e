import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes a file until the file system is full; returns its path. */
  fill(): string;
  freeBytes(): number;
  /** Unmounts (lazily if something still holds a file open) and removes the mount point. */
  destroy(): void;
}

/**
 * A small tmpfs of its own, so a test can fill a real file system without touching the machine's.
 * Needs root (CI runs as root); anything else fails with a message that says so, because a
 * disk-full test that silently skips would prove nothing.
 */
export function mountSmallDisk(sizeMb: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-disk-'));
  try {
    // 0711: the embedded PostgreSQL runs as an unprivileged user under root and must pass through.
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0711`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    const why = (err as { stderr?: Buffer }).stderr?.toString().trim() || String(err);
    throw new Error(
      `The disk-full test mounts a ${sizeMb} MB tmpfs and needs root for it (uid ${process.getuid?.()}): ${why}`,
    );
  }
  let mounted = true;
  return {
    dir,
    fill() {
      const file = path.join(dir, `ballast-${Date.now()}`);
      const fd = fs.openSync(file, 'w');
      const chunk = Buffer.alloc(1024 * 1024, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
      // The last partial chunk: fill to the last block.
      const small = Buffer.alloc(4096, 1);
      try {
        for (;;) fs.writeSync(fd, small);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        fs.closeSync(fd);
      }
      return file;
    },
    freeBytes() {
      const s = fs.statfsSync(dir);
      return s.bavail * s.bsize;
    },
    destroy() {
      if (!mounted) return;
      mounted = false;
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system) of a process, in seconds, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Share of one core a process used over `ms` (1 = one core busy all the time). */
export async function cpuShare(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  return (cpuSeconds(pid) - before) / ((performance.now() - started) / 1000);
}
