import {
  formatAmount,
  formatPrice,
  reportMessages as rm,
  type ActivityEvent,
  type Pool,
  type WeeklyReport,
} from '@tokendesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { alerts, alertTriggers, outbox, projectWeeklyReports } from '../../src/db/schema';
import {
  isoWeek,
  nextReportAt,
  runWeeklyReports,
  weekDueAt,
  type WeeklyReportDeps,
} from '../../src/delivery/weekly-report';
import { DeliveryWorker } from '../../src/delivery/worker';
import { valuedPools } from '../../src/features/pools/valued-pools';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { bearer, createTestContext, devnetChain, signUp, requester } from '../helpers';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';
import { cloneDatabase, type ClonedDatabase } from '../support/database';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';

/**
 * The weekly e-mail report (docs/decisions/0040) against the devnet's month of history and a real
 * SMTP server: the figures agree with what the Funds and Activity answers say, a project gets one
 * report a week even with two servers racing on one database, and nobody who did not opt in, or
 * whose address is not verified, gets one. Reads the chain only.
 */

const DEVNET = 31337;
const DAY_MS = 24 * 60 * 60 * 1000;
type User = Awaited<ReturnType<typeof signUp>>;

/** The report's clock: now, or this week's due time when a run happens on Monday before 08:00 UTC. */
function reportTime(): Date {
  const now = new Date();
  const due = weekDueAt(isoWeek(now).start);
  return now < due ? due : now;
}

