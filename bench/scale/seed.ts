/**
 * The scale data set, written with set-based SQL through the real schema (after the real
 * migrations): users, projects, pools, pool events, snapshots, alerts and notifications, from
 * generate_series in a few big statements. Every value is a deterministic function of the row
 * number (no randomness): addresses and hashes are the row number in hex.
 *
 * User 1 is the heavy user: `heavyProjects` projects, `heavyPools` pools, every pool event (so
 * the CSV export covers all of them), 48 hourly snapshots per pool, one alert per five pools, and
 * `heavyNotifications` notifications of which `heavyUnread` are unread. Everything else is spread
 * evenly over the other users.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

export interface ScaleSize {
  users: number;
  projects: number;
  pools: number;
  events: number;
  notifications: number;
  heavyProjects: number;
  heavyPools: number;
  heavyNotifications: number;
  heavyUnread: number;
}

export const FULL_SCALE: ScaleSize = {
  users: 10_000,
  projects: 100_000,
  pools: 300_000,
  events: 1_000_000,
  notifications: 1_000_000,
  heavyProjects: 1_000,
  heavyPools: 5_000,
  heavyNotifications: 100_000,
  heavyUnread: 1_000,
};

/** Seconds between consecutive events: 1M events span about 289 days, inside the export's 366. */
export const EVENT_SPACING_S = 25;
export const NETWORK_ID = 31337;

const words1 = [
  'Alpha',
  'Nova',
  'Lunar',
  'Solar',
  'Quantum',
  'Zen',
  'Pixel',
  'Orbit',
  'Nimbus',
  'Vertex',
  'Aurora',
  'Echo',
  'Blaze',
  'Crystal',
  'Delta',
  'Ember',
  'Flux',
  'Gala',
  'Helix',
  'Ion',
];
const words2 = ['Finance', 'Swap', 'Coin', 'Token', 'Protocol', 'Labs', 'Chain', 'DAO', 'Network', 'Cash'];
const pgArray = (items: string[]) => `array[${items.map((w) => `'${w}'`).join(',')}]`;

/** `0x` + 40 hex digits: a prefix digit keeps project and pool addresses apart. */
const address = (prefix: string, id: string) => `'0x${prefix}' || lpad(to_hex(${id}), 39, '0')`;

