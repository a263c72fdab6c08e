import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devnetAddresses, startDevnet, type Devnet } from '@tokendesk/devchain';
import { call, type User } from '@tokendesk/testkit/http';

export const DEVNET_ID = 31337;
export const DEMO_WETH_POOL = devnetAddresses.pools.demoWethV2;
export const DEMO_USDC_POOL = devnetAddresses.pools.demoUsdcV2;

export interface TestDevnet extends Devnet {
  host: string;
  port: number;
  destroy(): Promise<void>;
}

/** A devnet of its own (the demo deployment and seeded history) in a temporary directory. */
export async function startTestDevnet(): Promise<TestDevnet> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-devnet-'));
  const devnet = await startDevnet({ dataDir });
  const url = new URL(devnet.rpcUrl);
  return {
    ...devnet,
    host: url.hostname,
    port: Number(url.port),
    destroy: async () => {
      await devnet.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const demoTokens = {
  DEMO: { address: devnetAddresses.demo, symbol: 'DEMO', decimals: 18 },
  SMPL: { address: devnetAddresses.smpl, symbol: 'SMPL', decimals: 9 },
  WETH: { address: devnetAddresses.weth, symbol: 'WETH', decimals: 18 },
  USDC: { address: devnetAddresses.usdc, symbol: 'USDC', decimals: 6 },
  USDT: { address: devnetAddresses.usdt, symbol: 'USDT', decimals: 6 },
} as const;

/** A devnet project through the API (the server reads the token on chain). */
export async function createProject(
  base: string,
  user: User,
  token: keyof typeof demoTokens = 'DEMO',
): Promise<{ id: number }> {
  const t = demoTokens[token];
  const res = await call<{ id: number }>(base, 'POST', '/api/v1/projects/create/', {
    token: user.token,
    body: {
      network: DEVNET_ID,
      contract_address: t.address,
      name: `${t.symbol} project`,
      token_symbol: t.symbol,
      token_decimal: t.decimals,
    },
  });
  if (res.status !== 201) throw new Error(`create project: ${res.status} ${res.text}`);
  return res.body;
}

/** Attaches a demo pool (verified on chain by the server). */
export async function attachPool(
  base: string,
  user: User,
  projectId: number,
  pool: string = DEMO_WETH_POOL,
  paired = 'weth',
): Promise<{ id: number }> {
  const res = await call<{ id: number }>(base, 'POST', `/api/v1/projects/pool/${projectId}`, {
    token: user.token,
    body: { dex: 'uniswap-v2', token: paired, pool_address: pool },
  });
  if (res.status !== 201) throw new Error(`attach pool: ${res.status} ${res.text}`);
  return res.body;
}
