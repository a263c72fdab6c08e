import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import { formatAmount, formatPrice } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { formatUnits, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, alertTriggers, notifications } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

// Alert and notification texts use the screens' price and amount formats (product §6,
// docs/decisions/0035): DEMO/WETH sits near 0.0001 WETH, so a sell takes it into the subscript-zero
// range where the old texts read '0.0000987654' or '9.8765e-5'. Writes to the shared devnet
// (swaps), undone by the revert at the end.
let devnet: SharedChain;
let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let poolId: number;

async function catchUp() {
  const chain = ctx.app.chain;
  const indexer = new NetworkIndexer(ctx.database.db, chain, chain.registry.get(31337)!);
  for (let i = 0; i < 50; i++) if ((await indexer.tick()).caughtUp) return;
  throw new Error('indexer did not catch up');
}

const swap = (side: 'buy' | 'sell', amount: string, from = demoAccounts[0]!) =>
  swapOnDevnet(devnetClients(devnet.rpcUrl), { from, pool: 'demo-weth', side, amount });

const abi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function balanceOf(address) view returns (uint256)',
]);

/**
 * Sells DEMO into DEMO/WETH until its price is below `target` WETH (and at least 6 % lower, so a
 * 2 % alert fires), from as many demo accounts as it takes: V2's x·y = k gives the DEMO reserve at
 * the target price, sqrt(k / target); the 0.3 % fee and rounding are covered by 2 % more.
 */
async function sellDemoBelow(target: number) {
  const { public: pub } = devnetClients(devnet.rpcUrl);
  const pair = devnet.addresses.pools.demoWethV2;
  const [r0, r1] = await pub.readContract({ address: pair, abi, functionName: 'getReserves' });
  const demoIs0 =
    (await pub.readContract({ address: pair, abi, functionName: 'token0' })).toLowerCase() ===
    devnet.addresses.demo.toLowerCase();
  const demo = Number(formatUnits(demoIs0 ? r0 : r1, 18));
  const weth = Number(formatUnits(demoIs0 ? r1 : r0, 18));
  let needed = Math.max(Math.sqrt((demo * weth) / target), demo * 1.06) * 1.02 - demo;
  for (const account of demoAccounts) {
    if (needed <= 0) return;
    const balance = Number(
      formatUnits(
        await pub.readContract({ address: devnet.addresses.demo, abi, functionName: 'balanceOf', args: [account] }),
        18,
      ),
    );
    const amount = Math.min(needed, balance * 0.99);
    if (amount < 1) continue;
    await swap('sell', amount.toFixed(6), account);
    needed -= amount;
  }
  if (needed > 0) throw new Error(`the demo accounts hold too little DEMO to take the price below ${target}`);
}

async function addAlert(values: Partial<typeof alerts.$inferInsert> & Pick<typeof alerts.$inferInsert, 'kind'>) {
  const [row] = await ctx.database.db
    .insert(alerts)
    .values({ userId: user.userId, poolId, cooldownMinutes: 60, ...values })
    .returning();
  await catchUp(); // sets since_block: only what follows is judged
  return row!;
}

const firingsOf = async (alertId: number) => ({
  triggers: await ctx.database.db.select().from(alertTriggers).where(eq(alertTriggers.alertId, alertId)),
  notices: await ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.navigationUrl, `/alerts/${alertId}`)),
});

beforeAll(async () => {
  devnet = await claimSharedChain('alert-texts.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  user = await signUp(ctx.app);
  const auth = { authorization: bearer(user.token) };
  const demo: Address = devnet.addresses.demo;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: auth,
    payload: { network: 31337, contract_address: demo, name: 'Demo', token_symbol: 'DEMO', token_decimal: 18 },
  });
  expect(created.statusCode).toBe(201);
  const attached = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/projects/pool/${created.json().id}/`,
    headers: auth,
    payload: { dex: 'uniswap-v2', token: 'weth', pool_address: devnet.addresses.pools.demoWethV2 },
  });
  expect(attached.statusCode).toBe(201);
  poolId = attached.json().id;
  await catchUp();
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('alert texts', () => {
  it('a price move below 0.0001 reads in subscript zeros in the trigger and its notification', async () => {
    const alert = await addAlert({ kind: 'price_move', thresholdPct: '2', windowMinutes: 60 });
    await sellDemoBelow(0.00008);
    await catchUp();
    const { triggers, notices } = await firingsOf(alert.id);
    expect(triggers).toHaveLength(1);
    const values = triggers[0]!.values as { price_from: string; price_to: string; change_pct: string };
    // The case this test is about: the new price has at least four zeros after '0.'.
    expect(Number(values.price_to)).toBeLessThan(0.0001);
    const to = formatPrice(values.price_to);
    expect(to).toMatch(/^0\.0[₀-₉]+\d{1,5}$/);
    // A fall: measured from the hour's high, and said so (issue 35 item 3).
    expect(Number(values.change_pct)).toBeLessThan(0);
    const expected = `DEMO/WETH fell ${Math.abs(Number(values.change_pct)).toFixed(2)}% from its high of the last hour (${formatPrice(values.price_from)} → ${to} WETH).`;
    expect(triggers[0]!.message).toBe(expected);
    expect(notices.map((n) => n.message)).toEqual([expected]);
    // One firing, one time: the bell's notice carries the trigger's time.
    expect(notices[0]!.createdAt.toISOString()).toBe(triggers[0]!.triggeredAt.toISOString());
    expect(expected).not.toMatch(/\de[-+]?\d/);
  });

  it('a large swap states its amount and threshold as amounts are shown', async () => {
    const alert = await addAlert({ kind: 'large_swap', minAmount: '10.50' });
    await swap('buy', '12.5');
    await catchUp();
    const { triggers, notices } = await firingsOf(alert.id);
    expect(triggers).toHaveLength(1);
    const amount = (triggers[0]!.values as { amount_token: string }).amount_token;
    const expected = `A buy of ${formatAmount(amount)} WETH on DEMO/WETH (at least 10.5 WETH).`;
    expect(formatAmount(amount)).toMatch(/^12\.5/);
    expect(notices.map((n) => n.message)).toEqual([expected]);
  });
});
