#!/usr/bin/env node
/**
 * The whole test suite in one command (README: `npm test`):
 *   lint → typecheck → web build → Vitest (contract, server on PGlite) → Playwright e2e.
 * Every step leaves {passed, failed} in .test-results/steps/, and the run ends with one line
 * `N passed, N failed` over all of them. Lint, typecheck and build count as one check each.
 *
 *   node scripts/test-all.mjs              the full suite (clears earlier results)
 *   node scripts/test-all.mjs --postgres   only the server suite again, on DATABASE_URL (CI)
 *   node scripts/test-all.mjs --faults     the fault suite (faults/: kill -9, outages, fuzz, load; CI)
 *   node scripts/test-all.mjs --summary    print the total of the steps recorded so far
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
const stepsDir = path.join(resultsDir, 'steps');
const args = new Set(process.argv.slice(2));

function run(command, commandArgs, env = {}) {
  console.log(`\n▶ ${command} ${commandArgs.join(' ')}`);
  const res = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

function record(name, passed, failed) {
  fs.mkdirSync(stepsDir, { recursive: true });
  fs.writeFileSync(path.join(stepsDir, `${name}.json`), JSON.stringify({ passed, failed }));
  console.log(`■ ${name}: ${passed} passed, ${failed} failed`);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function check(name, command, commandArgs, env) {
  const ok = run(command, commandArgs, env);
  record(name, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

function vitest(name, vitestArgs, env) {
  const out = path.join(resultsDir, `${name}.json`);
  fs.rmSync(out, { force: true });
  const ok = run('npx', ['vitest', 'run', ...vitestArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  const report = readJson(out);
  if (!report) return record(name, 0, 1); // crashed before reporting: count it, never hide it
  const failed = report.numFailedTests + (report.numRuntimeErrors ?? 0) + (ok || report.numFailedTests ? 0 : 1);
  record(name, report.numPassedTests, failed);
}

function playwright(name) {
  const out = path.join(resultsDir, `${name}.json`);
  fs.rmSync(out, { force: true });
  const ok = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const report = readJson(out);
  if (!report?.stats) return record(name, 0, 1);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const errors = report.errors?.length ?? 0;
  record(name, expected + flaky, unexpected + errors + (ok || unexpected || errors ? 0 : 1));
}

function summary() {
  let passed = 0;
  let failed = 0;
  for (const file of fs.existsSync(stepsDir) ? fs.readdirSync(stepsDir) : []) {
    const step = readJson(path.join(stepsDir, file));
    passed += step?.passed ?? 0;
    failed += step ? step.failed : 1;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed;
}

if (args.has('--summary')) {
  process.exit(summary() ? 1 : 0);
} else if (args.has('--postgres')) {
  if (!process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL (a role that may create databases).');
    process.exit(2);
  }
  vitest('server-postgres', ['--project', 'server']);
  process.exit(summary() ? 1 : 0);
} else if (args.has('--faults')) {
  // The suite starts its own devnets, servers and PostgreSQL clusters.
  vitest('faults', ['-c', 'faults/vitest.config.ts'], { DATABASE_URL: '' });
  process.exit(summary() ? 1 : 0);
} else {
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  check('lint', 'npx', ['eslint', '.']);
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  const built = check('web-build', 'npm', ['run', 'build', '-w', '@tokendesk/web']);
  // The unit and integration suites always run on PGlite here; CI repeats the server suite on PostgreSQL.
  vitest('vitest', [], { DATABASE_URL: '' });
  if (built) playwright('e2e');
  else record('e2e', 0, 1);
  process.exit(summary() ? 1 : 0);
}
