// The `npm start` staleness check (scripts/build-web-if-stale.mjs) on a temporary tree shaped like
// the repository: it builds when dist/ is missing or an input changed, and skips otherwise.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, inputFiles, WEB_INPUTS } from '../../../../scripts/build-web-if-stale.mjs';

let root: string;
let distDir: string;
let builds: number;

const write = (rel: string, body: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), body);
};
/** A stand-in for vite: empties dist/ like emptyOutDir and writes an index.html. */
const build = () => {
  builds++;
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), `<!-- build ${builds} -->`);
};
const run = (env: Record<string, string | undefined> = {}) =>
  buildIfStale({ root, distDir, build, inputs: WEB_INPUTS, env });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tokendesk-web-hash-'));
  distDir = path.join(root, 'apps/web/dist');
  builds = 0;
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {}');
  write('apps/web/src/main.tsx', 'console.log(1)');
  write('apps/web/node_modules/x/index.js', 'ignored');
  write('packages/contract/src/index.ts', 'export const a = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-web-if-stale', () => {
  it('builds when dist/ is missing, then skips while nothing changed', () => {
    expect(run()).toBe(true);
    expect(run()).toBe(false);
    expect(run()).toBe(false);
    expect(builds).toBe(1);
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx', 'console.log(2)'],
    ['a new web source', 'apps/web/src/new-page.tsx', 'export {}'],
    ['index.html', 'apps/web/index.html', '<div id="app"></div>'],
    ['the vite config', 'apps/web/vite.config.ts', 'export default { base: "/x/" }'],
    ['a contract source', 'packages/contract/src/index.ts', 'export const a = 2;'],
    ['the lock file', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
  ])('rebuilds after a change to %s', (_what, file, body) => {
    run();
    write(file, body);
    expect(run()).toBe(true);
    expect(run()).toBe(false);
    expect(builds).toBe(2);
  });

  it('ignores node_modules and the build output itself', () => {
    run();
    write('apps/web/node_modules/x/index.js', 'changed');
    writeFileSync(path.join(distDir, 'extra.js'), 'x');
    expect(run()).toBe(false);
    expect(inputFiles(root).some((f) => f.includes('node_modules') || f.includes('/dist/'))).toBe(false);
  });

  it('rebuilds when a VITE_ variable differs, not for other variables', () => {
    run({ VITE_API: 'a', OTHER: '1' });
    expect(run({ VITE_API: 'a', OTHER: '2' })).toBe(false);
    expect(run({ VITE_API: 'b', OTHER: '2' })).toBe(true);
  });

  it('rebuilds when dist/ was emptied or the build was interrupted before the hash was written', () => {
    run();
    rmSync(path.join(distDir, 'index.html'));
    expect(run()).toBe(true);
    rmSync(path.join(distDir, '.build-hash'));
    expect(run()).toBe(true);
    expect(builds).toBe(3);
  });

  it('does not record a hash when the build throws', () => {
    expect(() =>
      buildIfStale({
        root,
        distDir,
        inputs: WEB_INPUTS,
        env: {},
        build: () => {
          throw new Error('vite failed');
        },
      }),
    ).toThrow('vite failed');
    expect(run()).toBe(true);
  });
});
