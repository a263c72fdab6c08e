import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive as alive } from '@tokendesk/testkit/processes';
import { supervise } from './supervise.js';

/**
 * A program that says which signal ended it, and otherwise runs until it gets one. Node, not sh: a
 * background job of a non-interactive shell starts with SIGINT ignored, which a shell cannot trap
 * again, while node (like postgres and anvil) installs its own handlers.
 */
const SIGNAL_REPORTER = [
  '-e',
  "for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { console.log('got-' + s.slice(3)); process.exit(0); }); console.log('started'); setInterval(() => {}, 1000);",
];

const dirs: string[] = [];
const programs: number[] = [];
afterEach(() => {
  for (const pid of programs.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function logPath(initial?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-supervise-'));
  dirs.push(dir);
  const file = path.join(dir, 'program.log');
  if (initial !== undefined) fs.writeFileSync(file, initial);
  return file;
}
const exitOf = (child: ReturnType<typeof supervise>['child']) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('the supervisor shell (one copy for anvil and the embedded PostgreSQL)', () => {
  it.each(['INT', 'TERM'] as const)(
    'reports the program’s pid and sends it SIG%s when our end of the pipe closes',
    async (stopSignal) => {
      const log = logPath();
      const { child, pid } = supervise(process.execPath, SIGNAL_REPORTER, {
        name: 'test-supervisor',
        logPath: log,
        stopSignal,
      });
      const exited = exitOf(child);
      const programPid = await pid;
      programs.push(programPid);
      expect(programPid).not.toBe(child.pid);
      // The program's shell opens the log after the pid line is written: no file yet is "not yet".
      await until(() => fs.existsSync(log) && fs.readFileSync(log, 'utf8').includes('started'), 'the program to start');
      expect(alive(programPid)).toBe(true);
      child.stdin!.end();
      expect(await exited).toBe(0);
      expect(fs.readFileSync(log, 'utf8')).toBe(`started\ngot-${stopSignal}\n`);
      expect(alive(programPid)).toBe(false);
    },
  );

  it('appends to the log when asked (PostgreSQL keeps one across starts), else starts it afresh (anvil)', async () => {
    for (const append of [true, false]) {
      const log = logPath('an earlier run\n');
      const { child, pid } = supervise('/bin/sh', ['-c', 'echo this run'], {
        name: 'test-supervisor',
        logPath: log,
        stopSignal: 'TERM',
        append,
      });
      const exited = exitOf(child);
      await pid;
      expect(await exited).toBe(0);
      expect(fs.readFileSync(log, 'utf8')).toBe(append ? 'an earlier run\nthis run\n' : 'this run\n');
    }
  });

  it("exits with the program's own status", async () => {
    const { child, pid } = supervise('/bin/sh', ['-c', 'exit 7'], {
      name: 'test-supervisor',
      logPath: logPath(),
      stopSignal: 'TERM',
    });
    const exited = exitOf(child);
    await pid;
    expect(await exited).toBe(7);
  });
});
