import { getAddress, type Address, type Hex, type Log, type PublicClient } from 'viem';
import type { ChainService } from '../chain/chain-service';
import { withDeadline } from '../chain/client';
import { ADAPTERS, adapterOf } from '../chain/dex/registry';
import type { CreatedPool, DexAdapter } from '../chain/dex/types';
import { isV4Dex, type DexConfig, type DexVersion, type NetworkConfig, type V4DexConfig } from '../chain/networks';
import { DYNAMIC_FEE, initializeLogsOfTokens } from '../chain/v4-pools';
import { addressLabel, readTokenInfo } from '../chain/token-info';
import { tokenSymbolText } from '../chain/untrusted-text';
import type { Db } from '../db/client';
import { normalizeAddress, normalizePoolAddress } from '../lib/addresses';
import { raiseNotification } from '../domain/notifications';
import { getLogsChunked } from './get-logs';
import { recordSkippedItem, type OnSkip, type SkippedItem } from './skipped-items';
import { logBlocks, rangeEndBlock, recordBlocks, type RecordedBlock } from './reorg';
import {
  advanceWatch,
  isAttached,
  markWatchJoined,
  recordDiscoveredPool,
  resetWatch,
  startWatch,
  watchCheckpoint,
  watchedProjects,
  type WatchedProject,
} from './store';

export type { CreatedPool };

/**
 * The pool-creation events of every family whose factory logs one, by topic (computed once). Two
 * families may log one topic (Camelot V2's factory logs Uniswap V2's PairCreated): each decodes it
 * as its own kind of pool, and the configured DEX whose factory logged it says which (decision 0068).
 */
const CREATION = new Map<Hex, NonNullable<DexAdapter['creation']>[]>();
for (const adapter of Object.values(ADAPTERS) as DexAdapter[]) {
  if (adapter.creation)
    CREATION.set(adapter.creation.topic, [...(CREATION.get(adapter.creation.topic) ?? []), adapter.creation]);
}
const CREATION_TOPICS = [...CREATION.keys()];

/** A factory's pool-creation log (V2 PairCreated, V3 PoolCreated …) as each family logging its topic reads it; empty for anything else. */
export function decodePoolCreated(log: Log): CreatedPool[] {
  const topic = log.topics[0];
  return (topic ? (CREATION.get(topic) ?? []) : []).flatMap((creation) => creation.decode(log) ?? []);
}

/** What one range's scan found: the pools, the logs (their blocks go to the reorganisation record) and logs that did not decode. */
interface ScannedRange {
  created: CreatedPool[];
  logs: Log[];
  undecodable: SkippedItem[];
}

/**
 * The first block whose pools are news to the project: the one after the head its create read
 * (every transaction of that head block was mined before the project existed). Null for projects
 * saved before migration 0020.
 */
const firstNewBlock = (p: WatchedProject) => (p.created_block === null ? null : p.created_block + 1n);

export const newPoolTitle = (symbol: string, dexName: string) => `New pool found for ${symbol} on ${dexName}`;

/**
 * The new-pool watch of one network: every configured factory's pool-creation events that involve
 * a project token, from the block at which the project was added (history before it is what 'Add
 * Pool' is for; decision 0057). One shared scan per network follows its checkpoint; a project it
 * has not scanned yet is first caught up from its own created_block to that checkpoint. A pool
 * that is not attached to the project is recorded once per project with one notification to its
 * owner, in the same transaction as the checkpoint, so a restart neither loses nor repeats one.
 */
