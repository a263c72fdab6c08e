/**
 * docs/decisions/README.md, generated from the records themselves: number, title, date and status
 * as each record states them, so the index cannot disagree with a record. The lead regenerates it
 * after merging branches that add records (`npm run docs`); docs-generated.test.ts fails until then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cell, decisionFiles, decisionsDir } from './markdown';

export const DECISIONS_INDEX = 'docs/decisions/README.md';

interface Record {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
}

/** The paragraph that starts with `label:` (it may run over several lines), without the label. */
function field(text: string, label: string): string | undefined {
  const match = new RegExp(`^${label}:([^\\n]*(?:\\n(?!\\s*\\n)[^\\n]*)*)`, 'm').exec(text);
  return match ? match[1]!.replace(/\s+/g, ' ').trim() : undefined;
}

export function readRecord(file: string, dir = decisionsDir): Record {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const heading = /^# (\d{4}) — (.+)$/m.exec(text);
  const date = field(text, 'Date');
  const status = field(text, 'Status');
  if (!heading || !date || !status) {
    throw new Error(
      `docs/decisions/${file}: a record starts with '# NNNN — Title', 'Date:' and 'Status:' (see 0000-template.md).`,
    );
  }
  // The status's first clause: 'accepted', 'superseded by [0024](…)'; the record says the rest.
  const short = status.split(/[;:] /)[0]!.replace(/\.$/, '');
  return { file, number: heading[1]!, title: heading[2]!, date, status: short };
}

export function renderDecisionsIndex(dir = decisionsDir): string {
  const records = [...decisionFiles(dir).values()].map((file) => readRecord(file, dir));
  return [
    '# Decision records',
    '',
    '<!-- Generated from the records by `npm run docs`; edit the records, not this file. -->',
    '',
    'Why TokenDesk is the way it is: one record per decision, numbered in order, never rewritten',
    "once accepted. A later record supersedes or amends an earlier one, and the earlier one's",
    '`Status:` says so. A new record copies [0000-template.md](0000-template.md), takes the next',
    'free number, and this index is regenerated with `npm run docs` (a test fails until it is).',
    '',
    '| # | decision | date | status |',
    '|---|---|---|---|',
    ...records.map((r) => `| ${r.number} | [${cell(r.title)}](${r.file}) | ${r.date} | ${cell(r.status)} |`),
    '',
  ].join('\n');
}
