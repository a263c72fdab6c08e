/**
 * Benchmark: a 40,000-swap Uniswap V2 backfill, TokenDesk's indexer against the bulk floor, in one
 * run on the same devnet and PostgreSQL (issue 30 item 7).
 *
 *   npm run bench:backfill [-- --swaps 40000] [--per-block 20] [--trader-reads 20] [--pacing steps:1,steps,beside,slices] [--doc before|after|senders|beside|concurrent|slices]
 *
 * Setup (not measured): a fresh devnet (anvil with the demo deployment, without the devnet's state
 * saver, whose dumps of a growing state would land in the measurement) with one Uniswap V2 pair of two bench tokens; `--swaps` real
 * swaps through the devnet's V2 router, one transaction each, `--per-block` to a block (automine
 * off, then evm_mine with the clock 2 s on per block). Only the throwaway local devnet gets them.
 *
 * Measured, in this order:
 * (a) the floor: the pool's logs (the indexer's own topics) fetched with eth_getLogs in ranges of
 *     `--floor-range` blocks with a bare fetch (no size limit, no checks), and all of them written
 *     with ONE COPY into an unindexed scratch table: what moving these logs from node to database
 *     costs at least;
 * (b) NetworkIndexer backfilling the pool from scratch into its real tables (events, snapshots,
 *     checkpoints, block hashes), ticked as the runner ticks it (at once while it says it is not
 *     caught up, else after the network's poll interval). "Events" are the stored swaps; senders
 *     are complete when no event of the pool is left without its trader (traders.ts).
 * Both rates are swaps per second of wall time, so the ratio compares the same work.
 */
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { encodeFunctionData, maxUint256, parseAbi, toHex, type Hex } from 'viem';
import { ChainService } from '../../apps/server/src/chain/chain-service';
import { DEFAULT_SENDER_CONCURRENCY, devnetNetwork, NetworkRegistry } from '../../apps/server/src/chain/networks';
import { openDatabase, queryRows, type Db } from '../../apps/server/src/db/client';
import { pools, projects, users } from '../../apps/server/src/db/schema';
import { EVENT_TOPICS } from '../../apps/server/src/indexer/events';
import { NetworkIndexer, SENDERS_BESIDE_BY_DEFAULT, type TickResult } from '../../apps/server/src/indexer/indexer';
import { nextPoolStep, type PoolStep } from '../../apps/server/src/indexer/pacing';
import { normalizeAddress } from '../../apps/server/src/lib/addresses';
import type { DevnetAddresses } from '@tokendesk/devchain';
import { createBenchPools, type BenchPools } from '../lib/devnet-pools';
import { startBenchPostgres } from '../lib/postgres';
import { arg, machineLines, Report, updateDocSection } from '../lib/report';

const SWAPS = arg('swaps', 40_000);
const PER_BLOCK = arg('per-block', 20);
const FLOOR_RANGE = BigInt(arg('floor-range', 1_000));
const TRADER_READS = arg('trader-reads', 20);
/** Gives up waiting for senders after this long (the figure is then printed as "not complete"). */
const SENDER_WAIT_MS = arg('sender-wait-s', 600) * 1000;
type Pacing = 'ticks' | 'steps' | 'beside' | 'slices';
/** One indexer run: how senders are paced, and how many sender requests may be in flight (null: the network's senderConcurrency). */
interface RunSpec {
  pacing: Pacing;
  concurrency: number | null;
}
/**
 * `--pacing` lists the runs, each `pacing[:concurrency]`: 'ticks' (every step a full tick, before
 * 0062's amendment), 'steps' (senders-only steps after the events, decision 0062) and 'beside'
 * (IndexerOptions.sendersBeside: sender batches also beside the backfill's slices), 'slices'
 * (IndexerOptions.sendersWithSlices: each slice's senders read before it is stored); `:1` is one
 * sender request at a time, as before decision 0081. By default: main before 0081 (`steps:1`), then
 * the devnet's senderConcurrency after the events (`steps`) and beside the slices (`beside`).
 */
const pacingArg = process.argv.indexOf('--pacing');
const RUNS: RunSpec[] = (pacingArg > 0 ? process.argv[pacingArg + 1]! : 'steps:1,steps,beside')
  .split(',')
  .map((spec) => {
    const [pacing, concurrency] = spec.split(':') as [Pacing, string | undefined];
    if (pacing !== 'ticks' && pacing !== 'steps' && pacing !== 'beside' && pacing !== 'slices')
      throw new Error('--pacing takes ticks, steps, beside or slices, each with an optional :concurrency');
    const n = concurrency === undefined ? null : Number(concurrency);
    if (n !== null && !(Number.isInteger(n) && n >= 1))
      throw new Error('--pacing: a concurrency is a whole number of at least 1');
    return { pacing, concurrency: n };
  });
