/**
 * Benchmark (issue 30 item 4): how long the devnet's first start takes, today's tree against an
 * older commit, side by side in one run (alternating, so the machine's load hits both alike).
 *
 *   npm run bench:devnet -- [--before <git ref>] [--pairs 3]
 *
 * "First start": from launching packages/devchain/src/main.ts on an empty DATA_DIR until it prints
 * the summary (deployment, seed and the month of history done). The older tree is checked out with
 * `git worktree add` into a temporary folder that shares this repository's node_modules (hard links
 * are not needed: it only runs tsx and the devchain package). Target: at most 10 s more than before.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const before = opt('before', '3dc4b8a');
const pairs = Number(opt('pairs', '3'));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-devnet-'));
const oldTree = path.join(tmp, 'before');

function firstStart(tree: string): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree, 'packages/devchain/src/main.ts')], {
      cwd: tree,
      env: { ...process.env, DATA_DIR: dataDir, DEVNET_PORT: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Make a swap on it')) {
        const seconds = (performance.now() - started) / 1000;
        child.once('exit', () => resolve(seconds));
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => {
      if (!out.includes('Make a swap on it'))
        reject(new Error(`devnet exited (${code}) before its summary:\n${out.slice(-2000)}`));
    });
  });
}

try {
  execFileSync('git', ['worktree', 'add', '--detach', oldTree, before], { cwd: repoRoot, stdio: 'ignore' });
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(oldTree, 'node_modules'));
  const times: { before: number[]; after: number[] } = { before: [], after: [] };
  for (let i = 0; i < pairs; i++) {
    times.before.push(await firstStart(oldTree));
    times.after.push(await firstStart(repoRoot));
    console.error(
      `pair ${i + 1}/${pairs}: before ${times.before.at(-1)!.toFixed(1)} s, after ${times.after.at(-1)!.toFixed(1)} s`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const diffs = times.after.map((t, i) => t - times.before[i]!);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `first start before (${before}): ${times.before.map((t) => t.toFixed(1)).join(', ')} s (median ${median(times.before).toFixed(1)})`,
  );
  console.log(
    `first start now:               ${times.after.map((t) => t.toFixed(1)).join(', ')} s (median ${median(times.after).toFixed(1)})`,
  );
  console.log(
    `difference per pair: ${diffs.map((d) => `${d >= 0 ? '+' : ''}${d.toFixed(1)}`).join(', ')} s (median ${median(diffs).toFixed(1)})`,
  );
  console.log(`target (at most +10 s): ${median(diffs) <= 10 ? 'MET' : 'MISSED'}`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', oldTree], { cwd: repoRoot, stdio: 'ignore' });
  fs.rmSync(tmp, { recursive: true, force: true });
}