export class PoolWatch {
  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    readonly network: NetworkConfig,
    private readonly options: { maxBlocksPerTick?: bigint; onRequest?: (method: string) => void; onSkip?: OnSkip } = {},
  ) {}

  /** The configured DEX a creation log belongs to: its factory (or PoolManager) and its family's kind of pool. */
  private dexOf(factory: string, version: DexVersion): DexConfig | undefined {
    return this.network.dexes.find(
      (d) => d.version === version && normalizeAddress(adapterOf(d).registryAddress(d)) === factory,
    );
  }

  async tick(): Promise<{ found: number; caughtUp: boolean }> {
    const client = this.chain.client(this.network);
    const factories = [
      ...new Set(
        this.network.dexes.filter((d) => adapterOf(d).creation).map((d) => getAddress(adapterOf(d).registryAddress(d))),
      ),
    ];
    const v4Dexes = this.network.dexes.filter(isV4Dex);
    if (factories.length === 0 && v4Dexes.length === 0) return { found: 0, caughtUp: true };
    const projects = await watchedProjects(this.db, this.network.id);
    if (projects.length === 0) {
      // Nothing to watch, so no node calls. Forget the checkpoint: a project added later starts a
      // fresh watch instead of being told about pools created while nobody watched.
      await resetWatch(this.db, this.network.id);
      return { found: 0, caughtUp: true };
    }
    const tokens = [...new Set(projects.map((p) => p.token as Hex))];
    return withDeadline(
      this.network,
      async () => {
        this.options.onRequest?.('eth_blockNumber');
        const head = await client.getBlockNumber({ cacheTime: 0 });
        const safe = head - BigInt(this.network.confirmations);
        if (safe < 0n) return { found: 0, caughtUp: true };
        const maxPerTick = this.options.maxBlocksPerTick ?? 10_000n;
        let checkpoint = await watchCheckpoint(this.db, this.network.id);
        if (checkpoint === null) {
          // The shared scan starts here; a project's own start (its created_block) below it is the
          // catch-up's (decision 0057). Projects saved before migration 0020 have none: for them
          // the watch starts here, and older pools are found through 'Add Pool'.
          await startWatch(this.db, this.network.id, safe);
          checkpoint = (await watchCheckpoint(this.db, this.network.id)) ?? safe;
        }

        // The catch-up (decision 0057): a project this watch has not scanned yet is read from the
        // block after it was added up to the checkpoint, the blocks the shared scan passed before it
        // saw the project (a tick that read the project list just before the insert, or the watch's
        // start after the project was added). At most maxPerTick blocks below the checkpoint, so a
        // project whose created_block is far behind (a lagging node at create) costs one bounded
        // scan. Pools it finds are recorded for those projects only: the others had the range.
        const joining = projects.filter((p) => !p.pool_watch_joined && p.created_block !== null);
        const catchUpFloor = checkpoint - maxPerTick + 1n;
        const catchUpFrom = new Map<number, bigint>();
        for (const p of joining) {
          const first = firstNewBlock(p)!;
          const from = first > catchUpFloor ? first : catchUpFloor;
          if (from <= checkpoint) catchUpFrom.set(p.id, from);
        }

        const from = checkpoint + 1n;
        if (from > safe && joining.length === 0) return { found: 0, caughtUp: true };
        const to = from > safe ? checkpoint : from + maxPerTick - 1n < safe ? from + maxPerTick - 1n : safe;

        const blocks: (RecordedBlock | null)[] = [];
        const shared: ScannedRange = { created: [], logs: [], undecodable: [] };
        if (from <= to) {
          // Before the logs (see rangeEndBlock): the hash that lets a reorganisation be detected.
          blocks.push(await rangeEndBlock(client, this.network, to, safe, this.options.onRequest));
          Object.assign(shared, await this.scan(client, factories, v4Dexes, tokens, from, to));
        }
        const catchUp: ScannedRange = { created: [], logs: [], undecodable: [] };
        if (catchUpFrom.size > 0) {
          const catchUpTokens = [...new Set(joining.filter((p) => catchUpFrom.has(p.id)).map((p) => p.token as Hex))];
          const lowest = [...catchUpFrom.values()].reduce((a, b) => (a < b ? a : b));
          Object.assign(catchUp, await this.scan(client, factories, v4Dexes, catchUpTokens, lowest, checkpoint));
        }
        blocks.push(...logBlocks([...shared.logs, ...catchUp.logs]));

        // A pool created before a project was added is not news to it ('Add Pool' finds those).
        const sinceAdded = (c: CreatedPool, p: WatchedProject) => c.blockNumber >= (firstNewBlock(p) ?? 0n);
        const matches = (c: CreatedPool, p: WatchedProject) =>
          (p.token === c.token0 || p.token === c.token1) && sinceAdded(c, p);
        const targets = new Map<CreatedPool, WatchedProject[]>();
        for (const c of shared.created)
          targets.set(
            c,
            projects.filter((p) => matches(c, p)),
          );
        for (const c of catchUp.created) {
          targets.set(
            c,
            joining.filter((p) => matches(c, p) && catchUpFrom.has(p.id) && c.blockNumber >= catchUpFrom.get(p.id)!),
          );
        }
        const found = await this.record(
          client,
          targets,
          to,
          [...shared.undecodable, ...catchUp.undecodable],
          { safe, blocks },
          joining.map((p) => p.id),
        );
        return { found, caughtUp: to === safe };
      },
      120_000,
    );
  }

  /** The pools created in [from, to] with one of `tokens` as token0 or token1, on every configured factory and PoolManager. */
  private async scan(
    client: PublicClient,
    factories: Address[],
    v4Dexes: V4DexConfig[],
    tokens: Hex[],
    from: bigint,
    to: bigint,
  ): Promise<ScannedRange> {
    const logs = factories.length > 0 ? await this.factoryLogs(client, factories, tokens, from, to) : [];
    const created: CreatedPool[] = [];
    // Initialize logs only lend their blocks to the reorganisation record: they are not factory
    // logs, and decoding them as PairCreated/PoolCreated would file each as undecodable.
    const v4Logs: Log[] = [];
    // V4: the PoolManager's Initialize logs with a project token as currency0 or currency1
    // (docs/decisions/0042). A log whose id does not follow from its key is not a pool.
    for (const dex of v4Dexes) {
      const found = await initializeLogsOfTokens(client, dex, getLogsChunked, tokens, from, to, () =>
        this.options.onRequest?.('eth_getLogs'),
      );
      v4Logs.push(...found.logs);
      for (const p of found.pools) {
        created.push({
          factory: normalizeAddress(dex.poolManager),
          token0: normalizeAddress(p.key.currency0),
          token1: normalizeAddress(p.key.currency1),
          pool: p.id as Address,
          version: 'v4',
          fee: p.key.fee,
          v4: { tickSpacing: p.key.tickSpacing, hooks: normalizeAddress(p.key.hooks) },
          blockNumber: p.blockNumber,
          txHash: p.txHash,
        });
      }
    }
    const undecodable: SkippedItem[] = [];
    for (const log of logs) {
      const decoded = decodePoolCreated(log);
      const c = decoded.find((x) => this.dexOf(x.factory, x.version));
      if (c) created.push(c);
      else if (decoded.length === 0) {
        // A factory's log with a pool-creation topic that does not decode: skipped, on record.
        undecodable.push({
          part: 'pool-watch',
          item: `${String(log.transactionHash).toLowerCase()}:${Number(log.logIndex)}`,
          reason: 'undecodable-log',
          error: new Error(
            `A pool-creation log of factory ${String(log.address)} does not decode as a pool-creation event.`,
          ),
          blockNumber: log.blockNumber === null ? null : BigInt(log.blockNumber as unknown as string),
        });
      }
    }
    return { created, logs: [...logs, ...v4Logs], undecodable };
  }

  /**
   * The project token may be token0 or token1: one filter for each topic position. Through
   * getLogsChunked like the other indexers, so a provider's range and result caps shrink the
   * range, and a lagging node's short answer is never taken for the whole range.
   */
  private async factoryLogs(
    client: PublicClient,
    factories: Address[],
    tokens: Hex[],
    from: bigint,
    to: bigint,
  ): Promise<Log[]> {
    const padded = tokens.map((t) => `0x${t.slice(2).padStart(64, '0')}` as Hex);
    const byKey = new Map<string, Log>();
    for (const moreTopics of [[padded], [null, padded]]) {
      const { logs } = await getLogsChunked(client, factories, CREATION_TOPICS, from, to, {
        maxRange: 10_000n,
        maxAddresses: 100,
        moreTopics,
        onRequest: () => this.options.onRequest?.('eth_getLogs'),
      });
      // A pool of two project tokens matches both filters; count it once.
      for (const log of logs) byKey.set(`${log.transactionHash}:${log.logIndex}`, log);
    }
    return [...byKey.values()];
  }

  private async record(
    client: PublicClient,
    targets: ReadonlyMap<CreatedPool, WatchedProject[]>,
    to: bigint,
    skipped: SkippedItem[],
    hashes: { safe: bigint; blocks: (RecordedBlock | null)[] },
    joined: readonly number[],
  ): Promise<number> {
    const created = [...targets.keys()].filter((c) => targets.get(c)!.length > 0);
    // The paired token's symbol for the message; a token that does not answer is shown by address.
    // Symbols pass the untrusted-text boundary (readTokenInfo's): a NUL in one would otherwise make
    // the notification insert, and with it the watch's whole transaction, fail on every tick.
    const symbols = new Map<string, string>();
    for (const c of created) {
      for (const token of [c.token0, c.token1]) {
        if (symbols.has(token)) continue;
        const known = this.network.tokens.find((t) => normalizeAddress(t.address) === token);
        if (known) symbols.set(token, known.symbol);
        else {
          try {
            symbols.set(token, (await readTokenInfo(client, getAddress(token), this.network.name)).symbol);
          } catch {
            symbols.set(token, addressLabel(token));
          }
        }
      }
    }

    const recorded: Parameters<OnSkip>[0][] = [];
    const found = await this.db.transaction(async (tx) => {
      let found = 0;
      recorded.length = 0;
      for (const item of skipped)
        recorded.push({ ...item, detail: await recordSkippedItem(tx, this.network.id, item) });
      for (const c of created) {
        const dex = this.dexOf(c.factory, c.version)!;
        for (const project of targets.get(c)!) {
          const paired = project.token === c.token0 ? c.token1 : c.token0;
          try {
            // One savepoint per pool and project: a row the database refuses is skipped and
            // recorded, and the rest of the range and the checkpoint still commit.
            if (
              await tx.transaction((sp) =>
                this.recordOne(
                  sp as unknown as Db,
                  c,
                  dex,
                  project,
                  paired,
                  symbols.get(paired) ?? addressLabel(paired),
                ),
              )
            )
              found++;
          } catch (err) {
            const item: SkippedItem = {
              part: 'pool-watch',
              item: `${normalizePoolAddress(c.pool)}:project-${project.id}`,
              reason: 'notification-rejected',
              error: err,
              blockNumber: c.blockNumber,
            };
            recorded.push({ ...item, detail: await recordSkippedItem(tx, this.network.id, item) });
          }
        }
      }
      await recordBlocks(tx, this.network, hashes.safe, hashes.blocks);
      await advanceWatch(tx, this.network.id, to);
      // With the pools of their catch-up: a rolled-back tick catches them up again.
      await markWatchJoined(tx, joined);
      return found;
    });
    // Told only once committed: a transaction that failed skipped nothing.
    for (const item of recorded) this.options.onSkip?.(item);
    return found;
  }

  /** One discovered pool of one project and its owner's notification; false if already known. */
  private async recordOne(
    tx: Db,
    c: CreatedPool,
    dex: DexConfig,
    project: WatchedProject,
    paired: string,
    pairedSymbol: string,
  ): Promise<boolean> {
    // Already attached by its owner (before the watch saw it): nothing to tell.
    if (await isAttached(tx, project.id, c.pool)) return false;
    const recorded = await recordDiscoveredPool(tx, {
      projectId: project.id,
      userId: project.user_id,
      networkId: this.network.id,
      dexId: dex.id,
      poolAddress: normalizePoolAddress(c.pool),
      poolVersion: c.version,
      fee: c.fee,
      tickSpacing: c.v4?.tickSpacing ?? c.shape?.tickSpacing ?? null,
      hooks: c.v4?.hooks ?? (c.shape?.plugin ? normalizeAddress(c.shape.plugin) : null),
      stable: c.shape?.stable ?? null,
      binStep: c.shape?.binStep ?? null,
      pairedTokenAddress: normalizeAddress(paired),
      blockNumber: c.blockNumber,
      txHash: c.txHash,
    });
    if (!recorded) return false;
    const projectSymbol = tokenSymbolText(project.token_symbol).text || addressLabel(project.token);
    const pair = `${projectSymbol}/${tokenSymbolText(pairedSymbol).text || addressLabel(paired)}`;
    const fee =
      c.fee === null ? '' : c.version === 'v4' && c.fee === DYNAMIC_FEE ? ' (dynamic fee)' : ` (${c.fee / 10_000}%)`;
    // A Solidly-style pool's curve is part of what it is (a pair may have one of each): said with it.
    const curve = c.shape?.stable === undefined ? '' : c.shape.stable ? ' stable' : ' volatile';
    // A V4 pool has no address: it is named by its id, and its hooks (if any) are said at once.
    const hooked = c.v4 && BigInt(c.v4.hooks) !== 0n ? ` with hooks ${getAddress(c.v4.hooks)}` : '';
    const where =
      c.version === 'v4'
        ? `was initialised with pool id ${normalizePoolAddress(c.pool)}${hooked}`
        : `was created at ${c.pool}`;
    await raiseNotification(tx, {
      userId: project.user_id,
      title: newPoolTitle(projectSymbol, dex.name),
      message: `A ${pair}${fee}${curve} pool ${where} in block ${c.blockNumber}. Open the project to attach it in one click.`,
      navigationUrl: `/projects/${project.id}`,
      // Its block: a reorganisation above it withdraws the notice (decision 0016).
      source: { networkId: this.network.id, blockNumber: c.blockNumber },
    });
    return true;
  }
}
