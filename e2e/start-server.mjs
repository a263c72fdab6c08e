#!/usr/bin/env node
/**
 * Runs `npm run start -w @tokendesk/server` for the e2e suite and deletes its throwaway DATA_DIR
 * once the server has stopped, so repeated runs do not pile up databases in the temp directory.
 *
 * Playwright stops the web server by sending SIGTERM to the whole process group
 * (gracefulShutdown in playwright.config.ts): the server drains and exits by itself; this script
 * only waits for it before cleaning up.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.DATA_DIR ?? '';
// Only ever delete what playwright.config.ts created.
const disposable = dataDir.startsWith(path.join(os.tmpdir(), 'tokendesk-e2e-'));

/**
 * A support staff account for the support e2e tests. The data-directory lock allows one process at a
 * time (the CLI starts the embedded cluster in DATA_DIR/pg itself), so the CLI runs before the server. The credentials go to a file in the throwaway DATA_DIR
 * (E2E_STAFF_FILE); without the CLI the file is missing and the staff tests are skipped.
 */
const E2E_STAFF_USERNAME = 'e2e_support_staff';
if (disposable && fs.existsSync(path.join(repoRoot, 'apps', 'server', 'src', 'cli.ts'))) {
  const password = `Staff-${randomBytes(12).toString('base64url')}`;
  const created = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'cli',
      '-w',
      '@tokendesk/server',
      '--',
      'create-staff',
      E2E_STAFF_USERNAME,
      `${E2E_STAFF_USERNAME}@example.com`,
    ],
    {
      cwd: repoRoot,
      env: process.env,
      input: `${password}\n`,
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  if (created.status === 0) {
    fs.writeFileSync(path.join(dataDir, 'e2e-staff.json'), JSON.stringify({ username: E2E_STAFF_USERNAME, password }), {
      mode: 0o600,
    });
  } else {
    console.error(`e2e: could not create the staff account (exit ${created.status}); staff tests will be skipped.`);
  }
}

const child = spawn('npm', ['run', 'start', '-w', '@tokendesk/server'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
});

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  // The signal usually reached the whole group already; forwarding covers a direct kill of this script.
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

function serverStillRunning() {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'tokendesk.lock'), 'utf8'));
    process.kill(owner.pid, 0);
    return true;
  } catch {
    return false; // no lock file, or its owner is gone
  }
}

child.on('exit', async (code, signal) => {
  if (disposable) {
    // npm may exit before the server it started has finished shutting down.
    for (let waited = 0; serverStillRunning() && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
