import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every suite takes its test support from the kit (this package, and the server's half in
 * apps/server/test/helpers.ts and support/): a copy written again beside it drifts from it. This
 * looks for the copies that were once there (issue 32) and says where a new one stands.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SUITES = [
  'apps/server/test',
  'apps/server/src',
  'faults',
  'bench',
  'e2e',
  'packages/devchain/src',
  'packages/testkit/src',
  'scripts',
];

function sources(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|mjs|js)$/.test(entry.name))
        out.push({ file: path.relative(repoRoot, full), text: fs.readFileSync(full, 'utf8') });
    }
  };
  for (const suite of SUITES) if (fs.existsSync(path.join(repoRoot, suite))) walk(path.join(repoRoot, suite));
  return out;
}

/** file:line of every line matching `re`, in files other than `home`. */
function copies(re: RegExp, home: string[], where = (_line: string, _previous: string) => true): string[] {
  const found: string[] = [];
  for (const { file, text } of sources()) {
    if (home.includes(file) || file === 'packages/testkit/src/one-kit.test.ts') continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (re.test(line) && where(line, lines[i - 1] ?? '')) found.push(`${file}:${i + 1}`);
    });
  }
  return found;
}

describe('one test kit', () => {
  it('has one free-port helper (@tokendesk/testkit/free-port)', () => {
    expect(copies(/(function|const)\s+freePort\b/, ['packages/testkit/src/free-port.ts'])).toEqual([]);
  });

  it('has one request helper for the server tests (requester in apps/server/test/helpers.ts)', () => {
    // A function whose body is an inject of `/api/v1/${…}`: the shape each file once wrote for itself.
    const definition = (line: string, previous: string) => /=>|function /.test(line) || /=>\s*$/.test(previous);
    expect(
      copies(/\.inject\(\{\s*method[^}]*url: `\/api\/v1\/\$\{/, ['apps/server/test/helpers.ts'], definition),
    ).toEqual([]);
  });

  it('seeds projects and pools in one place (apps/server/test/support/factories.ts)', () => {
    expect(copies(/async function seedPool\b/, ['apps/server/test/support/factories.ts'])).toEqual([]);
  });

  it('has one supervisor shell (@tokendesk/devchain/supervise), for anvil and the embedded PostgreSQL', () => {
    expect(copies(/while read -r _ <&3/, ['packages/devchain/src/supervise.ts'])).toEqual([]);
  });

  it('starts a throwaway PostgreSQL from the system binaries in one place (@tokendesk/testkit/system-postgres)', () => {
    // The embedded cluster (the product's own) and the root test, which checks its initdb as root, are not copies.
    const home = [
      'packages/testkit/src/system-postgres.ts',
      'apps/server/src/db/embedded-postgres.ts',
      'apps/server/test/ops/embedded-postgres-root.test.ts',
    ];
    expect(copies(/path\.join\(\w+, 'initdb'\)|'initdb'\)/, home)).toEqual([]);
  });
});
