/**
 * Regenerates src/generated/solidly.ts and src/generated/slipstream.ts: Aerodrome's Solidly V2
 * (PoolFactory, Pool, Router, FactoryRegistry) and Slipstream (CLFactory, CLPool,
 * NonfungiblePositionManager, SwapRouter) compiled with solc-js from their own sources, vendored in
 * contracts/vendor/ (its README says which repository and commit), at each project's own compiler
 * version and OpenZeppelin release (docs/decisions/0060). Our stand-in voter
 * (contracts/DevnetSolidlyVoter.sol) is compiled with the Solidly sources.
 *
 *   npx tsx packages/devchain/scripts/build-solidly.ts          # write both files
 *   npx tsx packages/devchain/scripts/build-solidly.ts --check  # exit 1 if either is stale
 *
 * Each generated file records a sha256 of its compile's inputs (compiler release, settings, every
 * source file it reads): the package's test compares that (milliseconds) rather than compiling
 * ~90 files again (~20 s of CPU in every suite run); `--check` compiles and compares the output.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, '..');
const vendorDir = join(packageDir, 'contracts', 'vendor');
const require = createRequire(import.meta.url);

/** Where an npm package's files are (resolved from this package, as its aliases are installed). */
const packageRoot = (name: string) => dirname(require.resolve(`${name}/package.json`));

interface Build {
  output: string;
  /** npm alias of the compiler. */
  solc: string;
  /** Solidity settings as the project builds them (foundry.toml / hardhat.config.ts). */
  settings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
  /** Source unit name → file; imports resolve by prefix through `remappings`. */
  roots: Record<string, string>;
  remappings: [prefix: string, dir: string][];
  /** [export name, source unit, contract]. */
  contracts: [string, string, string][];
  origin: string;
}

const BUILDS: Build[] = [
  {
    output: join(packageDir, 'src', 'generated', 'solidly.ts'),
    solc: 'solc-0.8.19',
    // aerodrome-finance/contracts hardhat.config.ts: 0.8.19, optimizer 200 runs (default evm: paris).
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris' },
    roots: {
      'contracts/Pool.sol': '',
      'contracts/factories/PoolFactory.sol': '',
      'contracts/factories/FactoryRegistry.sol': '',
      'contracts/Router.sol': '',
      'DevnetSolidlyVoter.sol': join(packageDir, 'contracts', 'DevnetSolidlyVoter.sol'),
    },
    remappings: [
      // The repository pins an OpenZeppelin master commit of March 2023 (7b3e7b7) that already has 4.9's
      // paths (token/ERC20/extensions/ERC20Permit.sol, not 4.8's draft-ERC20Permit.sol): 4.9.3 is the
      // release closest to it.
      ['@openzeppelin/contracts/', join(packageRoot('oz-contracts-4.9.3'), '')],
      ['contracts/', join(vendorDir, 'aerodrome-contracts', 'contracts', '')],
    ],
    contracts: [
      ['solidlyPool', 'contracts/Pool.sol', 'Pool'],
      ['solidlyPoolFactory', 'contracts/factories/PoolFactory.sol', 'PoolFactory'],
      ['solidlyFactoryRegistry', 'contracts/factories/FactoryRegistry.sol', 'FactoryRegistry'],
      ['solidlyRouter', 'contracts/Router.sol', 'Router'],
      ['devnetSolidlyVoter', 'DevnetSolidlyVoter.sol', 'DevnetSolidlyVoter'],
    ],
    origin: 'contracts/vendor/aerodrome-contracts (aerodrome-finance/contracts) and contracts/DevnetSolidlyVoter.sol',
  },
  {
    output: join(packageDir, 'src', 'generated', 'slipstream.ts'),
    solc: 'solc-0.7.6',
    // aerodrome-finance/slipstream foundry.toml: solc 0.7.6, optimizer 200 runs (default evm: istanbul).
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'istanbul' },
    roots: {
      'contracts/core/CLPool.sol': '',
      'contracts/core/CLFactory.sol': '',
      'contracts/periphery/NonfungiblePositionManager.sol': '',
      'contracts/periphery/SwapRouter.sol': '',
    },
    remappings: [
      // The repository's remappings.txt: @openzeppelin → lib/openzeppelin-contracts (3.4.2-solc-0.7),
      // @nomad-xyz → lib/ExcessivelySafeCall.
      [
        '@openzeppelin/contracts/',
        join(
          dirname(require.resolve('@openzeppelin/contracts/package.json', { paths: [join(packageDir, '..', '..')] })),
          '',
        ),
      ],
      ['@nomad-xyz/', join(vendorDir, 'excessively-safe-call', '')],
      ['contracts/', join(vendorDir, 'slipstream', 'contracts', '')],
    ],
    contracts: [
      ['clPool', 'contracts/core/CLPool.sol', 'CLPool'],
      ['clFactory', 'contracts/core/CLFactory.sol', 'CLFactory'],
      ['clPositionManager', 'contracts/periphery/NonfungiblePositionManager.sol', 'NonfungiblePositionManager'],
      ['clSwapRouter', 'contracts/periphery/SwapRouter.sol', 'SwapRouter'],
    ],
    origin: 'contracts/vendor/slipstream (aerodrome-finance/slipstream) and contracts/vendor/excessively-safe-call',
  },
];

