/**
 * Regenerates src/generated/algebra.ts and src/generated/lfj.ts: Algebra Integral core and LFJ
 * Liquidity Book v2.2, compiled with solc-js 0.8.20 from the sources copied into
 * contracts/vendor/ (each folder's README names the repository and commit), with the settings of
 * each project's own build (docs/decisions/0061-algebra-lfj-devnet.md), plus our
 * contracts/DevnetAlgebraRouter.sol. OpenZeppelin comes from the npm aliases of the versions the
 * projects pin: 4.9.3 for Algebra, 5.0.2 (and upgradeable 5.0.2) for LFJ.
 *
 *   npx tsx packages/devchain/scripts/build-algebra-lfj.ts          # write both files
 *   npx tsx packages/devchain/scripts/build-algebra-lfj.ts --check  # exit 1 if either is stale
 *
 * Slow (solc-js in wasm; AlgebraPool alone is a large contract): a minute or more. Start never runs it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak256 } from 'viem';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, '..');
const require = createRequire(import.meta.url);

export const ALGEBRA_OUTPUT_FILE = join(packageDir, 'src', 'generated', 'algebra.ts');
export const LFJ_OUTPUT_FILE = join(packageDir, 'src', 'generated', 'lfj.ts');

interface Solc {
  compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string;
  version(): string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

interface Job {
  /** Source root: paths are relative to it, as in the project's own build. */
  root: string;
  sources: readonly string[];
  runs: number;
  /** Where `@openzeppelin/contracts/` and `@openzeppelin/contracts-upgradeable/` resolve to. */
  openzeppelin: string;
  openzeppelinUpgradeable?: string;
}