describe('week arithmetic', () => {
  it('ISO weeks, the Monday 08:00 UTC due time and the next report time', () => {
    expect(isoWeek(new Date('2026-11-24T22:00:00Z')).label).toBe('2026-W48');
    expect(isoWeek(new Date('2026-11-23T00:00:00Z')).start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(isoWeek(new Date('2026-11-22T23:59:59Z')).label).toBe('2026-W47');
    // Year edges: 1 Jan 2027 is a Friday, in 2026's week 53; 31 Dec 2024 a Tuesday, in 2025-W01.
    expect(isoWeek(new Date('2027-01-01T12:00:00Z')).label).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-31T12:00:00Z')).label).toBe('2025-W01');
    expect(weekDueAt(isoWeek(new Date('2026-11-25T10:00:00Z')).start).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    // Monday 07:00 before the first report of the week: 08:00 that day; after it was sent: next Monday.
    expect(nextReportAt(new Date('2026-11-23T07:00:00Z'), '2026-W47').toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(nextReportAt(new Date('2026-11-24T10:15:00Z'), '2026-W48').toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(nextReportAt(new Date('2026-11-24T10:15:00Z'), null).toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });
});

describe('weekly report', () => {
  let smtp: TestSmtpServer;
  let clone: ClonedDatabase;
  let database: Database;
  let second: Database;
  let app: FastifyInstance;
  let worker: DeliveryWorker;
  let owner: User;
  let optedOut: User;
  let unverified: User;
  let stranger: User;
  let demoId: number;
  let poolId: number;
  let optedOutProject: number;
  let unverifiedProject: number;

  const call = requester(() => app);
  const depsOn = (db: Database, barrier?: () => Promise<void>): WeeklyReportDeps => ({
    db: db.db,
    config: app.config,
    log: { info: () => {}, error: () => {} },
    projectPools: async (userId, projectId) => {
      await barrier?.();
      const { pools, projectPrices } = await valuedPools(app, userId, [projectId]);
      return { pools, projectPrice: projectPrices.get(projectId) };
    },
  });
  const reportRows = () => database.db.select().from(outbox).where(eq(outbox.category, 'report'));
  const createProject = async (user: User, address: string, name: string, symbol: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: { authorization: bearer(user.token) },
      payload: { network: DEVNET, contract_address: address, name, token_symbol: symbol, token_decimal: 18 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const verify = (userId: number) =>
    database.db.execute(sql`update users set email_verified_at = now() where id = ${userId}`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    clone = await cloneDatabase();
    database = await openDatabase({ kind: 'postgres', url: clone.url });
    second = await openDatabase({ kind: 'postgres', url: clone.url });
    const config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://desk.example.com' });
    app = await buildApp({ config, database, logger: false, chain: devnetChain() });
    await app.ready();
    worker = new DeliveryWorker({ db: database.db, config });
    [owner, optedOut, unverified, stranger] = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app)]);
    await Promise.all([verify(owner.userId), verify(optedOut.userId), verify(stranger.userId)]);
    await database.db.execute(sql`update users set email_verified_at = null where id = ${unverified.userId}`);

    const a = inject('devnet').addresses;
    demoId = await createProject(owner, a.demo, 'Demo Token', 'DEMO');
    const attach = await app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${demoId}/`,
      headers: { authorization: bearer(owner.token) },
      payload: { dex: 'uniswap-v2', token: 'weth', pool_address: a.pools.demoWethV2 },
    });
    expect(attach.statusCode, attach.body).toBe(201);
    poolId = (attach.json() as { id: number }).id;
    optedOutProject = await createProject(optedOut, a.demo, 'Demo Token', 'DEMO');
    unverifiedProject = await createProject(unverified, a.demo, 'Demo Token', 'DEMO');

    // The pool's month of history, read as the server's indexer reads it.
    const indexer = new NetworkIndexer(database.db, app.chain, app.chain.registry.get(DEVNET)!, {});
    for (let i = 0; !(await indexer.tick()).caughtUp; i++) if (i > 300) throw new Error('indexer did not catch up');

    // Two firings of the owner's alert: one inside the week, one before it (not in the report).
    const [alert] = await database.db
      .insert(alerts)
      .values({ userId: owner.userId, poolId, kind: 'large_swap', minAmount: '0.5', cooldownMinutes: 60 })
      .returning();
    const now = reportTime();
    await database.db.insert(alertTriggers).values([
      {
        alertId: alert!.id,
        triggeredAt: new Date(now.getTime() - 2 * DAY_MS),
        message: 'Swap of 1.5 WETH in DEMO/WETH',
        values: { amount: '1.5' },
        networkId: DEVNET,
        blockNumber: 4242n,
      },
      {
        alertId: alert!.id,
        triggeredAt: new Date(now.getTime() - 9 * DAY_MS),
        message: 'Old firing outside the week',
        values: {},
        networkId: DEVNET,
        blockNumber: 17n,
      },
    ]);
  }, 600_000);

  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await second?.close();
    await database?.close();
    await clone?.drop();
    await smtp?.close();
  });

  it('is off by default; the owner turns it on; bad input is refused and changes nothing', async () => {
    const initial = await call(owner.token, 'GET', `projects/${demoId}/weekly-report/`);
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({
      project_id: demoId,
      enabled: false,
      email_configured: true,
      email_verified: true,
      last_week: null,
      last_sent_at: null,
      next_report_at: null,
    } satisfies WeeklyReport);

    for (const body of [{ enabled: 'true' }, { enabled: 1 }, {}, { enabled: true, extra: 1 }, null]) {
      const res = await call(owner.token, 'PUT', `projects/${demoId}/weekly-report/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await database.db.select().from(projectWeeklyReports)).toHaveLength(0);
    expect((await call(owner.token, 'PUT', 'projects/abc/weekly-report/', { enabled: true })).statusCode).toBe(400);

    const on = await call(owner.token, 'PUT', `projects/${demoId}/weekly-report/`, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, email_configured: true, email_verified: true, last_week: null });
    expect(typeof (on.json() as WeeklyReport).next_report_at).toBe('string');
    expect((await call(owner.token, 'GET', `projects/${demoId}/weekly-report/`)).json()).toMatchObject({
      enabled: true,
    });
  });

  it("another user's project answers 404, like a missing one, and is not changed", async () => {
    for (const id of [demoId, 999_999]) {
      expect((await call(stranger.token, 'GET', `projects/${id}/weekly-report/`)).statusCode).toBe(404);
      expect((await call(stranger.token, 'PUT', `projects/${id}/weekly-report/`, { enabled: false })).statusCode).toBe(
        404,
      );
    }
    expect((await call(owner.token, 'GET', `projects/${demoId}/weekly-report/`)).json()).toMatchObject({
      enabled: true,
    });
  });

  it('an opted-in project of a verified owner gets one e-mail with the figures and their blocks', async () => {
    // The other projects: one turned on then off, one on but its owner unverified.
    expect(
      (await call(optedOut.token, 'PUT', `projects/${optedOutProject}/weekly-report/`, { enabled: true })).statusCode,
    ).toBe(200);
    expect(
      (await call(optedOut.token, 'PUT', `projects/${optedOutProject}/weekly-report/`, { enabled: false })).statusCode,
    ).toBe(200);
    const unverifiedOn = await call(unverified.token, 'PUT', `projects/${unverifiedProject}/weekly-report/`, {
      enabled: true,
    });
    expect(unverifiedOn.json()).toMatchObject({ enabled: true, email_verified: false });

    const now = reportTime();
    const result = await runWeeklyReports(depsOn(database), now);
    expect(result).toEqual({ week: isoWeek(now).label, sent: [demoId], failed: [] });
    const rows = await reportRows();
    expect(rows.map((r) => [r.userId, (r.payload as { to: string }).to])).toEqual([[owner.userId, owner.email]]);

    await worker.runOnce();
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('Weekly report'));
    expect(mail.subject).toBe('TokenDesk: Weekly report: Demo Token (DEMO)');

    // The figures as the Funds screen shows them, with the block they were read at.
    const fund = (await call(owner.token, 'GET', `projects/user/pools/funds/${poolId}/`)).json() as Pool;
    const at = fund.pool_funds!.block_number!;
    expect(mail.text).toContain(`Price: ${formatPrice(fund.price)} WETH per DEMO`);
    expect(mail.text).toContain(`at block ${at}`);
    expect(mail.text).toContain(
      `Liquidity: ${formatAmount(fund.pool_funds!.amount_token)} WETH and ${formatAmount(fund.pool_funds!.amount_project_token)} DEMO at block ${at}`,
    );
    expect(fund.change_24h).not.toBeNull();
    const day = Number(fund.change_24h);
    expect(mail.text).toContain(`24 h change: ${day > 0 ? '+' : day < 0 ? '-' : ''}${Math.abs(day).toFixed(2)}%`);
    expect(mail.text).toContain(`Volume 24 h: ${formatAmount(fund.volume_24h)} WETH`);

    // The 7-day volume equals the swaps the Activity screen lists for the week, summed here.
    let cursor: string | null = null;
    let weekVolume = 0n;
    const from = now.getTime() - 7 * DAY_MS;
    do {
      const page = (
        await call(
          owner.token,
          'GET',
          `projects/activity/?pool=${poolId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json() as { events: ActivityEvent[]; next_cursor: string | null };
      for (const e of page.events) {
        if ((e.kind === 'buy' || e.kind === 'sell') && Date.parse(e.occurred_at) > from) {
          const [w, f = ''] = e.amount_token.split('.');
          weekVolume += BigInt(w! + f.padEnd(18, '0'));
        }
      }
      cursor = page.next_cursor;
    } while (cursor);
    expect(weekVolume).toBeGreaterThan(0n);
    const whole = weekVolume / 10n ** 18n;
    const fraction = (weekVolume % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
    expect(mail.text).toContain(
      `Volume 7 days: ${formatAmount(fraction ? `${whole}.${fraction}` : `${whole}`)} WETH\n`,
    );

    // The 7-day change: from a stored price at or before the week's start, to the live price.
    const week = /7-day change: ([+-]?[0-9.]+)% \(from ([0-9.,]+) WETH at block (\d+), (.+? UTC)\)/.exec(mail.text);
    expect(week, mail.text).not.toBeNull();
    expect(Date.parse(week![4]!.replace(' UTC', 'Z'))).toBeLessThanOrEqual(from);
    expect(BigInt(week![3]!)).toBeLessThan(BigInt(at));

    // USD: the project's price with its route and block, or the reason in words.
    expect(mail.text).toMatch(
      /Price \(USD\): (\$[0-9.,₀-₉]+ via DEMO\/WETH on Uniswap V2 × WETH\/USDC on Uniswap V3 at block \d+|not available: .+)/,
    );
    // Holders are not indexed in this file: said plainly, never 0.
    expect(mail.text).toMatch(/Holders: not available: .+/);
    expect(mail.text).not.toMatch(/Holders: 0/);

    // The alerts that fired during the week, with their block; the older one is not listed.
    expect(mail.text).toContain('Alerts that fired this week (1)');
    expect(mail.text).toContain('Large Swap on DEMO/WETH: Swap of 1.5 WETH in DEMO/WETH (block 4242)');
    expect(mail.text).not.toContain('Old firing');
    expect(mail.text).toContain(`https://desk.example.com/projects/${demoId}`);
    expect(mail.html).toContain('Weekly report: Demo Token (DEMO)');

    const setting = (await call(owner.token, 'GET', `projects/${demoId}/weekly-report/`)).json() as WeeklyReport;
    expect(setting.last_week).toBe(isoWeek(now).label);
    expect(setting.next_report_at).toBe(weekDueAt(new Date(isoWeek(now).start.getTime() + 7 * DAY_MS)).toISOString());
    // Nobody else got a report.
    expect(smtp.messages.filter((m) => m.subject.includes('Weekly report')).map((m) => m.to)).toEqual([[owner.email]]);
  });

  it('not twice in one week: a second run, and two servers racing on one database', async () => {
    const now = reportTime();
    expect((await runWeeklyReports(depsOn(database), new Date(now.getTime() + 60_000))).sent).toEqual([]);
    expect(await reportRows()).toHaveLength(1);

    // Next week: one more, claimed by exactly one of two servers (two connection pools) at once.
    const next = new Date(now.getTime() + 7 * DAY_MS);
    // Both servers have chosen the project (and are composing) before either claims the week.
    let arrived = 0;
    let release!: () => void;
    const bothThere = new Promise<void>((resolve) => (release = resolve));
    const barrier = () => {
      arrived += 1;
      if (arrived === 2) release();
      return bothThere;
    };
    const [a, b] = await Promise.all([
      runWeeklyReports(depsOn(database, barrier), next),
      runWeeklyReports(depsOn(second, barrier), next),
    ]);
    expect(arrived).toBe(2);
    expect([...a.sent, ...b.sent]).toEqual([demoId]);
    expect([...a.failed, ...b.failed]).toEqual([]);
    expect(await reportRows()).toHaveLength(2);
    const [row] = await database.db
      .select()
      .from(projectWeeklyReports)
      .where(eq(projectWeeklyReports.projectId, demoId));
    expect(row!.lastWeek).toBe(isoWeek(next).label);
  });

  it('an unverified owner gets none until verified; turning it off stops it', async () => {
    const later = new Date(reportTime().getTime() + 14 * DAY_MS);
    const before = (await reportRows()).length;
    const run = await runWeeklyReports(depsOn(database), later);
    expect(run.sent).toEqual([demoId]);
    expect(
      (await reportRows()).filter((r) => r.userId === unverified.userId || r.userId === optedOut.userId),
    ).toHaveLength(0);
    expect(await reportRows()).toHaveLength(before + 1);

    await verify(unverified.userId);
    expect((await runWeeklyReports(depsOn(database), later)).sent).toEqual([unverifiedProject]);

    expect((await call(owner.token, 'PUT', `projects/${demoId}/weekly-report/`, { enabled: false })).statusCode).toBe(
      200,
    );
    expect((await runWeeklyReports(depsOn(database), new Date(later.getTime() + 7 * DAY_MS))).sent).toEqual([
      unverifiedProject,
    ]);
  });

  it('holders: the count at the block the index has read to, and the change since the day before the week', async () => {
    const at = new Date(reportTime().getTime() + 28 * DAY_MS);
    const dayBefore = new Date(at.getTime() - 8 * DAY_MS).toISOString().slice(0, 10);
    const inside = new Date(at.getTime() - 3 * DAY_MS).toISOString().slice(0, 10);
    const token = inject('devnet').addresses.demo.toLowerCase();
    // The holder index's rows as the indexer writes them (this file does not run the holder indexer).
    await database.db.execute(
      sql`insert into token_holder_sync (network_id, token_address, to_block, target_block, holder_count) values (${DEVNET}, ${token}, 500, 500, 12)`,
    );
    await database.db.execute(
      sql`insert into token_holder_daily (network_id, token_address, day, holder_count) values (${DEVNET}, ${token}, ${dayBefore}, 9), (${DEVNET}, ${token}, ${inside}, 11)`,
    );
    expect((await call(owner.token, 'PUT', `projects/${demoId}/weekly-report/`, { enabled: true })).statusCode).toBe(
      200,
    );
    expect((await runWeeklyReports(depsOn(database), at)).sent).toContain(demoId);
    await worker.runOnce();
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email) && m.text.includes('Holders: 12'));
    const [y, mo, d] = dayBefore.split('-').map(Number);
    const month = new Date(Date.UTC(y!, mo! - 1, d!)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
    expect(mail.text).toContain(`Holders: 12 at block 500, +3 since the end of ${d} ${month} ${y} (9)`);

    // While the history is still being read, the count is not given (a partial count would understate it).
    await database.db.execute(
      sql`update token_holder_sync set target_block = 900 where network_id = ${DEVNET} and token_address = ${token}`,
    );
    const later = new Date(at.getTime() + 7 * DAY_MS);
    expect((await runWeeklyReports(depsOn(database), later)).sent).toContain(demoId);
    await worker.runOnce();
    const partial = await smtp.waitFor(
      (m) => m.to.includes(owner.email) && m.text.includes('Holders: not available: Holders are still being indexed'),
    );
    expect(partial.text).not.toMatch(/Holders: \d/);
  });
});

describe('weekly report without e-mail configured', () => {
  it('cannot be turned on, says why, and a run enqueues nothing', async () => {
    const ctx = await createTestContext();
    try {
      const user = await signUp(ctx.app);
      await ctx.app.db.execute(sql`update users set email_verified_at = now() where id = ${user.userId}`);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/projects/create/',
        headers: { authorization: bearer(user.token) },
        payload: {
          network: DEVNET,
          contract_address: inject('devnet').addresses.demo,
          name: 'Demo',
          token_symbol: 'DEMO',
          token_decimal: 18,
        },
      });
      // Without a chain this app knows no devnet; seed the project row directly then.
      const projectId =
        res.statusCode === 201
          ? (res.json() as { id: number }).id
          : (
              (await ctx.app.db.execute(
                sql`insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal) values (${user.userId}, ${DEVNET}, '0x00000000000000000000000000000000000000aa', 'Demo', 'DEMO', 18) returning id`,
              )) as unknown as { rows: { id: number }[] }
            ).rows[0]!.id;
      const put = (enabled: boolean) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/projects/${projectId}/weekly-report/`,
          headers: { authorization: bearer(user.token) },
          payload: { enabled },
        });
      const on = await put(true);
      expect(on.statusCode).toBe(409);
      expect(on.json()).toMatchObject({
        detail: rm.emailNotConfigured,
        errors: [{ field: 'enabled', message: rm.emailNotConfigured }],
      });
      expect(await ctx.app.db.select().from(projectWeeklyReports)).toHaveLength(0);
      expect((await put(false)).statusCode).toBe(200);
      const got = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/projects/${projectId}/weekly-report/`,
          headers: { authorization: bearer(user.token) },
        })
      ).json() as WeeklyReport;
      expect(got).toMatchObject({ enabled: false, email_configured: false, next_report_at: null });

      // Even an enabled row (set before SMTP was removed) enqueues nothing.
      await ctx.app.db.update(projectWeeklyReports).set({ enabled: true });
      const run = await runWeeklyReports(
        {
          db: ctx.app.db,
          config: ctx.config,
          log: { info: () => {}, error: () => {} },
          projectPools: async () => ({ pools: [], projectPrice: undefined }),
        },
        reportTime(),
      );
      expect(run.sent).toEqual([]);
      expect(await ctx.app.db.select().from(outbox)).toHaveLength(0);
    } finally {
      await ctx.close();
    }
  });
});
