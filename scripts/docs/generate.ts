/**
 * `npm run docs`: writes the generated documents. `npm run docs -- --check` writes nothing and
 * exits 1 naming every document that differs from what its source gives (the same comparison as
 * apps/server/test/ops/docs-generated.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED } from './generated';
import { repoRoot } from './markdown';

const check = process.argv.includes('--check');
let stale = 0;
for (const { file, render } of GENERATED) {
  const target = path.join(repoRoot, file);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
  const wanted = render(current ?? '');
  if (current === wanted) continue;
  if (check) {
    stale += 1;
    console.error(`${file} is out of date: run npm run docs`);
  } else {
    fs.writeFileSync(target, wanted);
    console.log(`wrote ${file}`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