function packageRoot(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

function compileJob(solc: Solc, job: Job): SolcOutput['contracts'] {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(job.sources.map((s) => [s, { content: readFileSync(join(job.root, s), 'utf8') }])),
    settings: {
      // Both projects build for paris with no metadata hash (Algebra's hardhat config; LFJ's
      // foundry.toml has no bytecode_hash, so forge's ipfs default, which changes no code but the tail).
      optimizer: { enabled: true, runs: job.runs },
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const resolve = (path: string): string => {
    const oz = '@openzeppelin/contracts/';
    const ozu = '@openzeppelin/contracts-upgradeable/';
    if (path.startsWith(ozu)) {
      if (!job.openzeppelinUpgradeable) throw new Error(`no OpenZeppelin upgradeable for ${path}`);
      return join(job.openzeppelinUpgradeable, path.slice(ozu.length));
    }
    if (path.startsWith(oz)) return join(job.openzeppelin, path.slice(oz.length));
    const full = normalize(join(job.root, path));
    if (!full.startsWith(job.root)) throw new Error(`import outside the vendored sources: ${path}`);
    return full;
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path) => {
        try {
          return { contents: readFileSync(resolve(path), 'utf8') };
        } catch (error) {
          return { error: (error as Error).message };
        }
      },
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return output.contracts;
}

function pick(contracts: SolcOutput['contracts'], file: string, name: string) {
  const c = contracts[file]?.[name];
  if (!c) throw new Error(`solc produced no output for ${file}:${name}`);
  return c;
}

function artifactLines(exportName: string, c: { abi: unknown[]; evm: { bytecode: { object: string } } }): string[] {
  return [
    `export const ${exportName} = {`,
    `  abi: ${JSON.stringify(c.abi)},`,
    `  bytecode: '0x${c.evm.bytecode.object}',`,
    '} as const;',
    '',
  ];
}

function compileAll(): { algebra: string; lfj: string } {
  const solc = require('solc-0.8.20') as Solc;
  const vendor = join(packageDir, 'contracts', 'vendor');
  const algebraRoot = join(vendor, 'algebra');
  const oz4 = join(packageRoot('oz-contracts-4.9.3'));
  // Algebra's src/core/hardhat.config.ts: 800 runs by default, AlgebraFactory at 1,000,000 and
  // AlgebraPool and AlgebraPoolDeployer at 0 (the pool is near the size limit), evm paris.
  const factory = compileJob(solc, {
    root: algebraRoot,
    sources: ['AlgebraFactory.sol'],
    runs: 1_000_000,
    openzeppelin: oz4,
  });
  const deployer = compileJob(solc, {
    root: algebraRoot,
    sources: ['AlgebraPoolDeployer.sol'],
    runs: 0,
    openzeppelin: oz4,
  });
  const router = compileJob(solc, {
    root: join(packageDir, 'contracts'),
    sources: ['DevnetAlgebraRouter.sol'],
    runs: 800,
    openzeppelin: oz4,
  });
  const algebra = [
    '// Generated by scripts/build-algebra-lfj.ts — do not edit by hand.',
    `// Algebra Integral core (BUSL-1.1, docs/decisions/0061) from contracts/vendor/algebra, solc ${solc.version()}, evm paris,`,
    '// optimizer as its hardhat config: AlgebraFactory 1,000,000 runs, AlgebraPoolDeployer and AlgebraPool 0;',
    '// DevnetAlgebraRouter (ours, MIT) 800 runs.',
    '',
    ...artifactLines('algebraFactory', pick(factory, 'AlgebraFactory.sol', 'AlgebraFactory')),
    ...artifactLines('algebraPoolDeployer', pick(deployer, 'AlgebraPoolDeployer.sol', 'AlgebraPoolDeployer')),
    // The pool's ABI only: its creation code is inside the deployer (CREATE2 per pair).
    `export const algebraPoolAbi = ${JSON.stringify(pick(deployer, 'AlgebraPool.sol', 'AlgebraPool').abi)} as const;`,
    '',
    "/** keccak256 of AlgebraPool's creation code as compiled here: the deployer CREATE2s each pool with it. */",
    `export const ALGEBRA_POOL_INIT_CODE_HASH = '${keccak256(`0x${pick(deployer, 'AlgebraPool.sol', 'AlgebraPool').evm.bytecode.object}`)}';`,
    '',
    ...artifactLines('devnetAlgebraRouter', pick(router, 'DevnetAlgebraRouter.sol', 'DevnetAlgebraRouter')),
  ].join('\n');

  // joe-v2's foundry.toml: solc 0.8.20, evm paris, optimizer 800 runs, for every contract.
  const lfjContracts = compileJob(solc, {
    root: join(vendor, 'lfj'),
    sources: ['LBFactory.sol', 'LBPair.sol', 'LBRouter.sol'],
    runs: 800,
    openzeppelin: packageRoot('oz-contracts-5.0.2'),
    openzeppelinUpgradeable: packageRoot('oz-contracts-upgradeable-5.0.2'),
  });
  const lfj = [
    '// Generated by scripts/build-algebra-lfj.ts — do not edit by hand.',
    `// LFJ Liquidity Book v2.2 (MIT) from contracts/vendor/lfj, solc ${solc.version()}, evm paris, optimizer 800 runs (its foundry.toml).`,
    '',
    ...artifactLines('lbFactory', pick(lfjContracts, 'LBFactory.sol', 'LBFactory')),
    ...artifactLines('lbPair', pick(lfjContracts, 'LBPair.sol', 'LBPair')),
    ...artifactLines('lbRouter', pick(lfjContracts, 'LBRouter.sol', 'LBRouter')),
  ].join('\n');
  return { algebra, lfj };
}

export function algebraLfjGeneratedIsCurrent(): boolean {
  const { algebra, lfj } = compileAll();
  return algebra === readFileSync(ALGEBRA_OUTPUT_FILE, 'utf8') && lfj === readFileSync(LFJ_OUTPUT_FILE, 'utf8');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    if (!algebraLfjGeneratedIsCurrent()) {
      console.error(
        'src/generated/algebra.ts or lfj.ts is stale: run npx tsx packages/devchain/scripts/build-algebra-lfj.ts',
      );
      process.exit(1);
    }
    console.log('generated Algebra and LFJ artifacts are current');
  } else {
    const { algebra, lfj } = compileAll();
    writeFileSync(ALGEBRA_OUTPUT_FILE, algebra);
    writeFileSync(LFJ_OUTPUT_FILE, lfj);
    console.log(`wrote ${ALGEBRA_OUTPUT_FILE} and ${LFJ_OUTPUT_FILE}`);
  }
}
