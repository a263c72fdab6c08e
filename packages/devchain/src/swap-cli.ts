/**
 * Makes ONE swap on the local devnet (chain 31337 only) from one of anvil's demo accounts, so you
 * can watch a new trade appear in TokenDesk:
 *
 *   npx tsx packages/devchain/src/swap-cli.ts --rpc http://127.0.0.1:PORT --pool demo-weth --side buy --amount 0.1
 *   npm run swap -w @tokendesk/devchain -- demo-weth-solidly buy 0.1 [--rpc …]   # the same, positional
 *
 * --rpc   the devnet's URL (default http://127.0.0.1:8545, where the server starts it when the port is free)
 * --pool  demo-weth | demo-usdc | smpl-weth | weth-usdc | demo-eth-v4 | demo-usdc-v4 (the V4 pools;
 *         demo-usdc-v4 is the one with a hook) | demo-weth-algebra (Algebra) | demo-usdc-lfj (LFJ) |
 *         demo-weth-solidly | usdc-dai-stable (Aerodrome's Solidly V2, volatile and stable; on
 *         usdc-dai-stable the token is DAI, bought with USDC) | demo-weth-slipstream (Aerodrome's
 *         Slipstream, tick spacing 200)
 * --side  buy (spend --amount of ETH/USDC on the token) | sell (sell --amount of the token)
 *         (on weth-usdc the "token" is WETH: buy spends USDC, sell pays ETH)
 * --account 1..4  which demo account trades (default 1)
 *
 * It refuses any other chain id and any RPC that is not on this machine.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from './addresses.js';
import { assertDevnet, devnetClients } from './client.js';
import { DEVNET_POOLS, swapOnDevnet, type DevnetPool } from './swap.js';

/** The server's devnet port when it was free (docs/devnet.md). */
const DEFAULT_RPC = 'http://127.0.0.1:8545';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export async function runSwapCli(argv: string[], print: (line: string) => void = console.log): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      rpc: { type: 'string' },
      pool: { type: 'string' },
      side: { type: 'string' },
      amount: { type: 'string' },
      account: { type: 'string', default: '1' },
    },
    strict: true,
  });
  // `<pool> <side> <amount>` may stand in for the three flags (npm run swap -- demo-weth buy 0.1).
  if (positionals.length > 0 && (positionals.length !== 3 || values.pool || values.side || values.amount)) {
    throw new UsageError('give either <pool> <side> <amount> or --pool, --side and --amount');
  }
  const [pool, side, amount] = positionals.length === 3 ? positionals : [values.pool, values.side, values.amount];
  const rpc = values.rpc ?? DEFAULT_RPC;
  if (!pool || !side || !amount) throw new UsageError('--pool, --side and --amount are required');
  if (!DEVNET_POOLS.includes(pool as DevnetPool))
    throw new UsageError(`--pool must be one of ${DEVNET_POOLS.join(', ')}`);
  if (side !== 'buy' && side !== 'sell') throw new UsageError('--side must be buy or sell');
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new UsageError('--amount must be a positive decimal number');
  const index = Number(values.account);
  const from = demoAccounts[index - 1];
  if (!Number.isInteger(index) || !from) throw new UsageError(`--account must be 1..${demoAccounts.length}`);
  let host: string;
  try {
    host = new URL(rpc).hostname;
  } catch {
    throw new UsageError(`--rpc is not a URL: ${rpc}`);
  }
  if (!LOOPBACK.has(host))
    throw new UsageError(`--rpc must be the local devnet on this machine (127.0.0.1 or localhost), not ${host}`);

  const clients = devnetClients(rpc);
  await assertDevnet(clients);
  const result = await swapOnDevnet(clients, { from, pool: pool as DevnetPool, side, amount });
  print(`${result.description} from ${from}`);
  print(`tx ${result.hash} in block ${result.receipt.blockNumber}`);
}

export class UsageError extends Error {
  override name = 'UsageError';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runSwapCli(process.argv.slice(2)).catch((error: unknown) => {
    const short = (error as { shortMessage?: string }).shortMessage;
    console.error(short ?? (error instanceof Error ? error.message : String(error)));
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
