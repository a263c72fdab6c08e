import {
  callTestContract,
  demoAccounts,
  deployTestContract,
  devnetClients,
  type TestContractName,
} from '@tokendesk/devchain';
import type { HoldersSummary } from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import { formatUnits, getAddress, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { tokenBalances, tokenHolderReconciliation, tokenHolderSync } from '../../src/db/schema';
import { HolderIndexer } from '../../src/indexer/holders';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

// This file deploys tokens that break the ERC-20 conventions and writes to them: it holds the
// run's shared devnet (lock, snapshot) and reverts it afterwards (@tokendesk/testkit/shared-chain).
let devnet: SharedChain;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;

const [alice, bob, carol, dave] = demoAccounts as [Address, Address, Address, Address];
const E18 = 10n ** 18n;
const SUPPLY = 1_000_000n * E18;
const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
const clients = () => devnetClients(devnet.rpcUrl);
const lower = (a: string) => a.toLowerCase();

async function catchUp() {
  const indexer = new HolderIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!);
  for (let i = 0; i < 500; i++) if ((await indexer.tick()).caughtUp) return;
  throw new Error('holder indexer did not catch up');
}

async function createProject(token: Address, symbol: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: { authorization: bearer(owner.token) },
    payload: { network: 31337, contract_address: token, name: symbol, token_symbol: symbol, token_decimal: 18 },
  });
  if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: bearer(owner.token) } });
const summaryOf = async (projectId: number) =>
  (await get(`/api/v1/projects/${projectId}/holders/`)).json<HoldersSummary>();

const balanceOf = (token: Address, who: string) =>
  clients().public.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [who as Address] });
const totalSupply = (token: Address) =>
  clients().public.readContract({ address: token, abi: erc20, functionName: 'totalSupply' });
const call = (name: TestContractName, token: Address, fn: string, args: readonly unknown[], from: Address = alice) =>
  callTestContract(clients(), from, name, token, fn, args);

async function storedBalances(token: Address): Promise<Map<string, bigint>> {
  const rows = await ctx.database.db
    .select()
    .from(tokenBalances)
    .where(and(eq(tokenBalances.networkId, 31337), eq(tokenBalances.tokenAddress, lower(token))));
  return new Map(rows.map((r) => [r.holder, BigInt(r.balance)]));
}

/** Every row of the card's top list carries balanceOf and its share of totalSupply(), read from the chain now. */
async function expectTopFromChain(token: Address, summary: HoldersSummary) {
  const supply = await totalSupply(token);
  expect(summary.supply).toBe(formatUnits(supply, 18));
  expect(summary.supply_source).toBe('total_supply');
  expect(summary.top.length).toBeGreaterThan(0);
  for (const row of summary.top) {
    const onChain = await balanceOf(token, row.address);
    expect(row.balance, `balance of ${row.address}`).toBe(formatUnits(onChain, 18));
    expect(row.share_pct).toBe(Number((onChain * 10_000n) / supply) / 100);
    expect(row.share_pct!).toBeGreaterThanOrEqual(0);
  }
  return supply;
}