function resolve(build: Build, unit: string): string {
  const root = build.roots[unit];
  if (root) return root;
  for (const [prefix, dir] of build.remappings)
    if (unit.startsWith(prefix)) return join(dir, unit.slice(prefix.length));
  throw new Error(`no remapping for ${unit}`);
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

function compile(build: Build): string {
  const solc = require(build.solc) as { compile(input: string, opts?: unknown): string; version(): string };
  const sources = Object.fromEntries(
    Object.keys(build.roots).map((unit) => [unit, { content: readFileSync(resolve(build, unit), 'utf8') }]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: { ...build.settings, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const findImports = (unit: string) => {
    const path = resolve(build, unit);
    return existsSync(path) ? { contents: readFileSync(path, 'utf8') } : { error: `not found: ${unit} (${path})` };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const lines = [
    '// Generated by scripts/build-solidly.ts — do not edit by hand.',
    `// inputs sha256: ${inputsHash(build)}`,
    `// Compiled from ${build.origin}`,
    `// with solc ${solc.version()} (optimizer ${build.settings.optimizer.runs} runs, evm ${build.settings.evmVersion}).`,
    '',
  ];
  for (const [name, unit, contract] of build.contracts) {
    const c = output.contracts[unit]?.[contract];
    if (!c) throw new Error(`solc produced no output for ${contract}`);
    lines.push(
      `export const ${name} = {`,
      `  abi: ${JSON.stringify(c.abi)},`,
      `  bytecode: '0x${c.evm.bytecode.object}',`,
      '} as const;',
      '',
    );
  }
  return lines.join('\n');
}

/** The source units a compile reads: the roots and, transitively, what they import (as solc resolves it). */
function sourceClosure(build: Build): Map<string, string> {
  const units = new Map<string, string>();
  const visit = (unit: string) => {
    if (units.has(unit)) return;
    const content = readFileSync(resolve(build, unit), 'utf8');
    units.set(unit, content);
    for (const m of content.matchAll(/import\s+(?:[^'"]*from\s+)?["']([^"']+)["']/g)) {
      const path = m[1]!;
      if (!path.startsWith('.')) {
        visit(path);
        continue;
      }
      const parts = unit.split('/').slice(0, -1);
      for (const part of path.split('/')) {
        if (part === '..') parts.pop();
        else if (part !== '.') parts.push(part);
      }
      visit(parts.join('/'));
    }
  };
  for (const root of Object.keys(build.roots)) visit(root);
  return units;
}

function inputsHash(build: Build): string {
  const compiler = (require(`${build.solc}/package.json`) as { version: string }).version;
  const sources = [...sourceClosure(build)].sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(JSON.stringify({ compiler, settings: build.settings, contracts: build.contracts, sources }))
    .digest('hex');
}

/** The generated files whose recorded inputs differ from today's sources (no compile; the test's check). */
export function solidlyInputsChanged(): string[] {
  return BUILDS.filter(
    (b) => !existsSync(b.output) || !readFileSync(b.output, 'utf8').includes(`// inputs sha256: ${inputsHash(b)}\n`),
  ).map((b) => b.output);
}

/** The generated files that differ from a fresh compile (empty when all are current). */
export function staleSolidlyArtifacts(): string[] {
  return BUILDS.filter((b) => !existsSync(b.output) || compile(b) !== readFileSync(b.output, 'utf8')).map(
    (b) => b.output,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = staleSolidlyArtifacts();
    if (stale.length > 0) {
      console.error(`stale: ${stale.join(', ')}: run npx tsx packages/devchain/scripts/build-solidly.ts`);
      process.exit(1);
    }
    console.log('generated Solidly and Slipstream artifacts are current');
  } else {
    for (const build of BUILDS) {
      writeFileSync(build.output, compile(build));
      console.log(`wrote ${build.output}`);
    }
  }
}
