import { allEndpoints, API_BASE, type BudgetClass as ContractBudgetClass } from '@tokendesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Config } from '../config';
import { HttpError, tooManyRequests } from '../lib/http-errors';
import { ConcurrencyLimit, KeyedSemaphore, type BucketLimit } from '../lib/token-bucket';
import type { SharedLimits } from '../db/shared-limits';

/**
 * Per-user budgets for authenticated routes (docs/decisions/0021): one token
 * bucket per (user, class), stricter where a request costs more, so one user's burst cannot take
 * the server from everyone else, and our RPC provider never sees one user's loop.
 *
 *   default  every other authenticated route: generous, a page load fires several calls at once
 *   heavy    reads that cost real CPU or database time per call: live pool figures (through the
 *            5 s pool cache), trigram search, the holder summary
 *   chain    a node is asked on every call (token info, pool discovery, verification, creation)
 *   export   CSV streams, which also hold a database connection while they run: capped in flight
 *            per user and in total as well
 *   stream   the live stream (decision 0074): the default bucket's size, and no turn held, since it
 *            stays open for hours; STREAMS_PER_USER and STREAMS_MAX bound what it holds
 *
 * On top of the buckets, a user's requests run at most USER_CONCURRENT_REQUESTS at a time, and
 * of those at most USER_CONCURRENT_COSTLY heavy or chain ones (the next ones wait their turn): a
 * bucket bounds how much a user asks for over time, this bounds how much of the server one user
 * holds at any moment, which is what another user's latency feels.
 *
 * The buckets are shared by every server on the database (decision 0052: one statement per
 * request); the in-flight limits (concurrent requests, exports running) are per server, since what
 * they protect is this server's CPU and database connections.
 */
export type BudgetClass = 'default' | ContractBudgetClass;

/**
 * Route → class, by method and the full URL pattern, from the endpoint contract's `budget`
 * (packages/contract/src/<feature>/endpoints.ts, docs/decisions/0083). Routes without one are `default`; the test
 * user-budgets.test.ts fails when a listed route no longer exists.
 */
export const BUDGET_CLASSES: Readonly<Record<string, ContractBudgetClass>> = Object.fromEntries(
  allEndpoints().flatMap((e) => (e.budget ? [[`${e.method} ${API_BASE}${e.path}`, e.budget] as const] : [])),
);

/** A fixed wait to suggest when the user's own exports fill their slots: we cannot know when one ends. */
const EXPORT_BUSY_RETRY_SECONDS = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function budgetClassOf(method: string, url: string): BudgetClass {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url.replace(/\/+$/, '')}`;
  return BUDGET_CLASSES[key] ?? 'default';
}

/**
 * Adds the budget check as the last preHandler of every route guarded by requireUser or
 * requireStaff, so it runs once the user is known (a global hook would run before them). Must be
 * registered before the routes.
 */
export function registerUserBudgets(
  app: FastifyInstance,
  { config, limits }: { config: Config; limits: SharedLimits },
): void {
  if (!config.USER_BUDGETS) return;
  const buckets: Record<BudgetClass, BucketLimit> = {
    default: config.USER_BUDGET_DEFAULT,
    heavy: config.USER_BUDGET_HEAVY,
    chain: config.USER_BUDGET_CHAIN,
    export: config.USER_BUDGET_EXPORT,
    stream: config.USER_BUDGET_DEFAULT,
  };
  const exportsInFlight = new ConcurrencyLimit(config.EXPORTS_PER_USER, config.EXPORTS_MAX_CONCURRENT);
  const running = new KeyedSemaphore(config.USER_CONCURRENT_REQUESTS, config.USER_QUEUED_REQUESTS);
  const runningCostly = new KeyedSemaphore(config.USER_CONCURRENT_COSTLY, config.USER_QUEUED_REQUESTS);
  const guards = new Set<unknown>([app.requireUser, app.requireStaff]);
  // Fastify derives a GET route's HEAD twin from the options this hook already changed.
  const checks = new WeakSet<object>();

  const check = (budgetClass: BudgetClass): preHandlerHookHandler => {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = request.authentication;
      if (!auth) return;
      const key = String(auth.user.id);
      // The turns first: they are taken on arrival, with no I/O before them, so a burst meets the
      // in-flight caps together. Always in this order (all, then costly), so two waits never block
      // each other. A request the bucket then refuses gives its turn back with its answer.
      if (budgetClass !== 'stream') await waitForTurn(running, key, reply);
      if (budgetClass === 'heavy' || budgetClass === 'chain') await waitForTurn(runningCostly, key, reply);
      // One statement on the bucket shared by every server (decision 0052).
      const waitMs = await limits.take(`budget-${budgetClass}:${key}`, buckets[budgetClass]);
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw tooManyRequests(`Too many requests. Please wait ${plural(seconds, 'second')}.`, seconds);
      }
      if (budgetClass === 'export') holdExportSlot(key, reply);
    };
    checks.add(handler);
    return handler;
  };

  async function waitForTurn(semaphore: KeyedSemaphore, key: string, reply: FastifyReply): Promise<void> {
    const turn = semaphore.acquire(key);
    if (!turn) throw tooManyRequests('Too many requests at once. Please wait 1 second.', 1);
    let gone = false;
    const onGone = () => (gone = true);
    reply.raw.once('close', onGone);
    const release = await turn;
    reply.raw.off('close', onGone);
    // A client that left while waiting does not keep its turn.
    if (gone) release();
    else reply.raw.once('close', release);
  }

  function holdExportSlot(key: string, reply: FastifyReply): void {
    const slot = exportsInFlight.acquire(key);
    if ('full' in slot) {
      if (slot.full === 'key') {
        throw tooManyRequests(
          `You already have ${plural(config.EXPORTS_PER_USER, 'export')} running. Please wait until one has finished.`,
          EXPORT_BUSY_RETRY_SECONDS,
        );
      }
      // Not this user's doing: the server as a whole is at its ceiling.
      throw new HttpError(
        503,
        `The server is busy with other exports. Please try again in ${plural(EXPORT_BUSY_RETRY_SECONDS, 'second')}.`,
        [],
        {
          'retry-after': String(EXPORT_BUSY_RETRY_SECONDS),
        },
      );
    }
    // 'close' comes once the response has ended or the client has gone, streamed or not.
    reply.raw.once('close', slot.release);
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const handlers =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    if (!handlers.some((h) => guards.has(h)) || handlers.some((h) => checks.has(h))) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const classes = new Set(methods.map((m) => budgetClassOf(m, route.url)));
    if (classes.size !== 1)
      throw new Error(`${route.url}: one route declaration for methods of different budget classes`);
    route.preHandler = [...handlers, check([...classes][0]!)];
  });
}
