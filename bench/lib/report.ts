/**
 * What every bench script shares for its report: the lines it prints (kept, so the same text goes
 * into docs/benchmarks.md), the machine it ran on, and the update of its own section of the doc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docPath = path.join(repoRoot, 'docs/benchmarks.md');

export class Report {
  readonly lines: string[] = [];

  /** Prints a line and keeps it for the doc. */
  line(text = ''): void {
    console.log(text);
    this.lines.push(text);
  }

  /** A MET/MISSED line; the run goes on either way (the figure is the product). */
  target(label: string, met: boolean, figure: string): boolean {
    this.line(`${label.padEnd(58)} ${met ? 'MET   ' : 'MISSED'} ${figure}`);
    return met;
  }

  /** Fixed-width columns, right-aligned except the first. */
  table(header: string[], rows: string[][]): void {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const fmt = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    this.line(fmt(header));
    this.line(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) this.line(fmt(row));
  }
}

/** The machine, as one line per fact, for the doc and the console. */
export function machineLines(extra: Record<string, string> = {}): string[] {
  const cpus = os.cpus();
  const facts: Record<string, string> = {
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}`,
    load: `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start (a shared machine is noisy)`,
    node: process.version,
    ...extra,
  };
  return Object.entries(facts).map(([k, v]) => `${`${k}:`.padEnd(10)} ${v}`);
}

/**
 * Replaces the text between `<!-- bench:<name> -->` and `<!-- /bench:<name> -->` in
 * docs/benchmarks.md (appending the section when it is missing); the rest of the file is kept.
 */
export function updateDocSection(name: string, body: string): void {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  const block = `${open}\n${body.trim()}\n${close}`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + block + doc.slice(end + close.length)
      : `${doc.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(docPath, next);
}

/** A section as it goes into the doc: heading, what the bench does, the date and the printed output verbatim. */
export function runBlock(command: string, title: string, intro: string, report: Report): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    `## ${title} (\`${command}\`)`,
    '',
    intro.trim(),
    '',
    `Run of ${date} UTC:`,
    '',
    '```',
    ...report.lines,
    '```',
  ].join('\n');
}

export const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
};

export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (value: number): string =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