beforeAll(async () => {
  devnet = await claimSharedChain('holders-truth.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  owner = await signUp(ctx.app);
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('holder figures on tokens that break the ERC-20 conventions', () => {
  it('a supply assigned without a Transfer event: no negative balance or share, and the chain figures with a notice', async () => {
    const { address: token } = await deployTestContract(clients(), alice, 'silentMintToken', [SUPPLY]);
    await call('silentMintToken', token, 'transfer', [bob, 100n * E18]); // alice was never credited by a log
    await call('silentMintToken', token, 'mintSilently', [carol, 50n * E18]);
    await call('silentMintToken', token, 'transfer', [dave, 10n * E18], carol); // nor was carol
    const projectId = await createProject(token, 'SLNT');
    await catchUp();

    const stored = await storedBalances(token);
    for (const [holder, balance] of stored) expect(balance, holder).toBeGreaterThanOrEqual(0n);

    const summary = await summaryOf(projectId);
    expect(summary.sync.state).toBe('live');
    expect(summary.reconciliation.status).toBe('differs');
    expect(summary.balances_source).toBe('balance_of');
    const supply = await expectTopFromChain(token, summary);
    // The check saw alice (the deployer) and carol (overdrawn by the logs); all four hold tokens.
    const byAddress = new Map(summary.top.map((r) => [r.address, r]));
    expect(byAddress.get(getAddress(alice))!.balance).toBe(formatUnits(await balanceOf(token, alice), 18));
    expect(byAddress.get(getAddress(alice))!.labels).toEqual(['deployer']);
    expect(byAddress.get(getAddress(carol))!.balance).toBe('40');
    expect(summary.holder_count).toBe(4);
    // Every screen says 4 (issue 29, item 10): the last point of the daily history, the project
    // list and the project (the logs alone count 2: bob and dave).
    const history = (await get(`/api/v1/projects/${projectId}/holders/history/`)).json<{
      points: { day: string; holder_count: number }[];
    }>();
    expect(history.points.at(-1)!.holder_count).toBe(4);
    expect((await get(`/api/v1/projects/${projectId}/`)).json<{ holder_count: number | null }>().holder_count).toBe(4);
    const listed = (await get('/api/v1/projects/')).json<{ projects: { id: number; holder_count: number | null }[] }>()
      .projects;
    expect(listed.find((p) => p.id === projectId)!.holder_count).toBe(4);
    // Concentration from the chain: the four hold everything; never negative, never above 100 %.
    expect(summary.top10_share_pct).toBe(100);

    const r = summary.reconciliation;
    expect(r.block).toBe((await clients().public.getBlockNumber()).toString());
    expect(r.supply_on_chain).toBe(formatUnits(supply, 18));
    expect(r.supply_from_logs).toBe('110'); // bob 100 + dave 10: all the logs know of
    expect(r.difference).toBe(formatUnits(supply - 110n * E18, 18));
    expect(r.addresses_differing).toBe(2); // alice and carol
    expect(r.note).toMatch(/balanceOf and totalSupply\(\) at block \d+/);
    expect(r.note).toMatch(/holder count comes from the logs/);

    // The export agrees with the card: a line says where the figures come from, then the header,
    // then the chain's balances of the checked addresses, largest first.
    const csv = (await get(`/api/v1/projects/${projectId}/holders/export/`)).body.trim().split('\r\n');
    expect(csv[0]).toMatch(/^"# At block \d+ the chain disagrees/);
    expect(csv[1]).toBe('rank,address,balance,balance_raw,share_pct,labels');
    expect(csv[2]!.split(',').slice(0, 4)).toEqual([
      '1',
      getAddress(alice),
      formatUnits(SUPPLY - 100n * E18, 18),
      (SUPPLY - 100n * E18).toString(),
    ]);
    for (const line of csv.slice(2)) {
      const [, address, , raw] = line.split(',');
      expect(BigInt(raw!), address).toBe(await balanceOf(token, address!));
    }
  });

  it('a Transfer event without indexed parameters: exact balances, count and supply', async () => {
    const { address: token } = await deployTestContract(clients(), alice, 'unindexedTransferToken', [SUPPLY]);
    await call('unindexedTransferToken', token, 'transfer', [bob, 300n * E18]);
    await call('unindexedTransferToken', token, 'transfer', [carol, 20n * E18], bob);
    await call('unindexedTransferToken', token, 'transfer', [dave, 1n], alice);
    const projectId = await createProject(token, 'UNIX');
    await catchUp();

    const stored = await storedBalances(token);
    for (const holder of new Set([...[alice, bob, carol, dave].map(lower), ...stored.keys()])) {
      expect(stored.get(holder) ?? 0n, holder).toBe(await balanceOf(token, holder));
    }
    const summary = await summaryOf(projectId);
    expect(summary.holder_count).toBe(4);
    expect(summary.reconciliation.status).toBe('matches');
    expect(summary.balances_source).toBe('transfer_logs');
    expect(summary.reconciliation.supply_from_logs).toBe(formatUnits(await totalSupply(token), 18));
    await expectTopFromChain(token, summary);
  });

  it('a rebasing token: the card takes balanceOf and totalSupply() after a 1.1x rebase, with a notice', async () => {
    const { address: token } = await deployTestContract(clients(), alice, 'rebasingToken', [SUPPLY]);
    await call('rebasingToken', token, 'transfer', [bob, 1_000n * E18]);
    const projectId = await createProject(token, 'RBS');
    await catchUp();
    expect((await summaryOf(projectId)).reconciliation.status).toBe('matches');

    await call('rebasingToken', token, 'rebase', [11n * 10n ** 17n]);
    await call('rebasingToken', token, 'transfer', [carol, 100n * E18], bob); // bob holds 1,100 now, the logs say 1,000
    await catchUp();

    const summary = await summaryOf(projectId);
    expect(summary.reconciliation.status).toBe('differs');
    const supply = await expectTopFromChain(token, summary);
    expect(supply).toBe((SUPPLY * 11n) / 10n);
    // bob: 1,100 after the rebase less 100 sent (share rounding may leave a wei); the logs say 900.
    expect(Number(summary.top.find((r) => r.address === getAddress(bob))!.balance)).toBeCloseTo(1000, 6);
    expect(summary.holder_count).toBe(3);
    const r = summary.reconciliation;
    expect(r.supply_from_logs).toBe('1000000');
    expect(r.supply_on_chain).toBe('1100000');
    expect(r.difference).toBe('100000');
    expect(r.note).toContain('rebasing tokens');
    const stored = await storedBalances(token);
    for (const [holder, balance] of stored) expect(balance, holder).toBeGreaterThanOrEqual(0n);
  });

  it('a forwarding proxy whose logs come from its backend: holder statistics are not available, not 0 holders', async () => {
    const { address: token } = await deployTestContract(clients(), alice, 'forwardingProxyToken', [SUPPLY]);
    await call('forwardingProxyToken', token, 'transfer', [bob, 5n * E18]);
    const projectId = await createProject(token, 'PRXY');
    await catchUp();

    const summary = await summaryOf(projectId);
    expect(summary.sync.state).toBe('live');
    expect(summary.holder_count).toBeNull();
    expect(summary.top).toEqual([]);
    expect(summary.top10_share_pct).toBeNull();
    expect(summary.supply).toBe(formatUnits(await totalSupply(token), 18));
    expect(summary.reconciliation.status).toBe('no_logs');
    expect(summary.reconciliation.note).toMatch(
      /^Holder statistics are not available for this token: .*no Transfer logs from its address/,
    );
    // The project list does not say '0 holders' either.
    // ...and says the count will not come, so screens stop waiting for it.
    const project = (await get(`/api/v1/projects/${projectId}/`)).json<{
      holder_count: number | null;
      holders_available: boolean;
    }>();
    expect(project.holder_count).toBeNull();
    expect(project.holders_available).toBe(false);
    const listed = (await get('/api/v1/projects/')).json<{ projects: { id: number; holders_available: boolean }[] }>()
      .projects;
    expect(listed.find((p) => p.id === projectId)?.holders_available).toBe(false);
    expect(listed.filter((p) => p.id !== projectId).every((p) => p.holders_available)).toBe(true);
  });

  it('checks every caught-up token in one eth_call per tick, pinned to the block its logs end at', async () => {
    const { address: token } = await deployTestContract(clients(), alice, 'unindexedTransferToken', [SUPPLY]);
    await createProject(token, 'UNI2');
    await catchUp();
    await call('unindexedTransferToken', token, 'transfer', [bob, 1n]);

    const calls: string[] = [];
    const counted = new ChainService(ctx.app.chain.registry, { onRpc: (e) => calls.push(e.method) });
    await new HolderIndexer(ctx.database.db, counted, ctx.app.chain.registry.get(31337)!).tick();
    const tracked = await ctx.database.db.select().from(tokenHolderSync).where(eq(tokenHolderSync.networkId, 31337));
    expect(calls.filter((m) => m === 'eth_call')).toHaveLength(tracked.length);
    const head = await clients().public.getBlockNumber();
    for (const sync of tracked) {
      expect(sync.toBlock, sync.tokenAddress).toBe(head);
      const [check] = await ctx.database.db
        .select()
        .from(tokenHolderReconciliation)
        .where(eq(tokenHolderReconciliation.tokenAddress, sync.tokenAddress));
      expect(check!.blockNumber, sync.tokenAddress).toBe(head);
    }
  });
  it('leaves the checks for a later tick while a newer block waits, so that block is indexed first (the devnet)', async () => {
    const { address: token } = await deployTestContract(clients(), alice, 'unindexedTransferToken', [SUPPLY]);
    await createProject(token, 'UNI3');
    await catchUp();
    await call('unindexedTransferToken', token, 'transfer', [bob, 1n]);
    const head = await clients().public.getBlockNumber();
    const checkedAt = async () =>
      (
        await ctx.database.db
          .select()
          .from(tokenHolderReconciliation)
          .where(eq(tokenHolderReconciliation.tokenAddress, lower(token)))
      )[0]?.blockNumber;

    const calls: string[] = [];
    const counted = new ChainService(ctx.app.chain.registry, { onRpc: (e) => calls.push(e.method) });
    let asked = 0;
    const waiting = new HolderIndexer(ctx.database.db, counted, ctx.app.chain.registry.get(31337)!, {
      newBlockWaiting: async () => (asked++, true),
    });
    const result = await waiting.tick();
    // The transfer is stored; no token was checked, and the runner is told to come back at once.
    expect(result.transfers).toBe(1);
    expect(asked).toBe(1);
    expect(calls.filter((m) => m === 'eth_call')).toHaveLength(0);
    expect(result.caughtUp).toBe(false);
    expect(await checkedAt()).not.toBe(head);

    // Nothing waiting: the check is made at the block the logs end at.
    const quiet = await new HolderIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!, {
      newBlockWaiting: async () => false,
    }).tick();
    expect(quiet.caughtUp).toBe(true);
    expect(await checkedAt()).toBe(head);
  });
});
