import fs from 'node:fs';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it, type TestContext } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { auditEvents, emailTokens, sessions, users } from '../../src/db/schema';
import { basic, bearer, GOOD_PASSWORD, registerBody } from '../helpers';
import { cloneDatabase, type ClonedDatabase } from '../support/database';
import { runCli, tempDir } from '../support/spawn';

/**
 * The admin CLI as a child process, checked through the database and the API. The CLI runs on a
 * clone of the test template (DATABASE_URL), as it would against an external PostgreSQL: its own
 * embedded cluster would cost seconds per command and test nothing more. The lock test below runs
 * it on the embedded default, where the data-dir lock applies. The three tests touch different
 * accounts (or no database), so they run concurrently; each hands its context to the spawn helper
 * so that its own children are cleaned up when it ends.
 */

let database: ClonedDatabase;
beforeAll(async () => {
  database = await cloneDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const cli = (test: TestContext, args: string[], stdin?: string) =>
  runCli(args, { test, database: { url: database.url }, ...(stdin === undefined ? {} : { stdin }) });

/** Opens the CLI's database with the app on it, after the CLI has exited. */
async function withApp<T>(
  run: (app: Awaited<ReturnType<typeof buildApp>>, db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const opened = await openDatabase({ kind: 'postgres', url: database.url });
  const app = await buildApp({ config: testConfig(), database: opened, logger: false });
  await app.ready();
  try {
    return await run(app, opened.db);
  } finally {
    await app.close();
    await opened.close();
  }
}

const login = (app: Awaited<ReturnType<typeof buildApp>>, username: string, password: string) =>
  app.inject({ method: 'GET', url: '/api/v1/user/login/', headers: { authorization: basic(username, password) } });

const userRow = (db: Awaited<ReturnType<typeof openDatabase>>['db'], username: string) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .then((r) => r[0]);

describe.concurrent('admin CLI', () => {
  it('creates a staff account, demotes, promotes and resets its password (revoking its sessions)', async (test) => {
    const { expect } = test;
    const created = await cli(test, ['create-staff', 'support_ann', 'ann@example.com'], `${GOOD_PASSWORD}\n`);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created staff account 'support_ann'");
    expect(created.stdout).not.toContain(GOOD_PASSWORD);

    const token = await withApp(async (app, db) => {
      expect(await userRow(db, 'support_ann')).toMatchObject({
        email: 'ann@example.com',
        isStaff: true,
        passwordChangeRequired: false,
      });
      const res = await login(app, 'support_ann', GOOD_PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      const { token, user } = res.json() as { token: string; user: { is_staff: boolean; email_verified: boolean } };
      expect(user.is_staff).toBe(true);
      // The operator vouches for the address of an account made on the command line (decision 0039).
      expect(user.email_verified).toBe(true);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/staff/tickets/', headers: { authorization: bearer(token) } }))
          .statusCode,
      ).toBe(200);
      return token;
    });

    const demoted = await cli(test, ['demote', 'SUPPORT_ANN']);
    expect(demoted.code, demoted.stderr).toBe(0);
    await withApp(async (app, db) => {
      expect((await userRow(db, 'support_ann'))!.isStaff).toBe(false);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/staff/tickets/', headers: { authorization: bearer(token) } }))
          .statusCode,
      ).toBe(403);
    });

    const promoted = await cli(test, ['promote', 'support_ann']);
    expect(promoted.code, promoted.stderr).toBe(0);
    await withApp(async (_app, db) => expect((await userRow(db, 'support_ann'))!.isStaff).toBe(true));

    const newPassword = 'quiet-meadow-47-compass';
    const reset = await cli(test, ['reset-password', 'support_ann'], `${newPassword}\n`);
    expect(reset.code, reset.stderr).toBe(0);
    await withApp(async (app, db) => {
      const user = (await userRow(db, 'support_ann'))!;
      const open = await db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((s) => s.revokedAt !== null)).toBe(true);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: { authorization: bearer(token) } }))
          .statusCode,
      ).toBe(401);
      expect((await login(app, 'support_ann', GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await login(app, 'support_ann', newPassword)).statusCode).toBe(200);
    });

    const generated = await cli(test, ['reset-password', 'support_ann', '--generate']);
    expect(generated.code, generated.stderr).toBe(0);
    const oneTime = generated.stdout.trim().split('\n').at(-1)!;
    expect(oneTime).toMatch(/^[\w-]{24}$/);
    await withApp(async (app) => {
      expect((await login(app, 'support_ann', newPassword)).statusCode).toBe(401);
      const signedIn = await login(app, 'support_ann', oneTime);
      expect(signedIn.statusCode).toBe(200);
      // A typed password stood; a made-up one must be replaced before anything else (issue 35).
      const { token: oneTimeToken, user } = signedIn.json() as {
        token: string;
        user: { password_change_required: boolean };
      };
      expect(user.password_change_required).toBe(true);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/staff/tickets/',
            headers: { authorization: bearer(oneTimeToken) },
          })
        ).statusCode,
      ).toBe(403);
    });
  }, 120_000);

  it('refuses bad input with clear messages and exit codes', async (test) => {
    const { expect } = test;
    // Refusals change nothing, so they run side by side (each CLI run is a process start).
    const [common, short, email, noPassword, nobody, unknown] = await Promise.all([
      cli(test, ['create-staff', 'support_bob', 'bob@example.com'], 'password123\n'),
      cli(test, ['create-staff', 'support_bob', 'bob@example.com'], 'short\n'),
      cli(test, ['create-staff', 'support_bob', 'not-an-email', '--generate']),
      cli(test, ['create-staff', 'support_bob', 'bob@example.com']),
      cli(test, ['promote', 'nobody_here']),
      cli(test, ['frobnicate']),
    ]);
    expect(common.code).toBe(65);
    expect(common.stderr).toContain('too common');
    expect(short.code).toBe(65);
    expect(short.stderr).toContain('at least 8 characters');
    expect(email.code).toBe(65);
    expect(email.stderr).toContain('Please enter a valid email address');
    expect(noPassword.code).toBe(64);
    expect(nobody.code).toBe(67);
    expect(unknown.code).toBe(64);
    const generated = await cli(test, ['create-staff', 'support_bob', 'bob@example.com', '--generate']);
    expect(generated.code, generated.stderr).toBe(0);
    const taken = await cli(test, ['create-staff', 'Support_Bob', 'other@example.com', '--generate']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists');
    // Made up and printed for the operator to pass on: the account chooses its own first (issue 35).
    await withApp(async (_app, db) =>
      expect(await userRow(db, 'support_bob')).toMatchObject({ isStaff: true, passwordChangeRequired: true }),
    );
  }, 120_000);

  it('reset-link prints a one-time reset link once (by username or address), audited as the OS user; unknown users exit 67', async (test) => {
    const { expect } = test;
    const publicUrl = 'https://desk.example.test';
    const owner = await withApp(async (app) => {
      const body = registerBody();
      const res = await app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return {
        username: body.username as string,
        email: body.email as string,
        id: (res.json() as { user: { id: number } }).user.id,
      };
    });

    const [nobody, noArg] = await Promise.all([
      cli(test, ['reset-link', 'nobody_here@example.com']),
      cli(test, ['reset-link']),
    ]);
    expect(nobody.code).toBe(67);
    expect(nobody.stderr).toContain("No user has the username or e-mail address 'nobody_here@example.com'.");
    expect(noArg.code).toBe(64);

    const first = await runCli(['reset-link', owner.email.toUpperCase()], {
      test,
      database: { url: database.url },
      env: { PUBLIC_URL: publicUrl, SUDO_USER: '' },
    });
    expect(first.code, first.stderr).toBe(0);
    const links = first.stdout.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.startsWith(`${publicUrl}/reset-password`)).toBe(true);
    expect(first.stdout).toContain(`One-time password-reset link for '${owner.username}'`);
    expect(first.stdout).toContain('in 30 minutes');
    const url = new URL(link);
    const token = url.searchParams.get('token') ?? new URLSearchParams(url.hash.slice(1)).get('token');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(first.stderr).not.toContain(token!);

    await withApp(async (app, db) => {
      const events = await db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, owner.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'reset_link_issued',
        actorKind: 'cli',
        actorUserId: null,
        actorName: os.userInfo().username,
        subjectName: owner.username,
      });
      const stored = await db.select().from(emailTokens).where(eq(emailTokens.userId, owner.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(30 * 60_000);
      expect(JSON.stringify([events, stored])).not.toContain(token!);

      const newPassword = 'copper-valley-31-kite';
      const reset = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password/',
        payload: { token, password: newPassword },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await login(app, owner.username, newPassword)).statusCode).toBe(200);
      expect((await login(app, owner.username, GOOD_PASSWORD)).statusCode).toBe(401);
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password/',
        payload: { token, password: 'another-fine-92-passphrase' },
      });
      expect(again.statusCode).toBe(400);
    });
  }, 120_000);

  it('says the server must be stopped when the data directory is in use', async (test) => {
    const { expect } = test;
    // This test process stands in for a running server holding the lock of the embedded default.
    const dataDir = tempDir('tokendesk-cli-lock-', test);
    fs.writeFileSync(
      `${dataDir}/tokendesk.lock`,
      JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() }),
    );
    const res = await runCli(['promote', 'support_ann'], { test, dataDir, database: 'embedded' });
    expect(res.code, res.stderr).toBe(75);
    expect(res.stderr).toContain('stop the server');
  }, 60_000);
});
