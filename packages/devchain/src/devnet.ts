import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { devnetAddresses, devnetTokens, type DevnetAddresses } from './addresses.js';
import { AnvilExitedError, freeLoopbackPort, launchAnvil, type AnvilProcess } from './anvil.js';
import { deployDemo, PartialSeedError } from './deploy.js';
import { DEVNET_POOLS } from './swap.js';

export interface Devnet {
  rpcUrl: string;
  addresses: DevnetAddresses;
  /** anvil's state file: loaded at start, saved within seconds of a change and on stop. */
  statePath: string;
  /** True when this start created the chain (no usable state), false when it reused one. */
  created: boolean;
  /** Whether anvil runs now, and what happened to it (see DevnetHealth). */
  health(): DevnetHealth;
  /** SIGTERM to anvil, which writes its state and exits; resolves when it has. Idempotent. */
  stop(): Promise<void>;
}

/**
 * The supervised chain: `up` while anvil runs, `restarting` from the moment it exited until it
 * answers again with its saved state, `stopped` after stop().
 */
export interface DevnetHealth {
  state: 'up' | 'restarting' | 'stopped';
  /** anvil's process id while it runs. */
  pid: number | null;
  /** Restarts after an unexpected exit, since the server started. */
  restarts: number;
  lastExit: { code: number | null; signal: NodeJS.Signals | null; at: Date } | null;
  /** Since when it has been down (null while up). */
  downSince: Date | null;
  /** The last failed restart attempt, while it keeps failing. */
  lastError: string | null;
  nextAttemptAt: Date | null;
}

/** What the supervision reports, for the server's log. */
export type DevnetEvent =
  | { kind: 'exited'; pid: number; code: number | null; signal: NodeJS.Signals | null; restartInMs: number }
  | { kind: 'restarted'; pid: number; downMs: number; restarts: number; created: boolean }
  | { kind: 'restart-failed'; attempt: number; error: string; retryInMs: number };

export interface StartDevnetOptions {
  /** The app's data directory; the chain lives in <dataDir>/devnet/. */
  dataDir: string;
  /** A fixed port; by default a free loopback port is picked. */
  port?: number;
  log?: (line: string) => void;
  /** Exits, restarts and failed restarts of anvil (it is restarted whenever it exits unasked). */
  onEvent?: (event: DevnetEvent) => void;
}

/** How often the chain is checked for new blocks to save: the most a crash of anvil itself loses. */
export const STATE_CHECK_INTERVAL_MS = 2000;
/**
 * A new chain starts this far in the past so the seeded history can spread over the month before
 * the first start (deploy.ts: MONTH_DAYS days ending 7 h ago, then the last hours' HISTORY).
 */
const GENESIS_AGE_SECONDS = 31 * 86_400;
/**
 * Waits before restarting anvil: at once after the first exit, then doubling up to 30 s while it
 * keeps dying (an exit within STABLE_MS of its start, or a failed start, counts as another one).
 */
export const restartDelayMs = (failures: number) => (failures <= 0 ? 0 : Math.min(30_000, 500 * 2 ** (failures - 1)));
const STABLE_MS = 60_000;

/** `DEVNET=off` (or false/0/no) disables the local chain. */
export function devnetEnabled(env: Record<string, string | undefined> = process.env): boolean {
  const value = env.DEVNET?.trim().toLowerCase();
  return !(value === 'off' || value === 'false' || value === '0' || value === 'no');
}

/**
 * Starts anvil on loopback with its state in <dataDir>/devnet/state.json and makes sure the demo
 * deployment is there: seeded on the first start, reused as-is afterwards. If anvil exits without
 * being asked to (killed, crashed), it is started again on the same port from the saved state
 * (at most STATE_CHECK_INTERVAL_MS of blocks behind), with backoff while it keeps dying.
 */
