/**
 * Small helpers shared by the generated documents: text taken from code comments becomes table
 * cells, and references to decision records become links.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const decisionsDir = path.join(repoRoot, 'docs', 'decisions');

/** The decision record files by number ('0052' → '0052-shared-limits.md'); the template is left out. */
export function decisionFiles(dir = decisionsDir): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(dir).sort()) {
    const num = /^(\d{4})-.+\.md$/.exec(name)?.[1];
    if (num && num !== '0000') files.set(num, name);
  }
  return files;
}

/**
 * 'decision 0052', 'decisions 0033, 0062' and 'docs/decisions/0051-indexer-lease.md' become links
 * to the record, relative to `fromDir` (a folder under docs/). A number with no record stays text,
 * so a typo shows as an unlinked number rather than a broken link.
 */
export function linkDecisions(text: string, fromDir: string, files = decisionFiles()): string {
  const link = (num: string, label: string) => {
    const file = files.get(num);
    if (!file) return label;
    const target = path.relative(fromDir, path.join(decisionsDir, file)).split(path.sep).join('/');
    return `[${label}](${target})`;
  };
  return text
    .replace(/docs\/decisions\/(\d{4})(?:-[a-z0-9-]+)?(?:\.md)?/g, (_all, num: string) => link(num, `decision ${num}`))
    .replace(/\bdecision (\d{4})\b(?![\]\d])/g, (_all, num: string) => link(num, `decision ${num}`))
    .replace(
      /\b(decisions )((?:\d{4})(?:(?:, | and )\d{4})+)/g,
      (_all, word: string, nums: string) => word + nums.replace(/\d{4}/g, (num) => link(num, num)),
    );
}

/**
 * A table cell: one line, pipes escaped, and a `<` outside code escaped, so a comment's
 * `RPC_URL_<KEY>` written without backticks is not swallowed as an HTML tag.
 */
export function cell(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return oneLine
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;') : part))
    .join('`');
}
