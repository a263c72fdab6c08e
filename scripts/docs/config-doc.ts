/**
 * docs/configuration.md, generated from apps/server/src/config.ts: every variable of the schema
 * with its default, what it accepts (read from the zod schema itself) and its meaning (the doc
 * comment above it). The README's hand-kept copy drifted (ANSWER_CACHE_SECONDS was missing); a
 * generated file cannot, and docs-generated.test.ts fails when it is not regenerated.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { configSchema } from '../../apps/server/src/config';
import { REAL_NETWORKS } from '../../apps/server/src/chain/networks';
import { cell, linkDecisions, repoRoot } from './markdown';

export const CONFIG_SOURCE = 'apps/server/src/config.ts';
export const CONFIGURATION_DOC = 'docs/configuration.md';

/** The text of a `/** … *\/` comment: its lines joined, the leading asterisks gone. */
function docText(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The doc comment right above a node, if any. */
function leadingDoc(source: ts.SourceFile, node: ts.Node): string | undefined {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const docs = ranges.map((r) => source.text.slice(r.pos, r.end)).filter((c) => c.startsWith('/**'));
  return docs.length > 0 ? docText(docs[docs.length - 1]!) : undefined;
}

interface SourceDocs {
  /** Per schema key, its doc comment. */
  keys: Map<string, string | undefined>;
  /** The comment on RPC_URL_PREFIX: the RPC_URL_<KEY> variables are read by pattern, outside the schema. */
  rpcUrls: string | undefined;
}

export function readSourceDocs(file = path.join(repoRoot, CONFIG_SOURCE)): SourceDocs {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const keys = new Map<string, string | undefined>();
  let rpcUrls: string | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableStatement(node)) {
      for (const decl of node.declarationList.declarations) {
        const name = decl.name.getText(source);
        if (name === 'RPC_URL_PREFIX') rpcUrls = leadingDoc(source, node);
        if (name === 'configSchema' && decl.initializer && ts.isCallExpression(decl.initializer)) {
          const [shape] = decl.initializer.arguments;
          if (shape && ts.isObjectLiteralExpression(shape)) {
            for (const prop of shape.properties) {
              if (ts.isPropertyAssignment(prop)) keys.set(prop.name.getText(source), leadingDoc(source, prop));
            }
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { keys, rpcUrls };
}

// zod's definitions, read structurally: the public types do not expose them.
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  defaultValue?: unknown;
  entries?: Record<string, string>;
  format?: string;
}
interface Schema {
  _zod: { def: Def };
  minValue?: number | null;
  maxValue?: number | null;
}

function defaultOf(schema: Schema): string {
  const def = schema._zod.def;
  if (def.type !== 'default' && def.type !== 'prefault') return '—';
  const value = def.defaultValue;
  if (typeof value === 'boolean') return value ? '`on`' : '`off`';
  if (value === '') return '(empty)';
  if (typeof value === 'string' && path.isAbsolute(value) && value.startsWith(repoRoot)) {
    return `\`./${path.relative(repoRoot, value).split(path.sep).join('/')}\``;
  }
  return `\`${String(value)}\``;
}

function accepts(schema: Schema): string {
  let s: Schema = schema;
  // Through default/prefault/optional to the value's own schema.
  while (s._zod.def.innerType) s = s._zod.def.innerType;
  const def = s._zod.def;
  if (def.type === 'number')
    return `integer ${(s.minValue ?? 0).toLocaleString('en-US')}–${(s.maxValue ?? 0).toLocaleString('en-US')}`;
  if (def.type === 'enum')
    return Object.values(def.entries ?? {})
      .map((v) => `\`${v}\``)
      .join(' ');
  if (def.type === 'pipe' && def.in) {
    const from = def.in._zod.def;
    if (from.type === 'enum' && Object.values(from.entries ?? {}).includes('on'))
      return '`on` / `off` (or true/false, yes/no, 1/0)';
    if (from.type === 'pipe') return '`<burst>,<per minute>`';
    if (from.format === 'url') return 'URL';
    return 'text';
  }
  if (def.format === 'url') return 'URL';
  return 'text';
}

export function renderConfigurationDoc(): string {
  const docs = readSourceDocs();
  const shape = configSchema.shape as unknown as Record<string, Schema>;
  const undocumented = Object.keys(shape).filter((key) => !docs.keys.get(key));
  if (undocumented.length > 0) {
    throw new Error(
      `${CONFIG_SOURCE}: ${undocumented.join(', ')} ha${undocumented.length === 1 ? 's' : 've'} no doc comment; it is the variable's documentation (docs/configuration.md).`,
    );
  }
  if (!docs.rpcUrls) throw new Error(`${CONFIG_SOURCE}: RPC_URL_PREFIX has no doc comment.`);
  const fromDir = path.join(repoRoot, 'docs');
  const row = (name: string, dflt: string, accepted: string, meaning: string) =>
    `| ${name} | ${dflt} | ${accepted} | ${cell(linkDecisions(meaning, fromDir))} |`;
  const rows = Object.entries(shape).map(([key, schema]) =>
    row(`\`${key}\``, defaultOf(schema), accepts(schema), docs.keys.get(key)!),
  );
  const rpcKeys = REAL_NETWORKS.map((n) => `\`RPC_URL_${n.key}\``).join(', ');
  rows.push(
    row(rpcKeys, 'the public endpoints in `apps/server/src/chain/networks.ts`', 'URLs, comma-separated', docs.rpcUrls),
  );
  return [
    '# Configuration',
    '',
    '<!-- Generated from apps/server/src/config.ts by `npm run docs`; edit the doc comments there, not this file. -->',
    '',
    'All settings are environment variables, read once at start and checked; a bad value stops the',
    'server with a message naming the variable. An empty variable counts as unset (`FOO= npm start`).',
    'This page is generated from the schema in [`apps/server/src/config.ts`](../apps/server/src/config.ts)',
    '(`npm run docs`); a test fails when the two differ. **Per server** settings bound what one process',
    'holds; **shared** ones are counted in PostgreSQL for every server on the database, so give every',
    'server the same values ([decision 0052](decisions/0052-shared-limits.md)).',
    '',
    '| variable | default | accepts | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
