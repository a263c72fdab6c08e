#!/usr/bin/env node
/**
 * The whole test suite in one command (README: `npm test`):
 *   lint, typecheck and web build (two at a time) → Vitest (contract, devchain, web, and the server
 *   suite on a throwaway embedded PostgreSQL) → Playwright e2e (its server on a free port, embedded
 *   default), then the e2e tests tagged @timed alone (a second Playwright run).
 * Every step leaves {passed, failed} in .test-results/steps/, and the run ends with one line
 * `N passed, N failed` over all of them. Lint, typecheck and build count as one check each.
 *
 *   node scripts/test-all.mjs              the full suite (clears earlier results)
 *   node scripts/test-all.mjs --postgres   only the server suite again, on DATABASE_URL (CI)
 *   node scripts/test-all.mjs --faults     the fault suite (faults/: kill -9, outages, fuzz, load; CI)
 *   node scripts/test-all.mjs --checks     only lint, typecheck and the web build
 *   node scripts/test-all.mjs --summary    print the total of the steps recorded so far
 */
import { spawn, spawnSync } from 'node:child_process';
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

// `failures` names what failed, so the closing summary says which tests they were: a CI log is
// often read only from its end, where the full reporter output is long gone.
function record(name, passed, failed, failures = []) {
  fs.mkdirSync(stepsDir, { recursive: true });
  fs.writeFileSync(path.join(stepsDir, `${name}.json`), JSON.stringify({ passed, failed, failures }));
  console.log(`■ ${name}: ${passed} passed, ${failed} failed`);
}

/**
 * The first lines of a failure message, without colour codes, cut to a readable length. Eight:
 * Playwright's message gives the locator, the expectation, what it received and the timeout, and
 * when nothing matched, 'Error: element(s) not found' only on the fifth line; a CI log may be all
 * there is to go on.
 */
