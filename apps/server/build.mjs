// Bundles the server for `npm start` (decision 0001): one ES module in dist/ with our own code and
// the workspace packages (which export TypeScript sources), every npm dependency left as an import.
// Running plain JavaScript instead of the tsx loader saved 60 MB (PostgreSQL mode: 205 → 143 MB after
// start, bench:scale) to 130 MB (PGlite with the devnet) of resident memory per process.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));

/** Bare imports stay imports, except ours: node cannot load the .ts files they export. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tokendesk/') ? undefined : { external: true },
    );
  },
};

/**
 * Bundles `entry` (a path under src/) into `outfile`, which must sit one directory below apps/server
 * (src/paths.ts). The tests bundle the programs they spawn the same way (test/setup/bundles.ts).
 */
export async function bundle(entry, outfile) {
  await build({
    entryPoints: [path.join(serverRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalDependencies],
  });
}

// Run as a script (`npm run build`, `npm start`), not when imported by the test setup. Real paths on
// both sides: node resolves symlinks for import.meta.url, not for argv[1] (a checkout under a link).
const realPath = (file) => {
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
};
if (process.argv[1] && realPath(process.argv[1]) === realPath(fileURLToPath(import.meta.url))) {
  // dist/ is one level below apps/server like src/, which src/paths.ts relies on.
  await bundle('src/main.ts', path.join(serverRoot, 'dist/main.js'));
}
