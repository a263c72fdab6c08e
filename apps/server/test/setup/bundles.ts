import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// @ts-expect-error build.mjs is plain JavaScript without a declaration file.
import { bundle } from '../../build.mjs';

// (The 'serverBundles' type is declared where it is read, @tokendesk/testkit/child-process, which the fault
// suite's program includes without this file.)

/** The programs the tests start as child processes (@tokendesk/testkit/child-process). */
const SPAWNED_PROGRAMS = ['src/main.ts', 'src/cli.ts', 'src/ops/backup-cli.ts'];

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The servers and CLI runs the tests spawn run as JavaScript bundles built once per run, the way
 * `npm start` runs dist/main.js, instead of through the tsx loader, which compiled or re-read every
 * module in each child: the seven files that spawn them took 194 CPU-s through tsx and 121 as
 * bundles (decision 0044). The bundles sit one directory below apps/server, like
 * dist/ (src/paths.ts), in a directory of this run's own, so two runs never share one.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(serverRoot, 'dist-test-'));
  const bundles: Record<string, string> = {};
  await Promise.all(
    SPAWNED_PROGRAMS.map(async (program) => {
      const outfile = path.join(
        dir,
        `${program
          .replace(/^src\//, '')
          .replace(/\.ts$/, '')
          .replaceAll('/', '-')}.js`,
      );
      await bundle(program, outfile);
      bundles[program] = outfile;
    }),
  );
  project.provide('serverBundles', bundles);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