export async function startDevnet(opts: StartDevnetOptions): Promise<Devnet> {
  const log = opts.log ?? (() => {});
  const emit = opts.onEvent ?? (() => {});
  const dir = join(resolve(opts.dataDir), 'devnet');
  mkdirSync(dir, { recursive: true });
  const statePath = join(dir, 'state.json');
  const logPath = join(dir, 'anvil.log');
  const lock = await acquireLock(join(dir, 'devnet.lock'));

  /** anvil running with the demo deployment checked (or seeded): at start and at every restart. */
  const bringUp = async (port: number | undefined): Promise<{ anvil: AnvilProcess; created: boolean }> => {
    let created = !usableState(statePath, log);
    let anvil = await launch({ port, statePath, logPath, created });
    lock.update({ anvilPid: anvil.pid, rpcUrl: anvil.rpcUrl });
    try {
      const started = Date.now();
      try {
        await deployDemo(anvil.rpcUrl, { log });
      } catch (error) {
        if (!(error instanceof PartialSeedError)) throw error;
        // An earlier first start stopped mid-seed. Addresses hang on the deployer's nonces, so start over.
        log(`devnet: ${error.message}; moving the state aside and seeding a new chain`);
        await anvil.stop();
        if (existsSync(statePath)) renameSync(statePath, `${statePath}.partial-${Date.now()}`);
        created = true;
        anvil = await launch({ port: port ?? anvil.port, statePath, logPath, created });
        lock.update({ anvilPid: anvil.pid, rpcUrl: anvil.rpcUrl });
        await deployDemo(anvil.rpcUrl, { log });
      }
      if (!created) log(`devnet: reusing the chain in ${statePath} (checked in ${Date.now() - started} ms)`);
      return { anvil, created };
    } catch (error) {
      await anvil.stop();
      throw error;
    }
  };

  let first: { anvil: AnvilProcess; created: boolean };
  try {
    first = await bringUp(opts.port);
  } catch (error) {
    lock.release();
    throw error;
  }
  let running = first.anvil;
  let saver = startStateSaver(running.rpcUrl, statePath, log);
  // A new seed goes to disk now rather than on the first check.
  if (first.created) await saver.save(true);

  const health: DevnetHealth = {
    state: 'up',
    pid: running.pid,
    restarts: 0,
    lastExit: null,
    downSince: null,
    lastError: null,
    nextAttemptAt: null,
  };
  let startedAt = Date.now();
  let failures = 0;
  let stopping = false;
  let wake: (() => void) | undefined;
  let restarting: Promise<void> = Promise.resolve();
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  const restart = async (exited: AnvilProcess) => {
    // The same port: the server's network registry and every client keep the URL.
    const port = exited.port;
    await saver.stop();
    await exited.stop(); // the supervisor shell has exited with anvil; this settles its state
    for (let attempt = 1; !stopping; attempt++) {
      const wait = restartDelayMs(failures);
      health.nextAttemptAt = new Date(Date.now() + wait);
      if (wait > 0) await sleep(wait);
      if (stopping) return;
      try {
        const { anvil, created } = await bringUp(port);
        if (stopping) {
          await anvil.stop();
          return;
        }
        running = anvil;
        saver = startStateSaver(anvil.rpcUrl, statePath, log);
        if (created) await saver.save(true);
        const downMs = Date.now() - (health.downSince?.getTime() ?? Date.now());
        Object.assign(health, {
          state: 'up',
          pid: anvil.pid,
          restarts: health.restarts + 1,
          downSince: null,
          lastError: null,
          nextAttemptAt: null,
        });
        startedAt = Date.now();
        watch(anvil);
        emit({ kind: 'restarted', pid: anvil.pid, downMs, restarts: health.restarts, created });
        return;
      } catch (error) {
        failures += 1;
        health.lastError = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        emit({ kind: 'restart-failed', attempt, error: health.lastError, retryInMs: restartDelayMs(failures) });
      }
    }
  };

  const watch = (anvil: AnvilProcess) => {
    void anvil.exit.then((exit) => {
      if (stopping || anvil !== running) return;
      // Dying again soon after a start is dying repeatedly: back off. A long life starts afresh.
      failures = Date.now() - startedAt < STABLE_MS ? failures + 1 : 0;
      Object.assign(health, {
        state: 'restarting',
        pid: null,
        lastExit: { ...exit, at: new Date() },
        downSince: new Date(),
      });
      emit({
        kind: 'exited',
        pid: anvil.pid,
        code: exit.code,
        signal: exit.signal,
        restartInMs: restartDelayMs(failures),
      });
      restarting = restart(anvil);
    });
  };
  watch(running);

  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: running.rpcUrl,
    addresses: devnetAddresses,
    statePath,
    created: first.created,
    health: () => ({ ...health, lastExit: health.lastExit && { ...health.lastExit } }),
    stop: () => {
      stopped ??= (async () => {
        stopping = true;
        wake?.();
        await restarting;
        await saver.stop();
        await running.stop();
        health.state = 'stopped';
        health.pid = null;
      })().finally(() => lock.release());
      return stopped;
    },
  };
}