function firstLine(message) {
  const lines = String(message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.slice(0, 8).join(' | ').slice(0, 900);
}

function vitestFailures(report, base) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(base, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${rel} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed to load or threw outside a test has no failed assertion to name.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${rel}: ${firstLine(file.message)}`);
    }
  }
  return failures;
}

function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        failures.push(`${[...titles, spec.title].join(' > ')}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) failures.push(`(outside a test): ${firstLine(error.message)}`);
  return failures;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Like run(), but the output is kept and handed back whole, for printing as one block. */
function runQuiet(command, commandArgs) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) =>
      resolve({
        ok: code === 0,
        output: Buffer.concat(chunks).toString(),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * The typecheck script's `tsc -p <project> --noEmit` commands, one job each, so that they can run
 * side by side with lint and the build. package.json stays the one list of projects (`npm run
 * typecheck` runs them one after another); anything else in the script runs as it is, whole.
 */
function typecheckJobs() {
  const script = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.typecheck;
  const parts = script.split('&&').map((p) => p.trim().split(/\s+/));
  if (!parts.every((p) => p[0] === 'tsc'))
    return [{ label: 'npm run typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] }];
  return parts.map((p) => ({ label: p.join(' '), command: bin('tsc'), args: p.slice(1) }));
}

/**
 * Lint, typecheck and the web build: single-threaded tools, so two of them run at a time (CI has
 * two cores), longest first. Each job's output is printed as one block when it ends, never
 * interleaved. Each of the three keeps its own record of one check; typecheck passes when every
 * project does.
 */
async function staticChecks() {
  const jobs = [
    { step: 'lint', label: 'eslint .', command: bin('eslint'), args: ['.'] },
    {
      step: 'web-build',
      label: 'npm run build -w @tokendesk/web',
      command: 'npm',
      args: ['run', 'build', '-w', '@tokendesk/web'],
    },
    ...typecheckJobs().map((job) => ({ step: 'typecheck', ...job })),
  ];
  // Longest first, so that the short ones fill the end (relative times measured side by side:
  // server 225, web 163, bench 140, build 139, eslint 119, devchain 110, e2e 92, faults 79,
  // contract 60). A project not listed counts as average.
  const cost = {
    'apps/server': 225,
    'apps/web': 163,
    bench: 140,
    'web-build': 139,
    lint: 119,
    'packages/devchain': 110,
    e2e: 92,
    faults: 79,
    'packages/contract': 60,
  };
  const weight = (job) => cost[job.step] ?? cost[job.args[job.args.indexOf('-p') + 1]] ?? 100;
  const queue = [...jobs].sort((a, b) => weight(b) - weight(a));
  const outcome = { lint: true, typecheck: true, 'web-build': true };
  const failed = { lint: [], typecheck: [], 'web-build': [] };
  const started = performance.now();
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const res = await runQuiet(job.command, job.args);
      outcome[job.step] &&= res.ok;
      if (!res.ok) failed[job.step].push(`${job.label} failed (see its output)`);
      console.log(`\n▶ ${job.label} (${res.seconds.toFixed(1)} s, ${res.ok ? 'passed' : 'FAILED'})`);
      if (res.output.trim()) process.stdout.write(res.output.endsWith('\n') ? res.output : `${res.output}\n`);
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(`\nlint, typecheck and web build: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const [step, ok] of Object.entries(outcome)) record(step, ok ? 1 : 0, ok ? 0 : 1, failed[step]);
  return outcome;
}

function vitest(name, vitestArgs, env) {
  const out = path.join(resultsDir, `${name}.json`);
  fs.rmSync(out, { force: true });
  const ok = run(
    'npx',
    ['vitest', 'run', ...vitestArgs, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
  );
  const report = readJson(out);
  if (!report) return record(name, 0, 1, [`${name}: vitest ended without a report`]); // count it, never hide it
  const failed = report.numFailedTests + (report.numRuntimeErrors ?? 0) + (ok || report.numFailedTests ? 0 : 1);
  const failures = vitestFailures(report, root);
  if (failed > failures.length) failures.push(`${name}: vitest exited non-zero (see its output)`);
  record(name, report.numPassedTests, failed, failures);
}

function playwright(name, playwrightArgs = []) {
  const out = path.join(resultsDir, `${name}.json`);
  fs.rmSync(out, { force: true });
  const ok = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...playwrightArgs], {
    E2E_REPORT: `${name}.json`,
  });
  const report = readJson(out);
  if (!report?.stats) return record(name, 0, 1, [`${name}: Playwright ended without a report`]);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const errors = report.errors?.length ?? 0;
  const failed = unexpected + errors + (ok || unexpected || errors ? 0 : 1);
  const failures = playwrightFailures(report);
  if (failed > failures.length) failures.push(`${name}: Playwright exited non-zero (see its output)`);
  record(name, expected + flaky, failed, failures);
}

function summary() {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const file of fs.existsSync(stepsDir) ? fs.readdirSync(stepsDir) : []) {
    const step = readJson(path.join(stepsDir, file));
    passed += step?.passed ?? 0;
    failed += step ? step.failed : 1;
    if (!step) failures.push(`${file}: unreadable step result`);
    else if (step.failed)
      failures.push(...(step.failures?.length ? step.failures : [`${file.replace(/\.json$/, '')} failed`]));
  }
  if (failures.length) console.log(`Failed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
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
} else if (args.has('--checks')) {
  // Only lint, typecheck and the web build (what the full run starts with).
  const outcome = await staticChecks();
  process.exit(Object.values(outcome).every(Boolean) ? 0 : 1);
} else {
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  const built = (await staticChecks())['web-build'];
  // DATABASE_URL emptied: the server suite starts its own embedded cluster (apps/server/test/setup/
  // postgres.ts) and clones a migrated template per test context; CI repeats it on Debian's PostgreSQL.
  vitest('vitest', [], { DATABASE_URL: '' });
  // Tests tagged @timed print a speed figure (live.spec: a swap's way to three open screens), which
  // the other worker's browser beside them would distort (3.2–3.8 s at p95 inside the suite, 1.1–1.3 s
  // alone): they run afterwards, alone, in a second run with its own server (its start took 51 s at load 14).
  if (built) {
    playwright('e2e', ['--grep-invert', '@timed']);
    playwright('e2e-timed', ['--grep', '@timed']);
  } else {
    record('e2e', 0, 1);
  }
  process.exit(summary() ? 1 : 0);
}
