// Builds the web app for `npm start` only when its inputs changed since the last build. The vite build
// took 42 s of a 96 s first start and ran again on every restart although nothing had changed
// (README, 'Quick start'). The hash of the inputs is kept in apps/web/dist/.build-hash, written after a
// successful build only, so an interrupted build is redone and a missing dist/ is always built.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const HASH_FILE = '.build-hash';

/**
 * What the web bundle is made from, relative to the repository root: the app itself (sources,
 * index.html, public/, vite config — tailwind is configured there and in the CSS — tsconfig and
 * package.json), the contract package it imports, and the lock file that pins vite, its plugins
 * and every library that ends up in the bundle. Whole folders, not a list of files: a new config
 * file then counts without anyone remembering to add it here.
 */
export const WEB_INPUTS = ['apps/web', 'packages/contract', 'package-lock.json'];

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);

function listFiles(root, rel, out) {
  const entries = readdirSync(path.join(root, rel), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(root, child, out);
    } else if (entry.isFile()) {
      out.push(child);
    }
  }
}

/** Files under `inputs` (a file or a folder each), sorted, with paths relative to root. */
export function inputFiles(root, inputs = WEB_INPUTS) {
  const out = [];
  for (const input of inputs) {
    const abs = path.join(root, input);
    if (!existsSync(abs)) continue;
    if (statSync(abs).isDirectory()) listFiles(root, input, out);
    else out.push(input);
  }
  return out;
}

/**
 * One hash over every input file's path and bytes, plus the VITE_* variables vite bakes into the
 * bundle (import.meta.env), so a build made with other values is not reused.
 */
export function inputsHash(root, inputs = WEB_INPUTS, env = process.env) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`env ${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** Whether `distDir` is missing, lacks its hash file or was built from other inputs. */
export function isStale(distDir, hash) {
  const file = path.join(distDir, HASH_FILE);
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(file)) return true;
  return readFileSync(file, 'utf8').trim() !== hash;
}

/**
 * Runs `build` when the output is stale and records the hash afterwards. Returns whether it built.
 * The hash is taken before the build, so an input edited during the build makes the next start build again.
 */
export function buildIfStale({ root, distDir, build, inputs = WEB_INPUTS, env = process.env }) {
  const hash = inputsHash(root, inputs, env);
  if (!isStale(distDir, hash)) return false;
  build();
  writeFileSync(path.join(distDir, HASH_FILE), `${hash}\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.join(root, 'apps/web/dist');
  const built = buildIfStale({
    root,
    distDir,
    build: () => {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const result = spawnSync(npm, ['run', 'build', '-w', '@tokendesk/web'], { cwd: root, stdio: 'inherit' });
      if (result.status !== 0) process.exit(result.status ?? 1);
    },
  });
  if (!built) console.log('Web app is up to date (apps/web/dist matches its sources); skipping the build.');
}