const PACING_LABEL: Record<Pacing, string> = {
  ticks: 'full ticks only, senders after the events',
  steps: 'senders-only steps between full ticks, senders after the events',
  beside: "senders also beside the backfill's slices (IndexerOptions.sendersBeside)",
  slices: 'senders read with each slice, before it is stored (IndexerOptions.sendersWithSlices)',
};
const PACING_SHORT: Record<Pacing, string> = {
  ticks: 'full ticks only',
  steps: 'senders after the events',
  beside: 'senders beside the slices',
  slices: 'senders with the slices',
};
const inFlight = (n: number) => (n === 1 ? 'one sender request at a time' : `${n} sender requests in flight`);
const runLabel = (run: { pacing: Pacing; concurrency: number }) =>
  `${PACING_LABEL[run.pacing]}, ${inFlight(run.concurrency)}`;
const runShort = (run: { pacing: Pacing; concurrency: number }) =>
  `${PACING_SHORT[run.pacing]}, ${run.concurrency} in flight`;
const docArg = process.argv.indexOf('--doc');
const DOC = docArg > 0 ? process.argv[docArg + 1] : undefined;
if (DOC !== undefined && !['before', 'after', 'senders', 'beside', 'concurrent', 'slices'].includes(DOC))
  throw new Error('--doc takes before, after, senders, beside, concurrent or slices');

const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
const approveAbi = parseAbi(['function approve(address, uint256) returns (bool)']);

