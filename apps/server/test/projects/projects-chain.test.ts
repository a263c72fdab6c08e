import net from 'node:net';
import { projectMessages as m } from '@tokendesk/contract';
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { formatUnits } from '../../src/chain/decimal';
import { bearer, createTestContext, devnetChain, signUp, type TestContext, requester, type Method } from '../helpers';

const DEVNET = 31337;
const devnet = inject('devnet');
const a = devnet.addresses;

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  owner = await signUp(ctx.app);
  other = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const call = requester(() => ctx.app);

const tokenInfo = (contract_address: string, token = owner.token) =>
  call(token, 'POST', 'projects/get-token-info/', { network: DEVNET, contract_address });

async function createProject(token: string, address: Address, name: string, symbol: string, decimals: number) {
  const res = await call(token, 'POST', 'projects/create/', {
    network: DEVNET,
    contract_address: address,
    name,
    token_symbol: symbol,
    token_decimal: decimals,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('token info says at once that the token is already a project (issue 35)', () => {
  it("names the caller's own project of this token, and never another user's", async () => {
    const fresh = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const before = await tokenInfo(a.usdt, fresh.token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).not.toHaveProperty('existing_project');

    const project = await createProject(fresh.token, a.usdt, 'Tether USD', 'USDT', 6);
    // Checksummed or not, the same contract.
    const mine = await tokenInfo(a.usdt.toLowerCase(), fresh.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ decimals: 6, existing_project: { id: project.id, token_symbol: 'USDT' } });

    // The same token for another user: nothing of the first user's project is told.
    const theirs = await tokenInfo(a.usdt, stranger.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).not.toHaveProperty('existing_project');
  });
});

describe('token info from the contract', () => {
  it.each([
    ['demo', 18],
    ['smpl', 9],
    ['usdc', 6],
    ['usdt', 6],
    ['weth', 18],
  ] as const)('%s has exact metadata', async (key, decimals) => {
    const res = await tokenInfo(a[key]);
    expect(res.statusCode, res.body).toBe(200);
    const client = createPublicClient({ transport: http(devnet.rpcUrl) });
    const abi = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)']);
    const [name, symbol] = await Promise.all([
      client.readContract({ address: a[key], abi, functionName: 'name' }),
      client.readContract({ address: a[key], abi, functionName: 'symbol' }),
    ]);
    expect(res.json()).toEqual({ name, symbol, decimals });
  });

  it('reads bytes32 names and symbols', async () => {
    const res = await tokenInfo(a.bytes32Token);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info.symbol).toMatch(/^[A-Z0-9]+$/);
    expect(info.name.length).toBeGreaterThan(0);
    expect(info.name.includes(String.fromCharCode(0))).toBe(false);
  });

  it('refuses a wallet address and a contract that is not a token, clearly', async () => {
    const wallet = await tokenInfo(a.deployer);
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().detail).toMatch(/no contract at this address on Local Devnet/);
    const notToken = await tokenInfo(a.notAToken);
    expect(notToken.statusCode).toBe(400);
    expect(notToken.json().detail).toMatch(/not an ERC-20 token/);
  });

  it('validates network and address before touching the chain', async () => {
    const none = await call(owner.token, 'POST', 'projects/get-token-info/', {});
    expect(none.statusCode).toBe(400);
    const bad = await tokenInfo('0x1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(m.addressInvalid);
    const unknown = await call(owner.token, 'POST', 'projects/get-token-info/', {
      network: 999999,
      contract_address: a.demo,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(m.unknownNetwork);
  });
});

describe('projects', () => {
  it('creates, lists, finds, refuses duplicates and wrong decimals', async () => {
    const user = await signUp(ctx.app);
    const project = await createProject(user.token, a.demo, 'Demo Token', 'DEMO', 18);
    const list = (await call(user.token, 'GET', 'projects/')).json();
    expect(list.projects).toHaveLength(1);
    expect(list.projects[0]).toMatchObject({
      id: project.id,
      name: 'Demo Token',
      token_symbol: 'DEMO',
      ticker: 'DEMO',
      token_decimal: 18,
      network: DEVNET,
      contract_address: a.demo,
    });

    const dup = await call(user.token, 'POST', 'projects/create/', {
      network: DEVNET,
      contract_address: a.demo.toLowerCase(),
      name: 'x',
      token_symbol: 'x',
      token_decimal: 18,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe(m.duplicateProject);

    const wrongDecimals = await call(user.token, 'POST', 'projects/create/', {
      network: DEVNET,
      contract_address: a.smpl,
      name: 'Sample',
      token_symbol: 'SMPL',
      token_decimal: 18,
    });
    expect(wrongDecimals.statusCode).toBe(400);
    expect(wrongDecimals.json().detail).toMatch(/reports 9 decimals/);

    const notToken = await call(user.token, 'POST', 'projects/create/', {
      network: DEVNET,
      contract_address: a.notAToken,
      name: 'X',
      token_symbol: 'X',
      token_decimal: 18,
    });
    expect(notToken.statusCode).toBe(400);
    expect((await call(user.token, 'GET', 'projects/')).json().projects).toHaveLength(1);
  });

  it('validates in the order of the form', async () => {
    const res = await call(owner.token, 'POST', 'projects/create/', {
      contract_address: 'nope',
      name: '',
      token_symbol: '',
      token_decimal: 99,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'network',
      'contract_address',
      'name',
      'token_symbol',
      'token_decimal',
    ]);
    const decimals = await call(owner.token, 'POST', 'projects/create/', {
      network: DEVNET,
      contract_address: a.demo,
      name: 'D',
      token_symbol: 'D',
      token_decimal: 2.5,
    });
    expect(decimals.json().detail).toBe(m.decimalsInvalid);
  });

  it('searches own projects by name or symbol, case-insensitively, from 2 characters', async () => {
    const user = await signUp(ctx.app);
    await createProject(user.token, a.demo, 'Demo Token', 'DEMO', 18);
    await createProject(user.token, a.smpl, 'Sample Token', 'SMPL', 9);
    const search = async (q: string) =>
      (await call(user.token, 'GET', `projects/search/?query=${encodeURIComponent(q)}`))
        .json()
        .map((r: { token_symbol: string }) => r.token_symbol);
    expect(await search('demo')).toEqual(['DEMO']);
    expect(await search('SmP')).toEqual(['SMPL']);
    expect(await search('token')).toEqual(['DEMO', 'SMPL']);
    expect(await search('o')).toEqual([]);
    expect(await search('%')).toEqual([]);
    // Another user's projects never appear.
    expect((await call(other.token, 'GET', 'projects/search/?query=demo')).json()).toEqual([]);
  });

  it('searches own projects by contract address: the whole address or a prefix of 4+ hex digits, with or without 0x, any case', async () => {
    const user = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    await createProject(user.token, a.demo, 'Demo Token', 'DEMO', 18);
    await createProject(user.token, a.usdc, 'USD Coin', 'USDC', 6);
    const search = async (q: string, token = user.token) =>
      (await call(token, 'GET', `projects/search/?query=${encodeURIComponent(q)}`))
        .json()
        .map((r: { token_symbol: string }) => r.token_symbol);
    expect(await search(a.demo)).toEqual(['DEMO']);
    expect(await search(a.demo.toLowerCase())).toEqual(['DEMO']);
    expect(await search(a.demo.toUpperCase().replace('0X', '0x'))).toEqual(['DEMO']);
    expect(await search(a.usdc.slice(0, 6))).toEqual(['USDC']);
    expect(await search(a.usdc.slice(0, 12).toUpperCase().replace('0X', '0x'))).toEqual(['USDC']);
    // Without the 0x (issue 35 item 12): 'Cf7Ed3' finds DEMO as '0xCf7Ed3' does.
    expect(a.demo.slice(2, 8)).toBe('Cf7Ed3');
    expect(await search('Cf7Ed3')).toEqual(['DEMO']);
    expect(await search(a.demo.slice(2))).toEqual(['DEMO']);
    expect(await search(a.usdc.slice(2, 12).toUpperCase())).toEqual(['USDC']);
    expect(await search(a.usdc.slice(2, 6))).toEqual(['USDC']);
    // Too short to be an address prefix, not at the start, or not hex: no address match.
    expect(await search(a.usdc.slice(0, 5))).toEqual([]);
    expect(await search(a.usdc.slice(2, 5))).toEqual([]);
    expect(await search(a.usdc.slice(4, 14))).toEqual([]);
    expect(await search(`0x0x${a.usdc.slice(2, 10)}`)).toEqual([]);
    expect(await search(`${a.usdc.slice(0, 10)}%`)).toEqual([]);
    // Another user's project with the same address is not found, by address or by name.
    await createProject(stranger.token, a.smpl, 'Sample Token', 'SMPL', 9);
    expect(await search(a.smpl)).toEqual([]);
    expect(await search(a.smpl.slice(0, 8))).toEqual([]);
    expect(await search(a.smpl.slice(2, 10))).toEqual([]);
    expect(await search(a.demo, stranger.token)).toEqual([]);
    expect(await search(a.smpl, stranger.token)).toEqual(['SMPL']);
  });
});

describe('pools on chain', () => {
  let demo: { id: number };
  let smpl: { id: number };
  beforeAll(async () => {
    demo = await createProject(owner.token, a.demo, 'Demo Token', 'DEMO', 18);
    smpl = await createProject(owner.token, a.smpl, 'Sample', 'SMPL', 9);
  });

  // Uniswap V2/V3 pools have none of the other families' shape facts (decision 0067).
  const NO_SHAPE = { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null };
  const lookup = (project_id: number, dex_id: string, token_id: string) =>
    call(owner.token, 'POST', 'projects/get-pool-address/', { project_id, dex_id, token_id });

  it('finds each seeded pool, V2 and V3, and reports no pool for an unpaired token', async () => {
    expect((await lookup(demo.id, 'uniswap-v2', 'weth')).json()).toEqual({
      pool_address: a.pools.demoWethV2,
      pool_version: 'v2',
      fee: null,
      shape: NO_SHAPE,
    });
    expect((await lookup(demo.id, 'uniswap-v2', 'usdc')).json()).toEqual({
      pool_address: a.pools.demoUsdcV2,
      pool_version: 'v2',
      fee: null,
      shape: NO_SHAPE,
    });
    expect((await lookup(smpl.id, 'uniswap-v3', 'weth')).json()).toEqual({
      pool_address: a.pools.smplWethV3,
      pool_version: 'v3',
      fee: 3000,
      shape: NO_SHAPE,
    });
    const none = await lookup(demo.id, 'uniswap-v2', 'usdt');
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(m.noPool('Uniswap V2'));
    expect((await lookup(smpl.id, 'uniswap-v3', 'usdc')).statusCode).toBe(404);
    expect((await lookup(demo.id, 'sushiswap-v2', 'weth')).statusCode).toBe(400);
  });

  it('refuses forged or mismatched pools and saves nothing', async () => {
    const attach = (pool_address: string, dex: string, token: string) =>
      call(owner.token, 'POST', `projects/pool/${demo.id}/`, { dex, token, pool_address });
    const cases: [string, string, string, RegExp][] = [
      [a.pools.demoUsdcV2, 'uniswap-v2', 'weth', /does not pair the project token/],
      [a.pools.smplWethV3, 'uniswap-v2', 'weth', /(not a Uniswap V2 pool|does not belong|does not pair)/],
      [a.pools.demoWethV2, 'uniswap-v3', 'weth', /(not a Uniswap V3 pool|does not belong to Uniswap V3)/],
      [a.notAToken, 'uniswap-v2', 'weth', /not a Uniswap V2 pool/],
      [a.deployer, 'uniswap-v2', 'weth', /no contract at this pool address/],
    ];
    for (const [address, dex, token, message] of cases) {
      const res = await attach(address, dex, token);
      expect(res.statusCode, `${address} ${dex}`).toBe(400);
      expect(res.json().detail).toMatch(message);
    }
    expect((await call(owner.token, 'GET', `projects/${demo.id}/pools/`)).json()).toEqual([]);
  });

  it('attaches verified pools whose reserves and price match the chain', async () => {
    const v2 = await call(owner.token, 'POST', `projects/pool/${demo.id}/`, {
      dex: 'uniswap-v2',
      token: 'weth',
      pool_address: a.pools.demoWethV2,
    });
    expect(v2.statusCode, v2.body).toBe(201);
    const v3 = await call(owner.token, 'POST', `projects/pool/${smpl.id}/`, {
      dex: 'uniswap-v3',
      token: 'weth',
      pool_address: a.pools.smplWethV3,
      pool_version: 'v3',
    });
    expect(v3.statusCode, v3.body).toBe(201);
    const again = await call(owner.token, 'POST', `projects/pool/${demo.id}/`, {
      dex: 'uniswap-v2',
      token: 'weth',
      pool_address: a.pools.demoWethV2.toLowerCase(),
    });
    expect(again.statusCode).toBe(409);

    const client = createPublicClient({ transport: http(devnet.rpcUrl) });
    const pairAbi = parseAbi([
      'function getReserves() view returns (uint112, uint112, uint32)',
      'function token0() view returns (address)',
    ]);
    const funds = (
      (await call(owner.token, 'GET', 'projects/user/pools/funds/')).json() as {
        pools: {
          id: number;
          pool_address: string;
          pool_funds: { amount_token: string; amount_project_token: string; block_number: string };
          price: string;
        }[];
      }
    ).pools;
    const v2Fund = funds.find((f) => f.pool_address === a.pools.demoWethV2)!;
    const block = BigInt(v2Fund.pool_funds.block_number);
    const [r0, r1] = await client.readContract({
      address: a.pools.demoWethV2,
      abi: pairAbi,
      functionName: 'getReserves',
      blockNumber: block,
    });
    const token0 = await client.readContract({ address: a.pools.demoWethV2, abi: pairAbi, functionName: 'token0' });
    const demoIs0 = token0.toLowerCase() === a.demo.toLowerCase();
    const demoRaw = demoIs0 ? r0 : r1;
    const wethRaw = demoIs0 ? r1 : r0;
    expect(v2Fund.pool_funds.amount_project_token).toBe(formatUnits(demoRaw, 18));
    expect(v2Fund.pool_funds.amount_token).toBe(formatUnits(wethRaw, 18));
    expect(Number(v2Fund.price)).toBeCloseTo(Number(wethRaw) / Number(demoRaw), 12);

    const v3Fund = funds.find((f) => f.pool_address === a.pools.smplWethV3)!;
    const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
    const smplBal = await client.readContract({
      address: a.smpl,
      abi: erc20,
      functionName: 'balanceOf',
      args: [a.pools.smplWethV3],
      blockNumber: BigInt(v3Fund.pool_funds.block_number),
    });
    expect(v3Fund.pool_funds.amount_project_token).toBe(formatUnits(smplBal, 9));
    expect(Number(v3Fund.price)).toBeGreaterThan(0);

    const prices = (await call(owner.token, 'GET', 'projects/pool/prices/')).json();
    expect(prices).toContainEqual(
      expect.objectContaining({
        pool_id: v2Fund.id,
        token: 'DEMO',
        pair: 'WETH',
        dex: 'Uniswap V2',
        price: v2Fund.price,
        change_24h: null,
      }),
    );
    const plain = (await call(owner.token, 'GET', 'projects/user/pools/')).json().pools;
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((p: { pool_funds: unknown }) => p.pool_funds === null)).toBe(true);
  });

  it("another user gets 404 on every id of the first user's, on every route", async () => {
    const pools = (await call(owner.token, 'GET', 'projects/user/pools/')).json().pools as { id: number }[];
    expect(pools.length).toBeGreaterThan(0);
    const poolId = pools[0]!.id;
    const requests: [Method, string, object?][] = [
      ['GET', `projects/${demo.id}/`],
      ['GET', `projects/${demo.id}/pools/`],
      ['DELETE', `projects/${demo.id}/`],
      ['POST', 'projects/get-pool-address/', { project_id: demo.id, dex_id: 'uniswap-v2', token_id: 'weth' }],
      ['POST', `projects/pool/${demo.id}/`, { dex: 'uniswap-v2', token: 'usdc', pool_address: a.pools.demoUsdcV2 }],
      ['GET', `projects/user/pools/funds/${poolId}/`],
      ['DELETE', `projects/pool/delete/${poolId}/`],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(other.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of ['projects/', 'projects/user/pools/', 'projects/user/pools/funds/', 'projects/pool/prices/']) {
      const res = (await call(other.token, 'GET', url)).json();
      expect(JSON.stringify(res), url).not.toContain(a.pools.demoWethV2);
    }
    // Nothing of the owner's changed.
    expect((await call(owner.token, 'GET', `projects/${demo.id}/`)).statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `projects/user/pools/funds/${poolId}/`)).statusCode).toBe(200);
  });

  it('deleting a pool, then a project with its pools', async () => {
    const user = await signUp(ctx.app);
    const project = await createProject(user.token, a.demo, 'Demo', 'DEMO', 18);
    const p1 = (
      await call(user.token, 'POST', `projects/pool/${project.id}/`, {
        dex: 'uniswap-v2',
        token: 'weth',
        pool_address: a.pools.demoWethV2,
      })
    ).json();
    await call(user.token, 'POST', `projects/pool/${project.id}/`, {
      dex: 'uniswap-v2',
      token: 'usdc',
      pool_address: a.pools.demoUsdcV2,
    });
    expect((await call(user.token, 'DELETE', `projects/pool/delete/${p1.id}/`)).statusCode).toBe(200);
    expect((await call(user.token, 'GET', `projects/${project.id}/pools/`)).json()).toHaveLength(1);
    expect((await call(user.token, 'DELETE', `projects/${project.id}/`)).statusCode).toBe(200);
    expect((await call(user.token, 'GET', 'projects/user/pools/')).json()).toEqual({ pools: [], next_cursor: null });
    expect((await call(user.token, 'GET', `projects/${project.id}/`)).statusCode).toBe(404);
  });
});

describe('an unreachable node', () => {
  it('answers 503 within 5 s, whether the port is closed or the node stalls', async () => {
    // A node that accepts connections and never answers.
    const sockets: net.Socket[] = [];
    const stalled = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => stalled.listen(0, '127.0.0.1', r));
    const stalledUrl = `http://127.0.0.1:${(stalled.address() as net.AddressInfo).port}`;
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedUrl = `http://127.0.0.1:${(closed.address() as net.AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));

    for (const rpcUrl of [closedUrl, stalledUrl]) {
      const dead = await createTestContext({}, { chain: devnetChain({ rpcUrl }) });
      const user = await signUp(dead.app);
      const started = Date.now();
      const res = await dead.app.inject({
        method: 'POST',
        url: '/api/v1/projects/get-token-info/',
        headers: { authorization: bearer(user.token) },
        payload: { network: DEVNET, contract_address: a.demo },
      });
      const elapsed = Date.now() - started;
      expect(res.statusCode, rpcUrl).toBe(503);
      expect(res.json().detail).toBe(m.nodeUnreachable('Local Devnet'));
      expect(elapsed).toBeLessThanOrEqual(5_000);
      // Routes that need no chain answer as usual.
      expect(
        (
          await dead.app.inject({
            method: 'GET',
            url: '/api/v1/projects/',
            headers: { authorization: bearer(user.token) },
          })
        ).statusCode,
      ).toBe(200);
      await dead.close();
    }
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => stalled.close(() => r()));
  }, 30_000);
});
