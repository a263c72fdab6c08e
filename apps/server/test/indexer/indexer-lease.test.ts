import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { indexerCheckpoints, indexerLeases } from '../../src/db/schema';
import { isLeaseLost, NetworkLease } from '../../src/indexer/lease';
import { safeErrorText } from '../../src/lib/error-text';
import { cloneDatabase, type ClonedDatabase } from '../support/database';

const NETWORK = 31337;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// On the run's PostgreSQL (the embedded test cluster, or DATABASE_URL's server in CI's second
// pass), in a clone of its own. Two leases with different holder ids are two servers: each has its
// own fenced Db over the one database (docs/decisions/0051-indexer-lease.md).
describe('the indexer lease on PostgreSQL', () => {
  let clone: ClonedDatabase;
  let database: Database;
  beforeAll(async () => {
    clone = await cloneDatabase('tokendesk_lease');
    database = await openDatabase({ kind: 'postgres', url: clone.url });
  });
  afterAll(async () => {
    await database?.close();
    await clone?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(indexerLeases);
    await database.db.delete(indexerCheckpoints);
  });

  const server = (holder: string, durationMs = 20_000) => {
    const lease = new NetworkLease(database.db, NETWORK, holder, durationMs);
    return { lease, db: database.fenced(lease.fence) };
  };
  const leaseRow = async () =>
    (await database.db.select().from(indexerLeases).where(eq(indexerLeases.networkId, NETWORK)))[0];
  const checkpoint = async () =>
    (await database.db.select().from(indexerCheckpoints).where(eq(indexerCheckpoints.networkId, NETWORK)))[0]
      ?.lastBlock ?? null;
  const writeCheckpoint = (db: Database['db'], block: bigint) =>
    db
      .insert(indexerCheckpoints)
      .values({ networkId: NETWORK, lastBlock: block })
      .onConflictDoUpdate({ target: indexerCheckpoints.networkId, set: { lastBlock: block } });
  /** Seconds the row's lease has left, by the database's clock. */
  const secondsLeft = async () =>
    Number(
      (
        await queryRows<{ s: string }>(
          database.db,
          sql`select extract(epoch from expires_at - now()) as s from indexer_leases where network_id = ${NETWORK}`,
        )
      )[0]!.s,
    );

  it('is taken by one server, refused to the other while valid, and renewed by its holder without a new epoch', async () => {
    const a = server('a');
    const b = server('b');
    expect(await a.lease.hold()).toBe(true);
    expect(a.lease.heldEpoch).toBe(1n);
    expect(await b.lease.hold()).toBe(false);
    expect(b.lease.sight?.lease).toMatchObject({ holder: 'a', epoch: 1n, expired: false });

    await database.db.execute(sql`update indexer_leases set expires_at = now() + interval '1 second'`);
    expect(await secondsLeft()).toBeLessThan(2);
    expect(await a.lease.hold()).toBe(true);
    expect(a.lease.heldEpoch).toBe(1n);
    expect(await secondsLeft()).toBeGreaterThan(18);
    expect(await leaseRow()).toMatchObject({ holder: 'a', epoch: 1n });
  });

  it('is taken over once it expires by the database clock, with the next epoch; the old holder learns it lost it', async () => {
    const a = server('a', 1_000);
    const b = server('b', 1_000);
    expect(await a.lease.hold()).toBe(true);
    expect(await b.lease.hold()).toBe(false);
    // a stops renewing (stopped, hung, cut off): b takes over once the second has passed.
    await sleep(1_200);
    expect(await b.lease.hold()).toBe(true);
    expect(b.lease.heldEpoch).toBe(2n);
    expect(await leaseRow()).toMatchObject({ holder: 'b', epoch: 2n });
    expect(await a.lease.hold()).toBe(false);
    expect(a.lease.held).toBe(false);
  });

  it('fences every write of a holder whose epoch is stale: in a transaction or alone, nothing is written', async () => {
    const a = server('a');
    const b = server('b');
    expect(await a.lease.hold()).toBe(true);
    await writeCheckpoint(a.db, 100n);
    expect(await checkpoint()).toBe(100n);

    // a is stopped past its lease; b takes over. a's process does not know yet (it still thinks it holds epoch 1).
    await database.db.execute(sql`update indexer_leases set expires_at = now() - interval '1 second'`);
    expect(await b.lease.hold()).toBe(true);
    expect(a.lease.heldEpoch).toBe(1n);

    // a comes back and writes: alone, and in a transaction (whose first write would otherwise land).
    const alone = await writeCheckpoint(a.db, 999n).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isLeaseLost(alone)).toBe(true);
    const inTx = await a.db
      .transaction(async (tx) => {
        await writeCheckpoint(tx as unknown as Database['db'], 998n);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isLeaseLost(inTx)).toBe(true);
    expect(await checkpoint()).toBe(100n);
    expect(a.lease.held).toBe(false);
    expect(a.lease.refusedWrites).toBeGreaterThanOrEqual(1);
    // Reads are not fenced.
    expect((await a.db.select().from(indexerCheckpoints)).length).toBe(1);

    // The new holder writes, and its writes renew its lease.
    await writeCheckpoint(b.db, 101n);
    expect(await checkpoint()).toBe(101n);
    expect(await secondsLeft()).toBeGreaterThan(18);
    // A server that never held the lease writes nothing either.
    expect(
      isLeaseLost(
        await writeCheckpoint(server('c').db, 5n).then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    ).toBe(true);
    expect(await checkpoint()).toBe(101n);
  });

  it('a holder stopped inside a write transaction keeps nobody waiting past its lease: PostgreSQL ends it, its writes roll back, a standby takes over', async () => {
    const a = server('a', 3_000);
    const b = server('b', 3_000);
    expect(await a.lease.hold()).toBe(true);
    const stopped = a.db.transaction(async (tx) => {
      await writeCheckpoint(tx as unknown as Database['db'], 500n);
      // The process is stopped here (SIGSTOP) with the lease row locked by the fence.
      await sleep(a.lease.idleInTransactionMs + 2_500);
      await writeCheckpoint(tx as unknown as Database['db'], 501n);
    });
    const outcome = stopped.then(
      () => 'committed',
      (err: unknown) => safeErrorText(err),
    );
    const started = Date.now();
    let took = false;
    while (!took && Date.now() - started < 10_000) {
      took = await b.lease.hold();
      if (!took) await sleep(200);
    }
    expect(took).toBe(true);
    // Within the lease (3 s) and a poll, not when the stopped holder comes back.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(b.lease.heldEpoch).toBe(2n);
    expect(await outcome).not.toBe('committed');
    expect(await checkpoint()).toBeNull();
  });
});

describe('errors shown outside the logs', () => {
  it('show the database reason, not the SQL of a failed query', () => {
    const err = Object.assign(new Error('Failed query: update "token_holder_sync" set x = $1\nparams: 1'), {
      cause: Object.assign(new Error('Connection terminated unexpectedly'), { name: 'Error' }),
    });
    expect(safeErrorText(err)).toBe('Connection terminated unexpectedly');
  });
});
