import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type FenceQuery } from '../db/client';

/**
 * Which server indexes a network (docs/decisions/0051-indexer-lease.md): a lease row per network
 * (indexer_leases) that its holder renews and a standby takes over once it has expired. Every
 * time is the database's clock (now()), never a server's. The epoch, raised on every takeover, is
 * the fencing token: each write transaction of the holder first updates its own row where holder
 * and epoch are still its own (the fence), so a holder that was stopped (SIGSTOP, a VM paused, a
 * partition) and comes back after a takeover writes nothing, and a takeover waits for a write
 * transaction that passed the fence to end.
 */

export const DEFAULT_LEASE_MS = 20_000;

/** Thrown by the fence (and by nothing else): this server no longer holds the network's lease. */
export class LeaseLostError extends Error {
  constructor(
    readonly networkId: number,
    readonly epoch: bigint | null,
  ) {
    super(
      'this server no longer holds the indexer lease of this network (another server took it over); nothing was written',
    );
    this.name = 'LeaseLostError';
  }
}

/** Whether the error is (or was caused by) the fence's refusal; drizzle wraps it in its own. */
export function isLeaseLost(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof LeaseLostError) return true;
  }
  return false;
}

/** One per server process: which process holds a lease; random, so a restart is a new holder. */
export const newHolderId = () => `${process.pid}-${randomBytes(6).toString('hex')}`;

/** What a standby sees of a network: the lease, and the stored checkpoint it reports lag from. */
export interface LeaseSight {
  lease: { holder: string; epoch: bigint; expiresAt: Date; expired: boolean } | null;
  /** indexer_checkpoints: every tracked pool is indexed up to this block. */
  indexedBlock: bigint | null;
  /** When that checkpoint last moved. */
  indexedAt: Date | null;
  /** Whether any pool of the network is tracked (else nothing is behind, and no node is asked). */
  tracked: boolean;
}

const LOCK_NOT_AVAILABLE = '55P03';
const codeOf = (err: unknown): string | undefined => {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};

export class NetworkLease {
  private epoch: bigint | null = null;
  /** Write transactions the fence refused since the process started. */
  refusedWrites = 0;
  /** The lease as last read by `hold` on standby. */
  sight: LeaseSight | null = null;

  constructor(
    private readonly db: Db,
    readonly networkId: number,
    readonly holder: string,
    readonly durationMs: number,
  ) {}

  get held(): boolean {
    return this.epoch !== null;
  }

  get heldEpoch(): bigint | null {
    return this.epoch;
  }

  /**
   * A stopped holder in the middle of a write transaction keeps the lease row locked, and with it
   * any takeover: PostgreSQL ends such a session after this long idle in its transaction (set on
   * every fenced transaction), which rolls it back and frees the row.
   */
  get idleInTransactionMs(): number {
    return Math.max(2_000, Math.round(this.durationMs / 2));
  }

  /** The lease, the checkpoint and whether anything is tracked: one cheap read, no lock. */
  async look(): Promise<LeaseSight> {
    const [row] = await queryRows<{
      holder: string | null;
      epoch: string | null;
      expires_at: string | Date | null;
      expired: boolean | null;
      last_block: string | null;
      indexed_at: string | Date | null;
      tracked: boolean;
    }>(
      this.db,
      sql`select l.holder, l.epoch, l.expires_at, l.expires_at <= now() as expired,
            c.last_block, c.updated_at as indexed_at,
            exists (select 1 from pools p where p.network_id = n.id) as tracked
          from (select ${this.networkId}::integer as id) n
          left join indexer_leases l on l.network_id = n.id
          left join indexer_checkpoints c on c.network_id = n.id`,
    );
    this.sight = {
      lease:
        row?.holder && row.epoch !== null && row.expires_at !== null
          ? {
              holder: row.holder,
              epoch: BigInt(row.epoch),
              expiresAt: new Date(row.expires_at),
              expired: row.expired === true,
            }
          : null,
      indexedBlock: row?.last_block === null || row?.last_block === undefined ? null : BigInt(row.last_block),
      indexedAt: row?.indexed_at ? new Date(row.indexed_at) : null,
      tracked: row?.tracked === true,
    };
    return this.sight;
  }

  /**
   * Renews this server's lease, or takes the lease when there is none or it has expired (the
   * epoch then grows by one). True while this server holds it. A standby first only reads: it
   * does not queue behind the holder's row lock on every poll.
   */
  async hold(): Promise<boolean> {
    const mine = this.epoch;
    if (mine === null) {
      const seen = await this.look();
      if (seen.lease && !seen.lease.expired) return false;
    }
    let rows: { epoch: string }[];
    try {
      rows = await this.db.transaction(async (tx) => {
        // A holder stopped inside a write transaction keeps the row locked until PostgreSQL ends
        // its session (idleInTransactionMs): wait a little, then try again at the next poll.
        await tx.execute(sql`select set_config('lock_timeout', '2000', true)`);
        return queryRows<{ epoch: string }>(
          tx as unknown as Db,
          sql`insert into indexer_leases as l (network_id, holder, epoch, expires_at, acquired_at)
              values (${this.networkId}, ${this.holder}, 1, now() + ${this.durationMs} * interval '1 millisecond', now())
              on conflict (network_id) do update set
                epoch = case when l.holder = excluded.holder and l.epoch = ${mine?.toString() ?? null}::bigint then l.epoch else l.epoch + 1 end,
                acquired_at = case when l.holder = excluded.holder and l.epoch = ${mine?.toString() ?? null}::bigint then l.acquired_at else now() end,
                holder = excluded.holder,
                expires_at = excluded.expires_at
              where (l.holder = excluded.holder and l.epoch = ${mine?.toString() ?? null}::bigint) or l.expires_at <= now()
              returning l.epoch`,
        );
      });
    } catch (err) {
      if (codeOf(err) === LOCK_NOT_AVAILABLE) return this.epoch !== null;
      throw err;
    }
    this.epoch = rows[0] ? BigInt(rows[0].epoch) : null;
    return this.epoch !== null;
  }

  /**
   * The fence, run by the fenced Db right after BEGIN of every write transaction: this server's
   * row, with its epoch, is updated (renewed) and so locked until the transaction ends. No row: a
   * standby took over (or the lease was never held); the transaction is rolled back.
   */
  readonly fence = async (query: FenceQuery): Promise<void> => {
    const epoch = this.epoch;
    if (epoch !== null) {
      await query(`select set_config('idle_in_transaction_session_timeout', $1, true)`, [
        String(this.idleInTransactionMs),
      ]);
      const { rows } = await query(
        `update indexer_leases set expires_at = now() + $4 * interval '1 millisecond'
         where network_id = $1 and holder = $2 and epoch = $3 returning epoch`,
        [this.networkId, this.holder, epoch.toString(), this.durationMs],
      );
      if (rows.length === 1) return;
    }
    this.refusedWrites += 1;
    this.epoch = null;
    throw new LeaseLostError(this.networkId, epoch);
  };

  /** On a clean stop: the lease expires now, so a standby takes over at its next poll. */
  async release(): Promise<void> {
    const epoch = this.epoch;
    this.epoch = null;
    if (epoch === null) return;
    await this.db.execute(
      sql`update indexer_leases set expires_at = now() where network_id = ${this.networkId} and holder = ${this.holder} and epoch = ${epoch.toString()}::bigint`,
    );
  }
}