export function seedStatements(size: ScaleSize, passwordHash: string): { label: string; text: string }[] {
  const s = size;
  const others = s.users - 1;
  const otherProjects = s.projects - s.heavyProjects;
  const hash = passwordHash.replace(/'/g, "''");
  // The owner of project `p` (a column or expression).
  const ownerOf = (p: string) =>
    `(case when ${p} <= ${s.heavyProjects} then 1 else 2 + ((${p} - ${s.heavyProjects} - 1) % ${others}) end)`;
  const poolProject = (q: string) =>
    `(case when ${q} <= ${s.heavyPools} then 1 + ((${q} - 1) % ${s.heavyProjects}) else ${s.heavyProjects} + 1 + ((${q} - ${s.heavyPools} - 1) % ${otherProjects}) end)`;
  return [
    {
      label: `${s.users} users`,
      text: `insert into users (id, username, email, first_name, last_name, password_hash, created_at)
        select i, 'scaleuser' || i, 'scaleuser' || i || '@example.com', 'Scale', 'User ' || i, '${hash}', now() - (${s.users} - i) * interval '1 hour'
        from generate_series(1, ${s.users}) i`,
    },
    {
      label: `${s.projects} projects`,
      text: `insert into projects (id, user_id, network_id, contract_address, name, token_symbol, token_decimal, created_at)
        select i, ${ownerOf('i')}, ${NETWORK_ID}, ${address('c', 'i')},
          (${pgArray(words1)})[1 + i % 20] || ' ' || (${pgArray(words2)})[1 + (i / 20) % 10] || ' ' || i,
          upper(left((${pgArray(words1)})[1 + i % 20], 3)) || (i % 1000), 18, now() - (${s.projects} - i) * interval '1 minute'
        from generate_series(1, ${s.projects}) i`,
    },
    {
      label: `${s.pools} pools`,
      text: `insert into pools (id, project_id, user_id, network_id, dex_id, token_id, paired_token_address, paired_token_symbol, paired_token_name,
          paired_token_decimals, pool_address, pool_version, fee, project_is_token0, created_at)
        select q, ${poolProject('q')}, ${ownerOf(poolProject('q'))}, ${NETWORK_ID}, 'uniswap-v2',
          (array['weth','usdc','usdt'])[1 + q % 3], ${address('e', 'q % 3')}, (array['WETH','USDC','USDT'])[1 + q % 3],
          (array['Wrapped Ether','USD Coin','Tether USD'])[1 + q % 3], (array[18,6,6])[1 + q % 3],
          ${address('a', 'q')}, 'v2', null, q % 2 = 0, now() - (${s.pools} - q) * interval '10 seconds'
        from generate_series(1, ${s.pools}) q`,
    },
    {
      label: `${s.events} pool events on the heavy user's pools`,
      text: `insert into pool_events (id, network_id, pool_address, tx_hash, log_index, block_number, block_time, type, amount0, amount1)
        select i, ${NETWORK_ID}, ${address('a', `1 + (i - 1) % ${s.heavyPools}`)}, '0x' || lpad(to_hex(i), 64, '0'), (i % 4)::int,
          10000000 + i / 4, now() - (${s.events} - i) * interval '${EVENT_SPACING_S} seconds',
          case i % 10 when 0 then 'mint' when 5 then 'burn' else 'swap' end,
          case when i % 10 in (0, 5) then (1 + i % 97) * 1000000000000000::numeric * (case when i % 10 = 0 then 1 else -1 end)
               when (i / 10) % 2 = 0 then (1000 + i % 997) * 1000000000000000::numeric else -(900 + i % 991) * 1000000000000000::numeric end,
          case when i % 10 in (0, 5) then (1 + i % 89) * 1000000000000000::numeric * (case when i % 10 = 0 then 1 else -1 end)
               when (i / 10) % 2 = 0 then -(2000 + i % 983) * 1000000000000000::numeric else (1900 + i % 977) * 1000000000000000::numeric end
        from generate_series(1, ${s.events}) i`,
    },
    {
      label: `${s.heavyPools * 48} hourly snapshots (48 h of the heavy user's pools)`,
      text: `insert into pool_snapshots (network_id, pool_address, bucket, block_number, block_time, reserve0, reserve1)
        select ${NETWORK_ID}, ${address('a', 'q')}, date_trunc('hour', now()) - h * interval '1 hour',
          10000000 + ${s.events} / 4 - h * 36, date_trunc('hour', now()) - h * interval '1 hour',
          (1000000 + q * 7 + h * 13) * 1000000000000000000::numeric, (2000000 + q * 3 + h * 11) * 1000000000000000000::numeric
        from generate_series(1, ${s.heavyPools}) q, generate_series(0, 47) h`,
    },
    {
      label: `indexer coverage of the heavy user's pools`,
      text: `insert into indexed_pools (network_id, pool_address, version, from_block, to_block)
        select ${NETWORK_ID}, ${address('a', 'q')}, 'v2', 10000000, 10000000 + ${s.events} / 4
        from generate_series(1, ${s.heavyPools}) q`,
    },
    {
      label: `${s.heavyPools / 5} alerts of the heavy user`,
      text: `insert into alerts (user_id, pool_id, kind, threshold_pct, window_minutes, min_amount, cooldown_minutes, created_at)
        select 1, 1 + (k - 1) * 5, (array['price_move','liquidity_drop','large_swap'])[1 + k % 3],
          case when k % 3 = 2 then null else 5 + k % 20 end, case when k % 3 = 2 then null else 60 end,
          case when k % 3 = 2 then 10 + k % 50 else null end, 60, now() - k * interval '1 minute'
        from generate_series(1, ${s.heavyPools / 5}) k`,
    },
    {
      label: `${s.notifications} notifications (${s.heavyNotifications} of the heavy user, ${s.heavyUnread} unread)`,
      text: `insert into notifications (id, user_id, title, message, navigation_url, is_read, created_at)
        select i,
          case when i <= ${s.heavyNotifications} then 1 else 2 + (i % ${others}) end,
          'Price Move alert', 'DEMO/WETH moved ' || (i % 40) || '% within 60 minutes', '/alerts/' || (1 + i % 1000),
          case when i <= ${s.heavyNotifications} then i > ${s.heavyUnread} else i % 10 <> 0 end,
          now() - (${s.notifications} - i) * interval '20 seconds'
        from generate_series(1, ${s.notifications}) i`,
    },
    {
      label: 'sequences',
      text: `select setval(pg_get_serial_sequence('users', 'id'), ${s.users}), setval(pg_get_serial_sequence('projects', 'id'), ${s.projects}),
        setval(pg_get_serial_sequence('pools', 'id'), ${s.pools}), setval(pg_get_serial_sequence('pool_events', 'id'), ${s.events}),
        setval(pg_get_serial_sequence('notifications', 'id'), ${s.notifications})`,
    },
    { label: 'analyze', text: 'analyze' },
  ];
}

export async function seed(
  db: Db,
  size: ScaleSize,
  passwordHash: string,
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  for (const { label, text } of seedStatements(size, passwordHash)) {
    const t = Date.now();
    await db.execute(sql.raw(text));
    log(`  seeded ${label} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  return Date.now() - started;
}