async function launch(opts: {
  port: number | undefined;
  statePath: string;
  logPath: string;
  created: boolean;
}): Promise<AnvilProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freeLoopbackPort());
    try {
      return await launchAnvil({
        port,
        statePath: opts.statePath,
        logPath: opts.logPath,
        genesisTimestamp: opts.created ? Math.floor(Date.now() / 1000) - GENESIS_AGE_SECONDS : undefined,
      });
    } catch (error) {
      // Another process took the port between our probe and anvil's bind: try another one.
      const raced = error instanceof AnvilExitedError && /address already in use/i.test(error.output);
      if (!raced || opts.port !== undefined || attempt >= 3) throw error;
    }
  }
}

/**
 * Saves anvil's state when the chain has changed: every STATE_CHECK_INTERVAL_MS it compares the
 * latest block hash with the one last saved and, if it moved, writes anvil_dumpState (the same JSON
 * as anvil's own state file) to a temporary file, fsyncs it and renames it over state.json — never
 * a half-written file. anvil still writes the file itself on exit, which covers the parent dying.
 */
function startStateSaver(rpcUrl: string, statePath: string, log: (line: string) => void) {
  let savedHash: string | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let lastError = '';
  let stopped = false;

  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as { result?: T; error?: { message: string } };
    if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
    return body.result;
  };

  const saveOnce = async (force: boolean) => {
    const latest = await rpc<{ hash: string }>('eth_getBlockByNumber', ['latest', false]);
    if (!force && latest.hash === savedHash) return;
    const dump = await rpc<string>('anvil_dumpState', []);
    const json = gunzipSync(Buffer.from(dump.slice(2), 'hex'));
    const tmp = `${statePath}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, json);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, statePath);
    savedHash = latest.hash;
  };

  const save = (force = false): Promise<void> => {
    inFlight = inFlight.then(() =>
      saveOnce(force).then(
        () => void (lastError = ''),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          if (message !== lastError && !stopped) log(`devnet: could not save the chain state: ${message}`);
          lastError = message;
        },
      ),
    );
    return inFlight;
  };

  // The state on disk is the chain as loaded; only later blocks need saving.
  void rpc<{ hash: string }>('eth_getBlockByNumber', ['latest', false]).then(
    (b) => (savedHash ??= b.hash),
    () => {},
  );
  const timer = setInterval(() => void save(), STATE_CHECK_INTERVAL_MS);
  timer.unref();
  return {
    save,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}

/**
 * Whether state.json can be loaded. anvil rewrites the file in place, so a crash mid-write can
 * leave it truncated; the copy taken at the previous good start is then restored.
 */
function usableState(statePath: string, log: (line: string) => void): boolean {
  const backup = `${statePath}.bak`;
  if (!existsSync(statePath)) return false;
  if (parses(statePath)) {
    copyFileSync(statePath, backup);
    return true;
  }
  const aside = `${statePath}.corrupt-${Date.now()}`;
  renameSync(statePath, aside);
  if (existsSync(backup) && parses(backup)) {
    copyFileSync(backup, statePath);
    log(`devnet: ${statePath} was unreadable (kept as ${aside}); restored the copy from the previous start`);
    return true;
  }
  log(`devnet: ${statePath} was unreadable (kept as ${aside}); creating a new chain`);
  return false;
}

function parses(path: string): boolean {
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as { block?: unknown; accounts?: unknown };
    return typeof state === 'object' && state !== null && 'accounts' in state;
  } catch {
    return false;
  }
}

interface LockInfo {
  pid: number;
  anvilPid?: number;
  rpcUrl?: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One devnet per data directory: two anvils writing one state file would overwrite each other.
 * A lock left by a process that died is taken over once that process's anvil has exited (it is
 * told to stop when its parent's pipe closes, and may need a moment to write its state).
 */
async function acquireLock(path: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, JSON.stringify({ pid: process.pid } satisfies LockInfo), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let held: LockInfo | undefined;
    try {
      held = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    } catch {
      held = undefined; // half-written by a process that died at that instant
    }
    if (held && alive(held.pid)) {
      throw new Error(
        `the devnet in ${path.replace(/\/devnet\.lock$/, '')} is already running (process ${held.pid}${held.rpcUrl ? `, ${held.rpcUrl}` : ''})`,
      );
    }
    if (held?.anvilPid && alive(held.anvilPid)) {
      if (attempt >= 200)
        throw new Error(`anvil ${held.anvilPid} from an earlier run is still running after 20 s; stop it and retry`);
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      unlinkSync(path);
    } catch {
      // someone else removed it first; retry
    }
  }
  let info: LockInfo = { pid: process.pid };
  return {
    update(extra: Omit<LockInfo, 'pid'>) {
      info = { ...info, ...extra };
      writeFileSync(path, JSON.stringify(info));
    },
    release() {
      try {
        const held = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
        if (held.pid === process.pid) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}

/** The block the server prints at start: where the chain is and every deployed address. */
export function formatDevnetSummary(
  devnet: Pick<Devnet, 'rpcUrl' | 'addresses'> & Partial<Pick<Devnet, 'statePath'>>,
): string {
  const a = devnet.addresses;
  const token = (key: (typeof devnetTokens)[number]['key']) => devnetTokens.find((t) => t.key === key)!;
  const rows: [string, string][] = [
    ['RPC URL', devnet.rpcUrl],
    ['chain id', '31337'],
    ...(devnet.statePath ? [['state', devnet.statePath] as [string, string]] : []),
    ['deployer', a.deployer],
    ...(['weth', 'usdc', 'usdt', 'demo', 'smpl', 'bytes32Token'] as const).map((k): [string, string] => {
      const t = token(k);
      return [`${t.symbol} (${t.decimals} dec)`, a[k]];
    }),
    ['not a token', a.notAToken],
    ['Uniswap V2 factory', a.uniswapV2Factory],
    ['Uniswap V2 router', a.uniswapV2Router],
    ['Uniswap V3 factory', a.uniswapV3Factory],
    ['V3 position manager', a.positionManager],
    ['V3 swap router', a.uniswapV3Router],
    ['Multicall3', a.multicall3],
    ['pool DEMO/WETH V2', a.pools.demoWethV2],
    ['pool DEMO/USDC V2', a.pools.demoUsdcV2],
    ['pool SMPL/WETH V3 0.3%', a.pools.smplWethV3],
    ['pool WETH/USDC V3 0.05%', a.pools.wethUsdcV3],
    ['V4 PoolManager', a.v4.poolManager],
    ['V4 StateView', a.v4.stateView],
    ['V4 swap router (test)', a.v4.swapRouter],
    ['V4 liquidity router (test)', a.v4.liquidityRouter],
    ['V4 hook', a.v4.hook],
    ['pool DEMO/ETH V4 0.3% (id)', a.v4.pools.demoEthV4.id],
    ['pool DEMO/USDC V4 hooked (id)', a.v4.pools.hookedV4.id],
    ['Algebra factory', a.algebra.factory],
    ['Algebra pool deployer', a.algebra.poolDeployer],
    ['Algebra router (devnet)', a.algebra.router],
    ['pool DEMO/WETH Algebra', a.algebra.pools.demoWeth],
    ['LFJ LBFactory v2.2', a.lfj.factory],
    ['LFJ LBPair implementation', a.lfj.pairImplementation],
    ['LFJ LBRouter', a.lfj.router],
    ['pair DEMO/USDC LFJ bin step 25', a.lfj.pairs.demoUsdc],
    ['DAI (18 dec)', a.solidly.dai],
    ['Solidly PoolFactory', a.solidly.poolFactory],
    ['Solidly Pool (implementation)', a.solidly.poolImplementation],
    ['Solidly Router', a.solidly.router],
    ['Solidly FactoryRegistry', a.solidly.factoryRegistry],
    ['Solidly voter (devnet stand-in)', a.solidly.voter],
    ['pool DEMO/WETH Solidly volatile', a.solidly.pools.demoWethVolatile],
    ['pool USDC/DAI Solidly stable', a.solidly.pools.usdcDaiStable],
    ['Slipstream CLFactory', a.slipstream.factory],
    ['Slipstream CLPool (implementation)', a.slipstream.poolImplementation],
    ['Slipstream position manager', a.slipstream.positionManager],
    ['Slipstream swap router', a.slipstream.swapRouter],
    ['pool DEMO/WETH Slipstream CL200', a.slipstream.pools.demoWeth200],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return [
    'Local devnet (anvil)',
    ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`),
    // With this very URL, so the demo's command can be pasted as printed (product §8).
    'Make a swap on it (from the repository root) and watch /activities:',
    `  ${swapCommand(devnet.rpcUrl)}`,
    `  (--pool ${DEVNET_POOLS.join(' | ')}; --side buy | sell)`,
  ].join('\n');
}

/** The swap command of the README and docs/devnet.md, for this devnet. */
export function swapCommand(rpcUrl: string): string {
  return `npx tsx packages/devchain/src/swap-cli.ts --rpc ${rpcUrl} --pool demo-weth --side buy --amount 0.1`;
}