const report = new Report();
// Without the devnet's state saver: see createBenchPools.
const bench = await createBenchPools(1, { plainAnvil: true });
const benchPg = await startBenchPostgres('bench_backfill');
const firstDatabase = await openDatabase({ kind: 'postgres', url: benchPg.url });
try {
  const a = bench.devnet.addresses;
  const rpcUrl = bench.devnet.rpcUrl;
  const pair = bench.pairs[0]!;
  let id = 0;
  const rpc = async <T>(calls: { method: string; params: unknown[] }[]): Promise<T[]> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map((c) => ({ jsonrpc: '2.0', id: id++, ...c }))),
    });
    const answers = (await response.json()) as { id: number; result?: T; error?: { message: string } }[];
    answers.sort((x, y) => x.id - y.id);
    return answers.map((x) => {
      if (x.error) throw new Error(`devnet: ${x.error.message}`);
      return x.result as T;
    });
  };

  // ---- Setup: the swap history ---------------------------------------------------------------
  const setupStart = performance.now();
  for (const token of [pair.token0, pair.token1])
    await bench.send({
      to: token,
      data: encodeFunctionData({ abi: approveAbi, functionName: 'approve', args: [a.uniswapV2Router, maxUint256] }),
    });
  await bench.flush();
  const [firstHex] = await rpc<Hex>([{ method: 'eth_blockNumber', params: [] }]);
  const firstBlock = BigInt(firstHex!) + 1n;
  const [latest] = await rpc<{ timestamp: Hex }>([{ method: 'eth_getBlockByNumber', params: ['latest', false] }]);
  let time = Number(BigInt(latest!.timestamp));
  let [nonceHex] = await rpc<Hex>([{ method: 'eth_getTransactionCount', params: [a.deployer, 'pending'] }]);
  let nonce = Number(BigInt(nonceHex!));
  await rpc([{ method: 'evm_setAutomine', params: [false] }]);
  // Alternating directions with amounts that vary a little: the price wanders, reserves stay put.
  const swapData = (k: number) => {
    const path = k % 2 === 0 ? [pair.token0, pair.token1] : [pair.token1, pair.token0];
    const amount = 10n ** 15n * BigInt(1 + (k % 7));
    return encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForTokens',
      args: [amount, 0n, path, a.deployer, maxUint256],
    });
  };
  for (let made = 0; made < SWAPS; ) {
    const n = Math.min(PER_BLOCK, SWAPS - made);
    const sends = [];
    for (let k = 0; k < n; k++)
      sends.push({
        method: 'eth_sendTransaction',
        params: [
          {
            from: a.deployer,
            to: a.uniswapV2Router,
            data: swapData(made + k),
            gas: toHex(200_000),
            nonce: toHex(nonce++),
          },
        ],
      });
    await rpc(sends);
    time += 2;
    await rpc([{ method: 'evm_mine', params: [{ timestamp: time, blocks: 1 }] }]);
    made += n;
  }
  await rpc([{ method: 'evm_setAutomine', params: [true] }]);
  [nonceHex] = await rpc<Hex>([{ method: 'eth_getTransactionCount', params: [a.deployer, 'latest'] }]);
  if (Number(BigInt(nonceHex!)) !== nonce)
    throw new Error(`not every swap was mined: nonce ${Number(BigInt(nonceHex!))}, expected ${nonce}`);
  const [headHex] = await rpc<Hex>([{ method: 'eth_blockNumber', params: [] }]);
  const lastBlock = BigInt(headHex!);
  const setupSeconds = (performance.now() - setupStart) / 1000;

  // ---- (a) The floor: large eth_getLogs ranges, one COPY ---------------------------------------
  const pgClient = new pg.Client({ connectionString: benchPg.url });
  await pgClient.connect();
  await pgClient.query(
    'create table floor_logs (block_number bigint, block_time bigint, tx_hash text, log_index int, address text, topic0 text, data text)',
  );
  type RawLog = {
    blockNumber: Hex;
    blockTimestamp?: Hex;
    transactionHash: Hex;
    logIndex: Hex;
    address: Hex;
    topics: Hex[];
    data: Hex;
  };
  const floorStart = performance.now();
  const rawLogs: RawLog[] = [];
  let floorRequests = 0;
  let floorBytes = 0;
  for (let from = firstBlock; from <= lastBlock; from += FLOOR_RANGE) {
    const to = from + FLOOR_RANGE - 1n < lastBlock ? from + FLOOR_RANGE - 1n : lastBlock;
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getLogs',
      params: [{ address: pair.pair, topics: [EVENT_TOPICS], fromBlock: toHex(from), toBlock: toHex(to) }],
    });
    const text = await (
      await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).text();
    floorRequests++;
    floorBytes += text.length;
    rawLogs.push(...(JSON.parse(text) as { result: RawLog[] }).result);
  }
  const rows = rawLogs.map(
    (l) =>
      `${BigInt(l.blockNumber)}\t${l.blockTimestamp ? BigInt(l.blockTimestamp) : '\\N'}\t${l.transactionHash}\t${Number(BigInt(l.logIndex))}\t${l.address}\t${l.topics[0]}\t${l.data}\n`,
  );
  await pipeline(Readable.from(rows), pgClient.query(copyFrom('copy floor_logs from stdin')));
  const floorMs = performance.now() - floorStart;
  const [{ n: copied }] = (await pgClient.query<{ n: number }>('select count(*)::int as n from floor_logs')).rows as [
    { n: number },
  ];
  await pgClient.query('drop table floor_logs');
  await pgClient.end();
  const swapTopic = EVENT_TOPICS[0]!;
  const floorSwaps = rawLogs.filter((l) => l.topics[0] === swapTopic).length;
  if (floorSwaps !== SWAPS) throw new Error(`the pool has ${floorSwaps} Swap logs, expected ${SWAPS}`);
  rawLogs.length = 0;

  // ---- (b) The indexer backfilling the pool from scratch, once per pacing ----------------------
  // Each pacing gets a database of its own on the same server, so both start from nothing.
  const runs: IndexerRun[] = [];
  for (const [k, spec] of RUNS.entries()) {
    const benchPgRun = k === 0 ? benchPg : await startBenchPostgres(`bench_backfill_${spec.pacing}_${k}`);
    const database = k === 0 ? firstDatabase : await openDatabase({ kind: 'postgres', url: benchPgRun.url });
    try {
      runs.push(await runIndexer(spec, database.db, rpcUrl, a, pair));
    } finally {
      if (k !== 0) {
        await database.close();
        await benchPgRun.stop();
      }
    }
  }

  // ---- Report ------------------------------------------------------------------------------------
  const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));
  const floorRate = rate(SWAPS, floorMs);
  report.line(
    `Backfill of ${SWAPS.toLocaleString('en-US')} Uniswap V2 swaps: TokenDesk's indexer against the bulk floor (PostgreSQL)`,
  );
  report.line();
  for (const l of machineLines({ database: `${benchPg.version.split(' ').slice(0, 2).join(' ')}: ${benchPg.origin}` }))
    report.line(l);
  report.line();
  report.line(
    `setup (not measured):  ${SWAPS.toLocaleString('en-US')} swap transactions, ${PER_BLOCK} a block, blocks ${firstBlock}–${lastBlock}, in ${setupSeconds.toFixed(1)} s`,
  );
  report.line(
    `floor:                 ${copied.toLocaleString('en-US')} logs (Swap + Sync) in ${floorRequests} eth_getLogs of ${FLOOR_RANGE} blocks (${(floorBytes / 2 ** 20).toFixed(0)} MB of JSON), one COPY: ${(floorMs / 1000).toFixed(2)} s`,
  );
  for (const run of runs) {
    const label = runLabel(run);
    report.line();
    report.line(`indexer, ${label}:`);
    report.line(
      `  events:              ${run.swaps.toLocaleString('en-US')} swaps stored in ${run.eventTicks} tick(s): ${run.eventsMs === null ? 'not caught up' : `${(run.eventsMs / 1000).toFixed(2)} s`}; ` +
        `RPC ${[...run.requests].map(([m, n]) => `${m} ${n}`).join(', ')}`,
    );
    report.line(
      `  senders:             ${run.traders.toLocaleString('en-US')} of ${run.swaps.toLocaleString('en-US')} events have their trader${run.wrong > 0 ? ` (${run.wrong} WRONG)` : ''}; ` +
        `complete ${run.sendersMs === null ? `NOT within ${SENDER_WAIT_MS / 1000} s` : `after ${(run.sendersMs / 1000).toFixed(2)} s`} (trader reads ${TRADER_READS} a step, poll interval ${run.pollIntervalMs} ms)`,
    );
    if (run.pacing === 'slices')
      report.line(
        `  with the slices:     ${run.withEvents.toLocaleString('en-US')} of ${run.swaps.toLocaleString('en-US')} events stored with their trader (the rest read after the events)`,
      );
    if (run.beside.batches > 0)
      report.line(
        `  beside the slices:   ${run.beside.batches} sender batch(es), ${run.beside.calls} calls, ${run.beside.filled.toLocaleString('en-US')} events given their trader before the events were in`,
      );
    report.line(
      `  sender requests:     at most ${run.limiter.peak} in flight (senderConcurrency ${run.concurrency}), ${run.limiter.throttled} throttled`,
    );
    // Where the senders' time goes: the batches themselves, and the rest of the steps that carried them.
    report.line(
      `  after the events:    ${run.tailTicks} full tick(s) of ${(run.tailTickMs / 1000).toFixed(2)} s (their sender batches ${(run.tailTickSenderMs / 1000).toFixed(2)} s), ` +
        `${run.senderSteps} senders-only step(s) of ${(run.senderStepMs / 1000).toFixed(2)} s, waiting ${(run.waitMs / 1000).toFixed(2)} s`,
    );
    if (run.failedTicks.length > 0)
      report.line(
        `  failed ticks:        ${run.failedTicks.length} (retried after 2 poll intervals, as the runner does), first: ${run.failedTicks[0]}`,
      );
  }
  report.line();
  const table: string[][] = [
    ['floor (eth_getLogs + one COPY)', floorRate.toLocaleString('en-US'), (floorMs / 1000).toFixed(2), ''],
  ];
  for (const run of runs) {
    const label = runShort(run);
    table.push([
      `indexer (events), ${label}`,
      run.eventsMs === null ? '—' : rate(SWAPS, run.eventsMs).toLocaleString('en-US'),
      run.eventsMs === null ? '—' : (run.eventsMs / 1000).toFixed(2),
      '',
    ]);
    const senderRatio = run.sendersMs !== null && run.eventsMs !== null ? run.sendersMs / run.eventsMs : null;
    table.push([
      `indexer (events and senders), ${label}`,
      run.sendersMs === null ? '—' : rate(SWAPS, run.sendersMs).toLocaleString('en-US'),
      run.sendersMs === null ? '—' : (run.sendersMs / 1000).toFixed(2),
      senderRatio === null ? 'not complete' : `${senderRatio.toFixed(2)}×`,
    ]);
  }
  report.table(['', 'swaps/s', 'seconds', 'senders / events'], table);
  report.line();
  // The targets are judged on what the runner does by default (senders-only steps; beside the slices
  // as IndexerOptions.sendersBeside defaults; the network's senderConcurrency); the others are comparisons.
  const defaultPacing: Pacing = devnetNetwork(rpcUrl, a).sendersWithSlices
    ? 'slices'
    : SENDERS_BESIDE_BY_DEFAULT
      ? 'beside'
      : 'steps';
  const current =
    runs.find((r) => r.pacing === defaultPacing && r.concurrency === r.networkConcurrency) ?? runs.at(-1)!;
  report.line(`judged on: ${runLabel(current)} (the runner's default)`);
  const ratio = current.eventsMs === null ? 0 : rate(SWAPS, current.eventsMs) / floorRate;
  report.target('target: indexer ≥ 0.67× the floor', ratio >= 0.67, `${ratio.toFixed(2)}×`);
  const senderRatio =
    current.sendersMs !== null && current.eventsMs !== null ? current.sendersMs / current.eventsMs : null;
  report.target(
    'target: senders complete within 2× the event time',
    senderRatio !== null && senderRatio <= 2,
    senderRatio === null ? 'not complete' : `${senderRatio.toFixed(2)}×`,
  );
  for (const run of runs) {
    if (run.swaps !== SWAPS || run.wrong > 0) {
      report.line(`RESULT WRONG (${runLabel(run)}): ${run.swaps} swaps stored, ${run.wrong} wrong traders`);
      process.exitCode = 1;
    }
  }
  const docTitle = {
    before: 'Before',
    after: 'After',
    senders: 'Senders, both pacings',
    beside: 'Senders after the events (before) and beside the slices (after)',
    concurrent: 'Sender requests one at a time (before) and within senderConcurrency (after)',
    slices: 'Senders after the events (before) and read with each slice (after)',
  }[DOC ?? 'before'];
  if (DOC)
    updateDocSection(
      `backfill-${DOC}`,
      [
        `${docTitle} (run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:backfill\`):`,
        '',
        '```',
        ...report.lines,
        '```',
      ].join('\n'),
    );
} finally {
  await firstDatabase.close();
  await benchPg.stop();
  await bench.close();
}

