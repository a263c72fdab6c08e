/**
 * The documents behind the README: the generated ones match their sources (config.ts, the decision
 * records), the README stays a front door, and no link between them points at a file that is gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config';
import { REAL_NETWORKS } from '../../src/chain/networks';
import { GENERATED } from '../../../../scripts/docs/generated';
import { decisionFiles, repoRoot } from '../../../../scripts/docs/markdown';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

describe('generated documents', () => {
  for (const { file, render } of GENERATED) {
    it(`${file} is what its source gives (npm run docs)`, () => {
      expect(fs.existsSync(path.join(repoRoot, file)), `${file} is missing: run npm run docs`).toBe(true);
      // Any difference at all means the file was edited by hand or its source changed since.
      const current = read(file);
      const [have, want] = [current.split('\n'), render(current).split('\n')];
      const line = have.findIndex((text, i) => text !== want[i]);
      const where =
        line === -1
          ? `it ends after line ${have.length}, the source gives ${want.length}`
          : `line ${line + 1} is ${JSON.stringify(have[line])}, the source gives ${JSON.stringify(want[line] ?? '(nothing)')}`;
      expect(
        have.length === want.length && line === -1,
        `${file} differs from what its source gives (${where}): run npm run docs`,
      ).toBe(true);
    });
  }

  it('docs/configuration.md has a row for every variable config.ts reads, ANSWER_CACHE_SECONDS included', () => {
    const doc = read('docs/configuration.md');
    const rows = new Set([...doc.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    for (const key of Object.keys(configSchema.shape)) expect(rows, key).toContain(key);
    expect(rows).toContain('ANSWER_CACHE_SECONDS');
    for (const network of REAL_NETWORKS) expect(doc).toContain(`\`RPC_URL_${network.key}\``);
  });

  it('docs/decisions/README.md lists every record with its status', () => {
    const index = read('docs/decisions/README.md');
    for (const [num, file] of decisionFiles())
      expect(index, file).toMatch(
        new RegExp(`^\\| ${num} \\| \\[.+\\]\\(${file}\\) \\| \\d{4}-\\d{2}-\\d{2} \\| .+ \\|$`, 'm'),
      );
    expect(index).toContain('[0000-template.md](0000-template.md)');
    expect(fs.existsSync(path.join(repoRoot, 'docs/decisions/0000-template.md'))).toBe(true);
  });
});

/** Markdown files whose relative links are checked: the README and every document under docs/. */
function markdownFiles(): string[] {
  const files = ['README.md', 'packages/devchain/README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    let anchor = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${anchor.replace(/-\d+$/, '')}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

describe('the README as a front door', () => {
  it('is at most 150 lines and points at every document behind it', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length, 'README.md lines').toBeLessThanOrEqual(150);
    for (const doc of [
      'docs/README.md',
      'docs/configuration.md',
      'docs/operations.md',
      'docs/database.md',
      'docs/testing.md',
      'docs/api.md',
      'docs/support-staff.md',
      'docs/architecture.md',
      'docs/networks.md',
      'packages/devchain/README.md',
      'docs/decisions/README.md',
      'docs/benchmarks.md',
      'docs/product.md',
    ]) {
      expect(readme, doc).toContain(`](${doc})`);
    }
    expect(readme).toMatch(/!\[[^\]]+\]\(docs\/images\/[a-z0-9-]+\.png\)/);
  });

  it('every relative link in the README and docs/ names a file (and a heading) that exists', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      // Code (fenced or inline) shows link syntax without being a link.
      const text = read(file)
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const [relPath, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = path.join(path.dirname(file), decodeURI(relPath));
        if (!fs.existsSync(path.join(repoRoot, resolved))) {
          broken.push(`${file}: ${target}`);
        } else if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor)) {
          broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
