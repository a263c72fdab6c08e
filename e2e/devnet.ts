/**
 * The local devnet the e2e server starts (DEVNET on by default): fixed demo addresses from
 * @tokendesk/devchain, and helpers to set up projects and pools through the API.
 */
import type { Pool, Project } from '@tokendesk/contract';
import { DEVNET_CHAIN_ID, demoAccounts, devnetAddresses, devnetTokens } from '@tokendesk/devchain';
import type { APIRequestContext } from '@playwright/test';
import { apiGet, apiPost, type TestUser } from './fixtures';

export { DEVNET_CHAIN_ID, demoAccounts, devnetAddresses };

export function devnetToken(key: 'demo' | 'smpl' | 'weth' | 'usdc' | 'usdt') {
  const token = devnetTokens.find((t) => t.key === key);
  if (!token) throw new Error(`No devnet token ${key}`);
  return token;
}

export async function createProjectViaApi(request: APIRequestContext, user: TestUser, key: 'demo' | 'smpl'): Promise<Project> {
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
  const found = await apiPost<{ pool_address: string; pool_version: 'v2' | 'v3' }>(request, user, '/projects/get-pool-address/', {
    project_id: projectId,
    dex_id: dexId,
    token_id: tokenId,
  });
  return apiPost<Pool>(request, user, `/projects/pool/${projectId}/`, {
    dex: dexId,
    token: tokenId,
    pool_address: found.pool_address,
    pool_version: found.pool_version,
  });
}

export async function getFund(request: APIRequestContext, user: TestUser, poolId: number): Promise<Pool> {
  return apiGet<Pool>(request, user, `/projects/user/pools/funds/${poolId}/`);
}
