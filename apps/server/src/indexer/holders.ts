import {
  getAddress,
  parseAbiItem,
  toEventSelector,
  zeroAddress,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import type { ChainService } from '../chain/chain-service';
import { isStateUnavailable, withDeadline } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import type { Db } from '../db/client';
import { normalizeAddress } from '../lib/addresses';
import type { TokenHolderSyncRow } from '../db/schema';
import { getLogsChunked } from './get-logs';
import { BalanceJournal, logBlocks, rangeEndBlock, recordBlocks, type RecordedBlock } from './reorg';
import { readChainHolders, RECONCILED_TOP, reconcile } from './holder-reconciliation';
import { describeIndexerError } from './status';
import {
  advanceHolderSync,
  balancesOf,
  balanceTotals,
  holderSyncsOf,
  largestBalances,
  lockHolderSync,
  noteCheckUnavailable,
  saveCheck,
  setDeployment,
  syncsWithLastCheck,
  trackedTokens,
  writeBalances,
  writeDailyCounts,
} from './holder-store';

export const TRANSFER_TOPIC = toEventSelector(
  parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
);
const ZERO = zeroAddress;

export interface HolderIndexerOptions {
  /** Largest block range per eth_getLogs to start with; it shrinks on "too large" and grows back. */
  maxRange?: bigint;
  /** Most blocks one tick reads for one group of tokens, so a long backfill does not stall ticks. */
  maxBlocksPerTick?: bigint;
  onRequest?: (method: string) => void;
  onTokenError?: (token: string, err: unknown) => void;
  /**
   * Asked before each token's reconciliation (a multicall of its largest balances, seconds under
   * load when many tokens are tracked): true when a new block is waiting, and the checks left are
   * made on a later tick, so a block's swaps reach the screens first (issue 31, the devnet's 2 s).
   */
  newBlockWaiting?: () => Promise<boolean>;
}

export interface HolderTickResult {
  transfers: number;
  /** The tokens whose balances changed this tick (the live stream's notice). */
  changedTokens?: string[];
  tokens: number;
  caughtUp: boolean;
}

export interface Transfer {
  token: string;
  from: string;
  to: string;
  value: bigint;
  blockNumber: bigint;
  logIndex: number;
}

/** A 32-byte word that holds an address: 12 zero bytes, then 20. Anything else is not one. */
const ADDRESS_WORD = /^0x0{24}([0-9a-fA-F]{40})$/;

/**
 * A Transfer log of an ERC-20, or null. Two shapes carry the same signature and topic: the
 * standard one (from and to indexed: three topics, the value in 32 bytes of data) and the
 * pre-standard one some old tokens emit (nothing indexed: one topic, from, to and value in 96
 * bytes of data). ERC-721 logs share the signature too but index the token id (four topics,
 * empty data), so the shape is checked, not only the topic. Logs are untrusted input: an address
 * word with bits above its 20 bytes is no address, and the log is skipped.
 */
export function decodeTransfer(
  log: Pick<Log, 'address' | 'topics' | 'data' | 'blockNumber' | 'logIndex'>,
): Transfer | null {
  if (log.topics[0] !== TRANSFER_TOPIC) return null;
  let words: [Hex, Hex, Hex];
  if (log.topics.length === 3 && log.data.length === 66) words = [log.topics[1]!, log.topics[2]!, log.data];
  else if (log.topics.length === 1 && log.data.length === 2 + 3 * 64) {
    const word = (i: number) => `0x${log.data.slice(2 + i * 64, 2 + (i + 1) * 64)}` as Hex;
    words = [word(0), word(1), word(2)];
  } else return null;
  const from = ADDRESS_WORD.exec(words[0])?.[1];
  const to = ADDRESS_WORD.exec(words[1])?.[1];
  if (from === undefined || to === undefined) return null;
  return {
    token: normalizeAddress(log.address),
    from: normalizeAddress(`0x${from}`),
    to: normalizeAddress(`0x${to}`),
    value: BigInt(words[2]),
    blockNumber: BigInt(log.blockNumber as unknown as string),
    logIndex: Number(BigInt(log.logIndex as unknown as string)),
  };
}

/**
 * Applies transfers, in chain order, to the balances they touch. Mints (from the zero address)
 * debit nobody; burns (to the zero address) credit the zero address, which therefore shows what
 * was burned — but it is never counted as a holder. A transfer to oneself or of zero changes
 * nothing. Returns the holder-count change after each transfer, for the daily history.
 *
 * A debit larger than the balance the logs credited cannot happen on a token whose logs tell
 * everything; it happens when a supply was assigned without an event, after a rebase, or when
 * another contract emits the logs. The balance stops at zero (a negative one is no balance) and
 * `onShortfall` hears how much was missing, for the reconciliation with the chain.
 */
export function applyTransfers(
  balances: Map<string, bigint>,
  transfers: readonly Transfer[],
  onCount?: (t: Transfer, delta: number) => void,
  onShortfall?: (t: Transfer, missing: bigint) => void,
): number {
  let total = 0;
  const isHolder = (address: string, balance: bigint) => address !== ZERO && balance > 0n;
  const move = (address: string, amount: bigint) => {
    const before = balances.get(address) ?? 0n;
    const after = before + amount;
    balances.set(address, after < 0n ? 0n : after);
    return (isHolder(address, after) ? 1 : 0) - (isHolder(address, before) ? 1 : 0);
  };
  for (const t of transfers) {
    let delta = 0;
    if (t.value !== 0n && t.from !== t.to) {
      if (t.from !== ZERO) {
        const had = balances.get(t.from) ?? 0n;
        if (had < t.value) onShortfall?.(t, t.value - had);
        delta += move(t.from, -t.value);
      }
      delta += move(t.to, t.value);
    }
    total += delta;
    onCount?.(t, delta);
  }
  return total;
}

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** A token whose history could not start this many ticks in a row makes the holder part fail (/ready). */
export const START_FAILURES_REPORTED = 3;

/**
 * The transfer history of some tokens cannot be read from this node: the tick did what it could for
 * the others, then fails with this, so /ready and /metrics show the holder part failing and why.
 */
export class HolderHistoryUnreadableError extends Error {
  override name = 'HolderHistoryUnreadableError';
  constructor(tokens: string[], cause: unknown) {
    super(
      `The transfer history of ${tokens.length === 1 ? `token ${tokens[0]}` : `${tokens.length} tokens (${tokens.slice(0, 3).join(', ')}${tokens.length > 3 ? ', …' : ''})`} cannot be read from this node: ${describeIndexerError(cause)}`,
      { cause },
    );
  }
}

/** Addresses kept of those the logs debited beyond their logged balance: the latest, for the check. */
const MAX_SHORTFALL_HOLDERS = 20;

/**
 * Holder balances of every project token of one network, from Transfer logs. A token is read from
 * its deployment block in slices; every slice's balances, holder counts and checkpoint are one
 * transaction, so a restart resumes exactly where the last committed slice ended — nothing is
 * counted twice. Once caught up it follows the safe head.
 *
 * The deployment block comes from a binary search over eth_getCode where the node keeps old state
 * (an archive node). A full node keeps the state of the last 128 blocks or so, and answers older
 * reads with an error (isStateUnavailable): there the history starts at the token's first Transfer
 * log instead, found with eth_getLogs, which full nodes serve for every block (logs are not state;
 * docs/decisions/0055-pruned-nodes.md).
 */
export class HolderIndexer {
  private range: bigint;
  /** Blocks per slice: shrinks after a slice with many transfers, so one slice's logs stay bounded. */
  private sliceBlocks: bigint;
  /** The node answered an old eth_getCode with "no state there": find starts from logs from now on. */
  private statePruned = false;
  /** Tokens whose first Transfer log is being looked for: the next block to look from. */
  private readonly logSearch = new Map<string, bigint>();
  /** Tokens whose start could not be found, with the consecutive failures and the last error. */
  private readonly startFailures = new Map<string, { count: number; error: unknown }>();

  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    readonly network: NetworkConfig,
    private readonly options: HolderIndexerOptions = {},
  ) {
    this.range = options.maxRange ?? 10_000n;
    this.sliceBlocks = options.maxBlocksPerTick ?? 100_000n;
  }

  private request(method: string) {
    this.options.onRequest?.(method);
  }

  /** The first block at which the token has code, or null if it has none at `head`. */
  async findDeployBlock(client: PublicClient, token: Address, head: bigint): Promise<bigint | null> {
    const hasCode = async (blockNumber: bigint) => {
      this.request('eth_getCode');
      const code = await client.getCode({ address: token, blockNumber });
      return !!code && code !== '0x';
    };
    if (!(await hasCode(head))) return null;
    let lo = 0n;
    let hi = head;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (await hasCode(mid)) hi = mid;
      else lo = mid + 1n;
    }
    return lo;
  }

  /**
   * Where the token's history starts: its deployment block (archive node), or the block of its first
   * Transfer log (a node without old state); null when it has no code; 'searching' while the log
   * search has not reached it (it goes on next tick, a slice at a time, like a backfill).
   */
  async findStart(client: PublicClient, token: Address, safe: bigint): Promise<bigint | null | 'searching'> {
    const key = normalizeAddress(token);
    if (!this.statePruned && !this.logSearch.has(key)) {
      try {
        return await this.findDeployBlock(client, token, safe);
      } catch (err) {
        if (!isStateUnavailable(err)) throw err;
        // Sticky for this network: behind a load balancer, the next answer may come from another
        // full node; logs give the same start on every node.
        this.statePruned = true;
      }
    }
    return this.firstTransferBlock(client, token, safe);
  }

  /**
   * The block of the token's first Transfer log, looked for from block 0 one slice per call. No
   * Transfer log up to `safe` (a token whose logs another contract emits): its history starts at
   * `safe`, and the check against the chain says that no logs were found.
   */
  private async firstTransferBlock(
    client: PublicClient,
    token: Address,
    safe: bigint,
  ): Promise<bigint | null | 'searching'> {
    const key = normalizeAddress(token);
    let from = this.logSearch.get(key);
    if (from === undefined) {
      // The latest state: every node has it.
      this.request('eth_getCode');
      const code = await client.getCode({ address: token });
      if (!code || code === '0x') return null;
      from = 0n;
    }
    const end = from + this.sliceBlocks - 1n < safe ? from + this.sliceBlocks - 1n : safe;
    const { logs, range } = await getLogsChunked(client, [token], [TRANSFER_TOPIC], from, end, {
      maxRange: this.range,
      maxAddresses: 1,
      onRequest: () => this.request('eth_getLogs'),
    });
    this.range = range;
    // Any log of the token with the Transfer topic: reading from a block too early is never wrong.
    const first = logs.reduce<bigint | null>((min, log) => {
      const block = BigInt(log.blockNumber as unknown as string);
      return min === null || block < min ? block : min;
    }, null);
    if (first !== null || end >= safe) {
      this.logSearch.delete(key);
      return first ?? safe;
    }
    this.logSearch.set(key, end + 1n);
    return 'searching';
  }

  /** Who sent the transaction that created the token (a factory's caller for factory-made tokens). */
  private async findDeployer(client: PublicClient, token: string, block: bigint): Promise<string | null> {
    this.request('eth_getBlockByNumber');
    const full = await client.getBlock({ blockNumber: block, includeTransactions: true });
    const creations = full.transactions.filter((tx) => tx.to === null);
    for (const tx of creations) {
      this.request('eth_getTransactionReceipt');
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.contractAddress && normalizeAddress(receipt.contractAddress) === token)
        return normalizeAddress(tx.from);
    }
    // Made by a factory: the first transaction of the block that touched it is the best evidence
    // we have without tracing, so no deployer label rather than a guess.
    return null;
  }

  async tick(): Promise<HolderTickResult> {
    const result: HolderTickResult = { transfers: 0, tokens: 0, caughtUp: true };
    const tokens = await trackedTokens(this.db, this.network.id);
    if (tokens.length === 0) return result;
    result.tokens = tokens.length;
    const client = this.chain.client(this.network);

    return withDeadline(
      this.network,
      async () => {
        this.request('eth_blockNumber');
        const head = await client.getBlockNumber({ cacheTime: 0 });
        const safe = head - BigInt(this.network.confirmations);
        if (safe < 0n) return result;

        const states = await holderSyncsOf(this.db, this.network.id, tokens);

        // Tokens seen for the first time: where their history starts.
        for (const state of states.filter((s) => s.deployBlock === null)) {
          let deployBlock: bigint | null | 'searching';
          let deployer: string | null;
          try {
            deployBlock = await this.findStart(client, getAddress(state.tokenAddress), safe);
            this.startFailures.delete(state.tokenAddress);
            if (deployBlock === null) continue; // no code (yet): not a token we can index
            if (deployBlock === 'searching') {
              result.caughtUp = false;
              continue;
            }
            deployer = await this.findDeployer(client, state.tokenAddress, deployBlock);
          } catch (err) {
            // That token waits (and is retried next tick); the others go on. After a few ticks in a
            // row the tick fails at its end (below), so that /ready says so.
            const failures = (this.startFailures.get(state.tokenAddress)?.count ?? 0) + 1;
            this.startFailures.set(state.tokenAddress, { count: failures, error: err });
            this.options.onTokenError?.(state.tokenAddress, err);
            continue;
          }
          await setDeployment(this.db, this.network.id, state.tokenAddress, {
            deployBlock,
            deployer,
            targetBlock: safe,
          });
          state.deployBlock = deployBlock;
        }

        // Tokens that continue from the same block are read together, in one eth_getLogs.
        const groups = new Map<bigint, string[]>();
        for (const s of states) {
          if (s.deployBlock === null) continue;
          const next = s.toBlock === null ? s.deployBlock : s.toBlock + 1n;
          if (next > safe) continue;
          groups.set(next, [...(groups.get(next) ?? []), s.tokenAddress]);
        }
        const maxPerTick = this.sliceBlocks;
        for (const [next, group] of groups) {
          const end = next + maxPerTick - 1n < safe ? next + maxPerTick - 1n : safe;
          if (end < safe) result.caughtUp = false;
          // Before the logs (see rangeEndBlock): the hash that lets a reorganisation be detected.
          const endBlock = await rangeEndBlock(client, this.network, end, safe, (m) => this.request(m));
          const { logs, range } = await getLogsChunked(
            client,
            group.map((t) => getAddress(t)),
            [TRANSFER_TOPIC],
            next,
            end,
            {
              maxRange: this.range,
              maxAddresses: 500,
              onRequest: () => this.request('eth_getLogs'),
            },
          );
          // Adaptive range: keep the size that worked, and grow it again while answers stay small.
          const maxRange = this.options.maxRange ?? 10_000n;
          this.range = logs.length < 2_000 ? (range * 2n > maxRange ? maxRange : range * 2n) : range;
          // A slice holds all its logs in memory until its transaction: after a slice of more than
          // 200,000 transfers the next ones cover fewer blocks, and they grow back when quiet.
          const maxSlice = this.options.maxBlocksPerTick ?? 100_000n;
          if (logs.length > 200_000 && this.sliceBlocks > 100n) this.sliceBlocks /= 2n;
          else if (logs.length < 20_000 && this.sliceBlocks < maxSlice)
            this.sliceBlocks = this.sliceBlocks * 2n > maxSlice ? maxSlice : this.sliceBlocks * 2n;
          const stored = await this.store(client, group, logs, end, safe, [endBlock, ...logBlocks(logs)]);
          result.transfers += stored.count;
          if (stored.tokens.length > 0)
            result.changedTokens = [...new Set([...(result.changedTokens ?? []), ...stored.tokens])];
        }
        if (!(await this.reconcileAll(client, tokens))) result.caughtUp = false;
        const stuck = [...this.startFailures].filter(
          ([token, f]) => f.count >= START_FAILURES_REPORTED && tokens.includes(token),
        );
        if (stuck.length > 0)
          throw new HolderHistoryUnreadableError(
            stuck.map(([token]) => token),
            stuck[0]![1].error,
          );
        return result;
      },
      // A slice may be a long read; each RPC call keeps its own timeout.
      300_000,
    );
  }

  /**
   * Every caught-up token whose logs moved since its last check is compared with the chain at the
   * block its logs end at. One token's failure (a node that cannot serve that block, a contract
   * that answers nonsense) costs that token its check, never the others or the tick.
   */
  private async reconcileAll(client: PublicClient, tokens: string[]): Promise<boolean> {
    const rows = await syncsWithLastCheck(this.db, this.network.id, tokens);
    for (const { sync, checkedBlock, checkedStatus } of rows) {
      const block = sync.toBlock;
      if (block === null || sync.targetBlock === null || block < sync.targetBlock) continue; // still backfilling
      // Checked at this block already, unless the check failed or its count correction is not stored.
      if (checkedBlock === block && checkedStatus !== 'unavailable' && sync.holderCountAdjustment !== null) continue;
      // A node that cannot say is no reason to wait: the check goes on.
      if (this.options.newBlockWaiting && (await this.options.newBlockWaiting().catch(() => false))) return false;
      try {
        await this.reconcileToken(client, sync, block);
      } catch (err) {
        this.options.onTokenError?.(sync.tokenAddress, err);
        // A full node keeps the state of the last 128 blocks or so; a tick that took longer than
        // that on a fast chain asks too late. Retried next tick, at the block its logs end at then.
        const reason = isStateUnavailable(err)
          ? `The node keeps no state for block ${block} any more (a full node, not an archive node).`
          : undefined;
        await noteCheckUnavailable(this.db, this.network.id, sync.tokenAddress, block, reason);
      }
    }
    return true;
  }

  private async reconcileToken(client: PublicClient, sync: TokenHolderSyncRow, block: bigint): Promise<void> {
    const token = sync.tokenAddress;
    const top = await largestBalances(this.db, this.network.id, token, RECONCILED_TOP);
    // Beyond the largest logged balances: the deployer (a supply assigned without an event lands
    // there) and the addresses the logs debited beyond what they credited.
    const asked = [
      ...new Set([
        ZERO,
        ...top.map((r) => r.holder),
        ...(sync.deployer ? [sync.deployer] : []),
        ...sync.shortfallHolders,
      ]),
    ];
    const logBalances = new Map(top.map((r) => [r.holder, BigInt(r.balance)]));
    const missing = asked.filter((a) => !logBalances.has(a));
    if (missing.length > 0)
      for (const [holder, balance] of await balancesOf(this.db, this.network.id, token, missing))
        logBalances.set(holder, balance);
    const totals = await balanceTotals(this.db, this.network.id, token);
    this.request('eth_call');
    const chain = await readChainHolders(client, this.network.multicall3, getAddress(token), asked, block);
    const result = reconcile(chain, { balances: logBalances, ...totals });
    const values = {
      status: result.status,
      blockNumber: result.block,
      supplyFromLogs: result.supplyFromLogs.toString(),
      totalSupply: result.totalSupply?.toString() ?? null,
      zeroAddressBalance: result.zeroAddressBalance?.toString() ?? null,
      largestDifference: result.largestDifference?.toString() ?? null,
      addressesChecked: result.addressesChecked,
      addressesDiffering: result.addressesDiffering,
      chainBalances: result.chainBalances,
      reason: result.reason,
      checkedAt: new Date(),
    };
    await saveCheck(this.db, this.network.id, token, values, result.holderCountAdjustment);
  }

  /** Block times of the blocks that hold transfers, from the logs when the node includes them. */
  private async blockTimes(client: PublicClient, logs: Log[]): Promise<Map<bigint, Date>> {
    const times = new Map<bigint, Date>();
    for (const log of logs) {
      const ts = (log as unknown as { blockTimestamp?: Hex }).blockTimestamp;
      if (ts) times.set(BigInt(log.blockNumber as unknown as string), new Date(Number(BigInt(ts)) * 1000));
    }
    const missing = [...new Set(logs.map((l) => BigInt(l.blockNumber as unknown as string)))].filter(
      (b) => !times.has(b),
    );
    for (let i = 0; i < missing.length; i += 100) {
      const part = missing.slice(i, i + 100);
      this.request('eth_getBlockByNumber');
      const blocks = await Promise.all(part.map((n) => client.getBlock({ blockNumber: n })));
      for (const b of blocks) times.set(b.number, new Date(Number(b.timestamp) * 1000));
    }
    return times;
  }

  /** One slice of a token group: balances, counts, the daily history and the checkpoints, atomically. */
  private async store(
    client: PublicClient,
    group: string[],
    logs: Log[],
    end: bigint,
    safe: bigint,
    blocks: (RecordedBlock | null)[],
  ): Promise<{ count: number; tokens: string[] }> {
    const transfers = logs
      .map(decodeTransfer)
      .filter((t): t is Transfer => t !== null && group.includes(t.token))
      .sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
    const times = await this.blockTimes(client, logs);

    await this.db.transaction(async (tx) => {
      for (const token of group) {
        const own = transfers.filter((t) => t.token === token);
        const sync = await lockHolderSync(tx, this.network.id, token);
        let count = sync?.holderCount ?? 0;
        // The history shows the count every screen shows: the logs' count as the last check corrected it.
        const adjustment = sync?.holderCountAdjustment ?? 0;
        let shortfall = BigInt(sync?.logShortfall ?? '0');
        let shortHolders = sync?.shortfallHolders ?? [];
        if (own.length > 0) {
          const touched = [...new Set(own.flatMap((t) => [t.from, t.to]))];
          const balances = await balancesOf(tx, this.network.id, token, touched);
          const daily = new Map<string, number>();
          // Balances before each recent block, so a reorganisation can put them back.
          const journal = new BalanceJournal(this.network, safe, balances);
          applyTransfers(
            balances,
            own,
            (t, delta) => {
              journal.note(t, balances);
              count += delta;
              daily.set(dayOf(times.get(t.blockNumber)!), Math.max(0, count + adjustment));
            },
            (t, missing) => {
              shortfall += missing;
              shortHolders = [...shortHolders.filter((h) => h !== t.from), t.from].slice(-MAX_SHORTFALL_HOLDERS);
            },
          );
          await writeBalances(tx, this.network.id, token, touched, balances);
          await journal.write(tx, token);
          await writeDailyCounts(tx, this.network.id, token, daily);
        }
        await advanceHolderSync(tx, this.network.id, token, {
          toBlock: end,
          targetBlock: safe,
          holderCount: count,
          logShortfall: shortfall.toString(),
          shortfallHolders: shortHolders,
        });
      }
      await recordBlocks(tx, this.network, safe, blocks);
    });
    return { count: transfers.length, tokens: [...new Set(transfers.map((t) => t.token))] };
  }
}