type BenchPair = BenchPools['pairs'][number];

interface IndexerRun {
  pacing: Pacing;
  /** Sender requests allowed in flight in this run, and what the devnet's registry row says. */
  concurrency: number;
  networkConcurrency: number;
  /** The reader's limiter: most requests in flight at once, throttles heard. */
  limiter: { peak: number; throttled: number };
  pollIntervalMs: number;
  eventsMs: number | null;
  sendersMs: number | null;
  eventTicks: number;
  /** Full ticks after the events were in, their time, and the part of it their sender batches took. */
  tailTicks: number;
  tailTickMs: number;
  tailTickSenderMs: number;
  senderSteps: number;
  senderStepMs: number;
  /** Sender batches read beside the backfill's slices (inside the event ticks). */
  beside: { batches: number; calls: number; filled: number };
  waitMs: number;
  /** Events that had their trader when the events were caught up (with the slices: stored with it). */
  withEvents: number;
  requests: Map<string, number>;
  failedTicks: string[];
  swaps: number;
  traders: number;
  wrong: number;
}

/**
 * NetworkIndexer backfilling the pool from scratch, paced as the runner paces it: 'steps' is
 * runner.ts today (senders-only steps between full ticks, pacing.ts), 'ticks' the rule before
 * decision 0062's amendment (every step a full tick, at once while senders are behind).
 */
