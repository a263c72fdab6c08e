import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, holdsDataDirLock } from '../../src/db/data-dir-lock';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the data-directory lock', () => {
  it('is held until released, refuses a live owner, and says when the directory stopped being ours', () => {
    const dir = path.join(root, 'data');
    expect(holdsDataDirLock(dir)).toBe(false);
    const release = acquireDataDirLock(dir);
    expect(holdsDataDirLock(dir)).toBe(true);
    release();
    expect(holdsDataDirLock(dir)).toBe(false);

    acquireDataDirLock(dir);
    // Removed under the running server: not ours any more.
    fs.rmSync(dir, { recursive: true, force: true });
    expect(holdsDataDirLock(dir)).toBe(false);

    // Taken by another live process (this test's parent stands in for another server).
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'tokendesk.lock'),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: new Date().toISOString() }),
    );
    expect(holdsDataDirLock(dir)).toBe(false);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);

    // Unreadable or half-written: not ours either.
    fs.writeFileSync(path.join(dir, 'tokendesk.lock'), '{"pid":');
    expect(holdsDataDirLock(dir)).toBe(false);
  });
});
