/**
 * The local devnet the e2e server starts (DEVNET on by default): fixed demo addresses from
 * @tokendesk/devchain, and helpers to set up projects and pools through the API.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Pool, Project } from '@tokendesk/contract';
import {
  DEVNET_CHAIN_ID,
  demoAccounts,
  devnetAddresses,
  devnetClients,
  devnetTokens,
  swapOnDevnet as swapWithClients,
  type DevnetPool,
} from '@tokendesk/devchain';
import type { APIRequestContext } from '@playwright/test';
import { apiGet, apiPost, type TestUser } from './fixtures';

export { DEVNET_CHAIN_ID, demoAccounts, devnetAddresses };

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function devnetToken(key: 'demo' | 'smpl' | 'weth' | 'usdc' | 'usdt') {
  const token = devnetTokens.find((t) => t.key === key);
  if (!token) throw new Error(`No devnet token ${key}`);
  return token;
}

export async function createProjectViaApi(
  request: APIRequestContext,
  user: TestUser,
  key: 'demo' | 'smpl',
): Promise<Project> {
  const token = devnetToken(key);
  return apiPost<Project>(request, user, '/projects/create/', {
    network: DEVNET_CHAIN_ID,
    contract_address: token.address,
    name: token.name,
    token_symbol: token.symbol,
    token_decimal: token.decimals,
  });
}

/** Attaches a pool the way the Add Pool modal does: address from the DEX factory, then verified by the server. */
export async function addPoolViaApi(
  request: APIRequestContext,
  user: TestUser,
  projectId: number,
  dexId: string,
  tokenId: string,
): Promise<Pool> {
  const found = await apiPost<{ pool_address: string; pool_version: 'v2' | 'v3' }>(
    request,
    user,
    '/projects/get-pool-address/',
    {
      project_id: projectId,
      dex_id: dexId,
      token_id: tokenId,
    },
  );
  return apiPost<Pool>(request, user, `/projects/pool/${projectId}/`, {
    dex: dexId,
    token: tokenId,
    pool_address: found.pool_address,
    pool_version: found.pool_version,
  });
}

export async function getLivePool(request: APIRequestContext, user: TestUser, poolId: number): Promise<Pool> {
  return apiGet<Pool>(request, user, `/projects/user/pools/funds/${poolId}/`);
}

/**
 * The RPC URL of the devnet the e2e server started: the server writes it into the devnet's lock
 * file under DATA_DIR (playwright.config.ts makes that directory and hands it to the server).
 */
export function devnetRpcUrl(): string {
  const dataDir = process.env.TOKENDESK_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TOKENDESK_E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts.');
  const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'devnet', 'devnet.lock'), 'utf8')) as { rpcUrl?: string };
  if (!lock.rpcUrl) throw new Error('The devnet has not published its RPC URL yet.');
  return lock.rpcUrl;
}

export interface DevnetSwapResult {
  txHash: string;
  blockNumber: string;
}

/**
 * One real swap on the local devnet from one of anvil's demo accounts, through the devchain's
 * swap CLI (it refuses any chain but 31337 and any RPC off this machine).
 */
/**
 * The same swap made from this process (the devchain's own swap function, no CLI spawned): resolves
 * when its receipt is in, so a test can time from the block, and no TypeScript compile loads the
 * machine while it measures (live.spec: the CLI returned 1–3 s after its block under load).
 */
export async function swapOnDevnetInProcess(swap: {
  pool: DevnetPool;
  side: 'buy' | 'sell';
  amount: string;
  account?: 1 | 2 | 3 | 4;
}): Promise<DevnetSwapResult> {
  const from = demoAccounts[(swap.account ?? 1) - 1]!;
  const result = await swapWithClients(devnetClients(devnetRpcUrl()), {
    from,
    pool: swap.pool,
    side: swap.side,
    amount: swap.amount,
  });
  return { txHash: result.hash, blockNumber: result.receipt.blockNumber.toString() };
}

export async function swapOnDevnet(swap: {
  /** Any pool of the devchain's swap CLI (every DEX family's, e.g. demo-weth-solidly, demo-usdc-lfj). */
  pool: DevnetPool;
  side: 'buy' | 'sell';
  amount: string;
  account?: 1 | 2 | 3 | 4;
}): Promise<DevnetSwapResult> {
  const args = [
    'tsx',
    'packages/devchain/src/swap-cli.ts',
    '--rpc',
    devnetRpcUrl(),
    '--pool',
    swap.pool,
    '--side',
    swap.side,
    '--amount',
    swap.amount,
  ];
  if (swap.account) args.push('--account', String(swap.account));
  const { stdout } = await execFileAsync('npx', args, { cwd: repoRoot, timeout: 60_000 });
  const match = /tx (0x[0-9a-fA-F]{64}) in block (\d+)/.exec(stdout);
  if (!match) throw new Error(`Unexpected swap-cli output: ${stdout}`);
  return { txHash: match[1]!, blockNumber: match[2]! };
}
