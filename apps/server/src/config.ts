import path from 'node:path';
import { z } from 'zod';
import { parseIpAllowList } from './lib/ip-allowlist';
import { repoRoot } from './paths';

export { repoRoot };

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** `<burst>,<per minute>` of a token bucket, e.g. `20,30`. */
const budget = z
  .string()
  .regex(/^\s*\d{1,7}\s*,\s*\d{1,9}\s*$/, 'must be "<burst>,<per minute>", e.g. 20,30')
  .transform((v) => v.split(',').map(Number) as [number, number])
  .refine(([burst, perMinute]) => burst >= 1 && perMinute >= 1, 'burst and rate must be at least 1')
  .transform(([capacity, perMinute]) => ({ capacity, perMinute }));

/**
 * Every setting, read once at start. Each entry's doc comment is its documentation:
 * docs/configuration.md is generated from this object (`npm run docs`), and a test fails when the
 * two differ, so write them for the operator. "decision NNNN" becomes a link there.
 */
export const configSchema = z.object({
  /** HTTP port (`0` picks a free one). */
  PORT: int(0, 65535).default(3000),
  /** Interface to listen on (`0.0.0.0` for all). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Where the embedded PostgreSQL (`pg/`, its password `pg-password`) and the devnet's state live;
   * one server per directory (locked). As root with a `DATA_DIR` the database's user cannot reach
   * (a clone in root's 0700 home), the cluster is kept in `/var/lib/tokendesk/clusters/…` instead,
   * recorded in `DATA_DIR/pg-location` (decision 0056).
   */
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** Use this PostgreSQL instead of the embedded one (`postgres://user:pass@host:5432/db`). */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  /**
   * Embedded database: writes answer 503 while the disk under `DATA_DIR` has less than this many MB
   * free, before PostgreSQL meets a full disk itself (decision 0024). `0` turns it off.
   */
  STORAGE_RESERVE_MB: int(0, 1_000_000).default(64),
  /** Log level (pino). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** log2 of scrypt's N (r=8, p=1). 17 is the OWASP figure: keep it in production; tests lower it, never below 10. */
  PASSWORD_HASH_COST: int(10, 20).default(17),
  /**
   * Failed sign-ins for one username from one client IP per window before 429 (a success resets
   * it; decision 0018). **Shared by all servers** on the database (decision 0052).
   */
  LOGIN_MAX_FAILURES_PER_USERNAME_IP: int(1, 100_000).default(10),
  /** Failed sign-ins per client IP per window before 429. **Shared by all servers** on the database (decision 0052). */
  LOGIN_MAX_FAILURES_PER_IP: int(1, 100_000).default(30),
  /**
   * Failed sign-ins for one username from all IPs per window before the IPs that failed on it get
   * 429; an IP that has not failed on the username is never held back by it, so nobody can lock
   * the owner out with the username alone (decision 0018). **Shared by all servers** on the
   * database (decision 0052).
   */
  LOGIN_MAX_FAILURES_PER_USERNAME: int(1, 100_000).default(100),
  /**
   * From this many failures on a username (all IPs), its failing IPs wait 1 s, 2 s, 4 s … (at most
   * 60 s) between tries. **Shared by all servers** on the database (decision 0052).
   */
  LOGIN_USERNAME_DELAY_AFTER: int(1, 100_000).default(10),
  /** Password hashes (scrypt) computed at once; each uses one CPU core for ~0.1–0.3 s. **Per server**: its own CPU. */
  PASSWORD_HASH_CONCURRENCY: int(1, 64).default(2),
  /**
   * Hashes that may wait for a slot, all lanes together; when full, a newcomer pushes out a waiting
   * hash of a lower lane (failing addresses first), else gets 503 with Retry-After at once
   * (decision 0054). **Per server**: it guards this server's CPU.
   */
  PASSWORD_HASH_QUEUE: int(0, 10_000).default(32),
  /**
   * Hashes one client IP may have running or waiting; beyond it 429 with Retry-After. Below
   * `PASSWORD_HASH_QUEUE` / 5, so five attacking addresses leave room for everyone else. Behind a
   * reverse proxy set `TRUST_PROXY`, or every client shares the proxy's share. **Per server**.
   */
  PASSWORD_HASH_QUEUE_PER_IP: int(1, 10_000).default(4),
  /**
   * Hashes of clean addresses (no failures) from one IPv4 /24 or IPv6 /64 that wait in the clean
   * lane; more from there wait with the failing addresses, so a pool of fresh addresses in one
   * prefix cannot fill it. A sign-in from an address the user signed in from before (with no
   * failure there) waits ahead of both (decision 0054). **Per server**; the known addresses it
   * reads are shared (table `sign_in_origins`).
   */
  PASSWORD_HASH_QUEUE_PER_PREFIX: int(1, 10_000).default(4),
  /**
   * Registration attempts per client IP per window (and, per username,
   * `LOGIN_MAX_FAILURES_PER_USERNAME_IP`). **Shared by all servers** on the database (decision
   * 0052). The e-mail limits (forgot-password 3 per address and 10 per client address,
   * verification resends, links tried, change of e-mail) are fixed and shared too.
   */
  REGISTER_MAX_PER_IP: int(1, 100_000).default(20),
  /**
   * The rate-limit window. Give every server on one database the same limits and window: each
   * checks the shared counts against its own settings.
   */
  RATE_LIMIT_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  /** How long a verified HTTP Basic credential is trusted without hashing again. */
  BASIC_AUTH_CACHE_SECONDS: int(0, 3600).default(60),
  /**
   * How long a resolved bearer session is reused without a database read. Sign-out, password and
   * profile changes take effect at once on the same server; with several servers on one database,
   * a sign-out elsewhere takes effect within this time. `0` turns it off.
   */
  SESSION_CACHE_SECONDS: int(0, 60).default(5),
  /**
   * How long a user's unread-notification count (the bell, polled every 10 s by every tab) is
   * reused; marking read updates it at once. `0` turns it off.
   */
  UNREAD_COUNT_CACHE_SECONDS: int(0, 60).default(2),
  /**
   * How long a user's list answers (projects, pools, funds, prices, search) are reused; writes
   * drop them at once, on every server through PostgreSQL's change feed (decision 0026). `0` turns
   * it off.
   */
  ANSWER_CACHE_SECONDS: int(0, 60).default(2),
  /**
   * Live streams (`GET /api/v1/stream/`, Server-Sent Events) one user may hold open on this server;
   * beyond it, 429 with Retry-After: 30 (decision 0074). **Per server**: each open stream holds a
   * socket of this server.
   */
  STREAMS_PER_USER: int(1, 1_000).default(8),
  /** Live streams this server holds open for all users together; beyond it, 429 (decision 0074). **Per server**. */
  STREAMS_MAX: int(1, 1_000_000).default(5_000),
  /** Largest accepted request body. */
  BODY_LIMIT_BYTES: int(1024, 10 * 1024 * 1024).default(64 * 1024),
  /** Read client IPs and https from `X-Forwarded-*`: set it when behind a reverse proxy. */
  TRUST_PROXY: bool.default(false),
  /** The built web app to serve. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** How long SIGINT/SIGTERM waits for open requests. */
  SHUTDOWN_TIMEOUT_MS: int(100, 120_000).default(10_000),
  /**
   * Run the pool indexer (events, price history, alerts; one loop per network) inside this server;
   * with several servers on one PostgreSQL, one indexes each network under a renewed lease and the
   * others stand by (decision 0051).
   */
  INDEXER: bool.default(true),
  /**
   * Most RPC calls one batch of sender (trader) reads spends, newest blocks first: one per block
   * with eth_getBlockReceipts, else one per transaction. A full tick reads one batch; while a full
   * batch is left, senders-only steps between full ticks read several at once, their requests
   * within the network's senderConcurrency (decisions 0033, 0062, 0081). `0` turns the reads off.
   */
  TRADER_READS_PER_TICK: int(0, 1_000).default(20),
  /**
   * How long a network's indexer lease lasts unless its holder renews it (each tick, at least every
   * third of it, and with every write). A holder that is stopped, hung or cut off from the database
   * loses the network to another server about this long after its last renewal; its late writes
   * are refused (fencing epoch; decision 0051). At least 3000.
   */
  INDEXER_LEASE_MS: int(3_000, 600_000).default(20_000),
  /**
   * How much history of a newly attached pool the indexer reads on a real network, in hours (the
   * local devnet reads its whole seeded month, decision 0036).
   */
  INDEXER_BACKFILL_HOURS: int(1, 24 * 365).default(24),
  /**
   * USD liquidity (2 × its paired side in USD) a pool needs before it may set a token's USD price,
   * and the wrapped native's reference pool before it may set its rate: a dust pool with an absurd
   * price never moves a USD figure (decision 0032).
   */
  USD_MIN_LIQUIDITY: int(0, 1_000_000_000_000).default(10_000),
  /** Start the local development chain (anvil with the demo deployment) with the server; `off` leaves 'Local Devnet' out. */
  DEVNET: bool.default(true),
  /** Use this already running devnet (it must hold the demo deployment) instead of starting one. */
  DEVNET_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Who may read `/metrics`: addresses and CIDR ranges, comma-separated, or `*` for everyone. The
   * connecting address and every `X-Forwarded-For` hop must be in it.
   */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.0/8,::1')
    .superRefine((value, ctx) => {
      try {
        parseIpAllowList(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /**
   * Also serve `/metrics` to any client sending `Authorization: Bearer <token>` (for a Prometheus
   * elsewhere); at least 24 characters, so it cannot be guessed.
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Per-user budgets on signed-in routes: a token bucket per user and route class, 429 with
   * Retry-After when spent (decision 0021). The buckets are **shared by all servers** on the
   * database: one statement per request (decision 0052). Off only for harnesses that measure
   * throughput as one user.
   */
  USER_BUDGETS: bool.default(true),
  /**
   * `<burst>,<per minute>` for ordinary routes (every route not in a class below): a token bucket
   * that holds the burst and refills at the rate. A page load fires ~10 calls at once; polling adds
   * ~10 a minute per tab. **Shared by all servers**.
   */
  USER_BUDGET_DEFAULT: budget.prefault('120,600'),
  /**
   * The same for live pool reads, search and the holder summary. A live tab refetches the ones on
   * screen after every indexed block that moved its pools (a pool page: ~4 a block), so the rate
   * follows the chain, not a poll. **Shared by all servers**.
   */
  USER_BUDGET_HEAVY: budget.prefault('60,600'),
  /**
   * The same for routes that ask a chain node on every call (token info, pool discovery and attach,
   * project create). **Shared by all servers**.
   */
  USER_BUDGET_CHAIN: budget.prefault('20,30'),
  /**
   * The same for CSV exports (activity, holders). **Shared by all servers**: it bounds how many
   * exports a user starts, whichever server they reach.
   */
  USER_BUDGET_EXPORT: budget.prefault('5,4'),
  /**
   * CSV exports one user may have streaming at once on this server; beyond it, 429. **Per server**:
   * they count streams holding this server's database connections (decision 0052).
   */
  EXPORTS_PER_USER: int(1, 100).default(2),
  /** CSV exports streaming at once on this server, all users together; beyond it, 503. **Per server**: each holds a database connection. */
  EXPORTS_MAX_CONCURRENT: int(1, 1000).default(4),
  /**
   * Requests of one user handled at once (a browser tab opens at most 6 connections per host).
   * **Per server**: with the two below, it bounds what one user holds of this server at a moment.
   */
  USER_CONCURRENT_REQUESTS: int(1, 1000).default(8),
  /** Of those, heavy and chain requests (live pool reads, search, node calls) handled at once. **Per server**. */
  USER_CONCURRENT_COSTLY: int(1, 1000).default(2),
  /** Requests of one user waiting for their turn; beyond it, 429. **Per server**. */
  USER_QUEUED_REQUESTS: int(0, 10_000).default(64),

  // --- Outbound messages (docs/decisions/0037) ---
  /**
   * Send e-mail (alert channels, account links, staff notices, weekly reports) through this SMTP
   * server, smtp:// or smtps:// with credentials in the URL, e.g.
   * `smtps://user:pass@mail.example.com`. Unset: no e-mail is ever queued, and the screens say
   * 'E-mail is not configured on this server.' (decision 0037).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The sender of every e-mail, `Name <address>` or a bare address. */
  MAIL_FROM: z.string().min(3).default('TokenDesk <no-reply@localhost>'),
  /**
   * Where links in e-mails and messages point (the address users open TokenDesk at; no trailing
   * slash), and the links `reset-link` and the staff console issue. Unset: the address the start
   * banner prints, `http://127.0.0.1:<PORT>` by default (`HOST` as given; `0.0.0.0` or `::` print
   * 127.0.0.1). Never taken from a request's Host header, which the client chooses (see
   * publicUrlOf). The start banner says which address links use; set it when users open TokenDesk
   * at another address (a domain, a proxy, `HOST=0.0.0.0`) (decision 0064).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  /**
   * Whom a user who forgot their password asks for a one-time reset link: an e-mail address or an
   * http(s) URL (a help desk, a chat), shown on the forgot-password page when e-mail is off
   * ('Contact: …'). Unset: the page names the operator and support staff without an address
   * (decision 0058).
   */
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .refine(
      (v) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v) || /^https?:\/\/[^\s<>"]+$/i.test(v),
      'must be an e-mail address or an http:// or https:// URL',
    )
    .optional(),
  /**
   * CIDR ranges (or addresses), comma-separated, that webhook and Discord URLs may reach although
   * they are not public (loopback, private and link-local addresses are refused otherwise), e.g.
   * `10.0.0.0/8` for an internal receiver. Empty: only public addresses. Tests allow
   * 127.0.0.0/8,::1 for their local receivers.
   */
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      if (value.trim() === '') return;
      try {
        parseIpAllowList(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Messages of one channel failing for good in a row before it is paused (the owner is told). */
  DELIVERY_PAUSE_AFTER: int(1, 1_000).default(10),
  /** How long a message is retried (backoff from 30 s, at most an hour apart) before it counts as failed. */
  DELIVERY_RETRY_HOURS: int(1, 24 * 14).default(24),
  /** The Telegram Bot API's base URL (a local Bot API server, or tests' receiver). */
  TELEGRAM_API_URL: z
    .url({ protocol: /^https?$/ })
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.telegram.org'),
});

/**
 * `RPC_URL_<KEY>`: a real network's own node URLs, comma-separated for fallbacks, replacing its
 * public endpoints (chain/networks.ts). The defaults are public and rate-limited; use your own
 * provider for real use. The keys are the registry's (ETHEREUM, BSC …), so they are read by
 * pattern rather than listed in the schema. They often hold a provider key: see configuredUrls.
 */
const RPC_URL_PREFIX = 'RPC_URL_';

function rpcUrlsFrom(env: Record<string, string>): Record<string, string[]> {
  const urls: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(RPC_URL_PREFIX) || name.length === RPC_URL_PREFIX.length) continue;
    const list = value
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (list.length > 0) urls[name.slice(RPC_URL_PREFIX.length)] = list;
  }
  return urls;
}

export type Config = z.infer<typeof configSchema> & {
  /** Per network key (RPC_URL_<KEY>), the node URLs that replace its defaults; absent keys keep them. */
  RPC_URLS: Readonly<Record<string, readonly string[]>>;
  /** Always set: PUBLIC_URL, or the address the start banner prints (publicUrlOf). */
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set, or is the default (the start banner says which). */
  PUBLIC_URL_SET: boolean;
};

/** The host the start banner prints for HOST: a wildcard bind is reached on this machine at 127.0.0.1. */
export function bannerHost(host: string): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return reachable.includes(':') ? `[${reachable}]` : reachable;
}

/**
 * PUBLIC_URL when unset: the very address the start banner prints (http://127.0.0.1:3000 by
 * default), so a link in an e-mail opens the page the user opened. It is never taken from how a
 * request reached the server: a Host header is whatever the client sends, and a link built from it
 * would let anyone who can ask for a password-reset e-mail point it at their own site (Host header
 * injection). The start banner says which address is used and how to change it.
 */
export function publicUrlOf(config: { PUBLIC_URL?: string; HOST: string; PORT: number }): string {
  return config.PUBLIC_URL ?? `http://${bannerHost(config.HOST)}:${config.PORT}`;
}

/**
 * The start banner's line about links: which PUBLIC_URL is used and how to change it. When it is
 * the default and the server listens on every interface (HOST=0.0.0.0), the banner's address is
 * 127.0.0.1, which other machines cannot open, and it says so.
 */
export function publicUrlNotice(config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URL_SET' | 'HOST'>): string {
  if (config.PUBLIC_URL_SET) return `Links in e-mails and messages point at ${config.PUBLIC_URL} (PUBLIC_URL).`;
  const everywhere = config.HOST === '0.0.0.0' || config.HOST === '::';
  return !everywhere
    ? `Links in e-mails and messages point at ${config.PUBLIC_URL}, the address above (PUBLIC_URL is not set); set PUBLIC_URL to the address users open if it is another.`
    : `Links in e-mails and messages point at ${config.PUBLIC_URL}, which works only on this machine: PUBLIC_URL is not set and HOST=${config.HOST} listens on every interface. Set PUBLIC_URL to the address users open, e.g. PUBLIC_URL=https://desk.example.com.`;
}

/**
 * The configured URLs that may carry secrets (provider keys, the database password), as the
 * variables they came from: what the log redaction registers (lib/error-text.ts secretsFromEnv).
 */
export function configuredUrls(
  config: Pick<Config, 'RPC_URLS' | 'DEVNET_RPC_URL' | 'DATABASE_URL'>,
): Record<string, string | undefined> {
  return {
    ...Object.fromEntries(
      Object.entries(config.RPC_URLS).map(([key, urls]) => [`${RPC_URL_PREFIX}${key}`, urls.join(',')]),
    ),
    DEVNET_RPC_URL: config.DEVNET_RPC_URL,
    DATABASE_URL: config.DATABASE_URL,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; every problem is listed in one readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as a shell user would expect from `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `  ${key}=${JSON.stringify(cleaned[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    WEB_DIST: path.resolve(config.WEB_DIST),
    RPC_URLS: rpcUrlsFrom(cleaned as Record<string, string>),
    PUBLIC_URL: publicUrlOf(config),
    PUBLIC_URL_SET: config.PUBLIC_URL !== undefined,
  };
}

/** A configuration for tests: defaults plus overrides, never the process environment. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // Tests write notifications straight into the database and read the count right after. Tests
  // drive many calls as one user in a moment; user-budgets.test.ts turns the budgets on.
  return loadConfig({
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    UNREAD_COUNT_CACHE_SECONDS: '0',
    ANSWER_CACHE_SECONDS: '0',
    USER_BUDGETS: 'off',
    ...overrides,
  });
}