async function runIndexer(
  { pacing, concurrency }: RunSpec,
  db: Db,
  rpcUrl: string,
  a: DevnetAddresses,
  pair: BenchPair,
): Promise<IndexerRun> {
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.com', passwordHash: 'unused' })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({
      userId: user!.id,
      networkId: 31337,
      contractAddress: normalizeAddress(pair.token0),
      name: 'Bench 0',
      tokenSymbol: 'B0',
      tokenDecimal: 18,
    })
    .returning();
  await db.insert(pools).values({
    projectId: project!.id,
    userId: user!.id,
    networkId: 31337,
    dexId: 'uniswap-v2',
    tokenId: 'bench',
    pairedTokenAddress: normalizeAddress(pair.token1),
    pairedTokenSymbol: 'B1',
    pairedTokenName: 'Bench 1',
    pairedTokenDecimals: 18,
    poolAddress: normalizeAddress(pair.pair),
    poolVersion: 'v2',
    fee: null,
    projectIsToken0: pair.projectIsToken0,
  });
  const devnet = devnetNetwork(rpcUrl, a);
  const networkConcurrency = devnet.senderConcurrency ?? DEFAULT_SENDER_CONCURRENCY;
  const network = { ...devnet, senderConcurrency: concurrency ?? networkConcurrency };
  // As the server makes it (main.ts): the default client options.
  const chain = new ChainService(new NetworkRegistry([network]));
  const requests = new Map<string, number>();
  const indexer = new NetworkIndexer(db, chain, chain.registry.get(31337)!, {
    traderReadsPerTick: TRADER_READS,
    sendersBeside: pacing === 'beside',
    // Every run says which it is: 'steps' and the others read the senders after the events, as before.
    sendersWithSlices: pacing === 'slices',
    onRequest: (m) => requests.set(m, (requests.get(m) ?? 0) + 1),
  });
  const unread = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pool_events where trader is null`))[0]!.n;
  const run: IndexerRun = {
    pacing,
    concurrency: network.senderConcurrency,
    networkConcurrency,
    limiter: indexer.traders.limiter.seen,
    pollIntervalMs: network.pollIntervalMs,
    eventsMs: null,
    sendersMs: null,
    eventTicks: 0,
    tailTicks: 0,
    tailTickMs: 0,
    tailTickSenderMs: 0,
    senderSteps: 0,
    senderStepMs: 0,
    beside: { batches: 0, calls: 0, filled: 0 },
    waitMs: 0,
    withEvents: 0,
    requests,
    failedTicks: [],
    swaps: 0,
    traders: 0,
    wrong: 0,
  };

  const start = performance.now();
  let lastTickAt = 0;
  let next: { step: PoolStep; inMs: number } = { step: 'tick', inMs: 0 };
  while (performance.now() - start < SENDER_WAIT_MS) {
    if (next.inMs > 0) {
      const waitStart = performance.now();
      await new Promise((r) => setTimeout(r, next.inMs));
      if (run.eventsMs !== null) run.waitMs += performance.now() - waitStart;
    }
    const stepStart = performance.now();
    if (next.step === 'senders') {
      const step = await indexer.readSenders().catch(() => null);
      run.senderSteps++;
      run.senderStepMs += performance.now() - stepStart;
      next = nextPoolStep(
        { eventsCaughtUp: true, sendersBehind: step?.batchFull ?? false, sinceTickMs: performance.now() - lastTickAt },
        network.pollIntervalMs,
      );
    } else {
      let result: TickResult;
      try {
        result = await indexer.tick();
      } catch (err) {
        // As the runner: a failed tick is reported and tried again after twice the poll interval.
        run.failedTicks.push((err as Error).message.slice(0, 80));
        next = { step: 'tick', inMs: 2 * network.pollIntervalMs };
        continue;
      }
      lastTickAt = performance.now();
      if (run.eventsMs === null) {
        run.eventTicks++;
        run.beside.batches += result.sendersBeside?.batches ?? 0;
        run.beside.calls += result.sendersBeside?.calls ?? 0;
        run.beside.filled += result.sendersBeside?.filled ?? 0;
        if (result.caughtUp) {
          run.eventsMs = performance.now() - start;
          // Counted after the clock: the query is not part of the events' time.
          run.withEvents = (
            await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pool_events where trader is not null`)
          )[0]!.n;
        }
      } else {
        run.tailTicks++;
        run.tailTickMs += performance.now() - stepStart;
        run.tailTickSenderMs += result.traders?.ms ?? 0;
      }
      const pace = {
        eventsCaughtUp: result.caughtUp || !!result.skipped,
        sendersBehind: !!result.sendersBehind,
        sinceTickMs: 0,
      };
      next = nextPoolStep(pace, network.pollIntervalMs);
      // Before: every step a full tick, at once while anything is behind.
      if (pacing === 'ticks')
        next = { step: 'tick', inMs: !pace.eventsCaughtUp || pace.sendersBehind ? 0 : network.pollIntervalMs };
    }
    if (run.eventsMs !== null && (await unread()) === 0) {
      run.sendersMs = performance.now() - start;
      break;
    }
  }
  const [stored] = await queryRows<{ swaps: number; traders: number; wrong: number }>(
    db,
    sql`select count(*) filter (where type = 'swap')::int as swaps, count(trader)::int as traders,
          count(*) filter (where trader is not null and trader <> ${a.deployer.toLowerCase()})::int as wrong
        from pool_events where pool_address = ${normalizeAddress(pair.pair)}`,
  );
  return { ...run, ...stored! };
}
