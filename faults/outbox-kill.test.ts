import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../apps/server/test/setup/receivers';
import { sleep, waitFor } from '@tokendesk/testkit/http';
import { startCluster, type Cluster } from '@tokendesk/testkit/system-postgres';
import { killAllServers, startServer } from './support/server';

/**
 * kill -9 of the server while its delivery worker works through a full outbox (docs/decisions/0037).
 * After a restart on the same database every message reaches the receiver; a message whose
 * delivery the dead server had recorded is never sent again; a message it sent but had not yet
 * recorded (its lease runs out) is sent again with the same webhook-id, which is what lets a
 * receiver drop the repeat. Run on an external PostgreSQL, which the test also reads directly.
 */

const MESSAGES = 300;
/** Each answer takes this long, so the kill lands while requests are in flight. */
const RECEIVER_DELAY_MS = 150;

let cluster: Cluster;
let receiver: Receiver;
let db: pg.Client;
const cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  cleanups.push(() => cluster.destroy());
  receiver = await startReceiver('webhook', { delayMs: RECEIVER_DELAY_MS });
  cleanups.push(() => receiver.close());
});
afterAll(async () => {
  await killAllServers();
  await db?.end().catch(() => {});
  for (const clean of cleanups.reverse()) await clean();
});

async function statuses(): Promise<Map<string, string>> {
  const { rows } = await db.query<{ message_id: string; status: string }>(
    'select message_id::text, status from outbox',
  );
  return new Map(rows.map((r) => [r.message_id, r.status]));
}

describe('kill -9 with messages in the outbox', () => {
  it('delivers every message after a restart, and none twice that was recorded delivered', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-outbox-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      DEVNET: 'off',
      INDEXER: 'off',
      OUTBOUND_ALLOW: '127.0.0.0/8',
    };
    let server = await startServer(env);

    // The migrated database, written as the firing path would: a user, a webhook channel, and
    // MESSAGES pending rows committed at once (the server's worker wakes on their NOTIFY).
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const { rows: users } = await db.query<{ id: number }>(
      "insert into users (username, email, password_hash) values ('outboxkill', 'outboxkill@example.com', 'scrypt$10$8$1$x$y') returning id",
    );
    const { rows: channels } = await db.query<{ id: number }>(
      "insert into notification_channels (user_id, kind, name, config, secret) values ($1, 'webhook', 'kill test', $2, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') returning id",
      [users[0]!.id, JSON.stringify({ url: `${receiver.url}/kill` })],
    );
    await db.query(
      `insert into outbox (message_id, user_id, channel_id, kind, category, payload)
       select gen_random_uuid(), $1, $2, 'webhook', 'alert', jsonb_build_object('body', json_build_object('type', 'alert.triggered', 'n', n)::text)
       from generate_series(1, ${MESSAGES}) n`,
      [users[0]!.id, channels[0]!.id],
    );

    // Kill once a good part has been acknowledged, with more on the way.
    await waitFor(
      'a third of the messages acknowledged',
      async () => receiver.acknowledged().length >= MESSAGES / 3,
      60_000,
      20,
    );
    await server.kill9();
    // Arrived at the receiver (it counts them done) by the moment of the kill.
    const receivedAtKill = new Set(receiver.acknowledged().map((r) => r.headers['webhook-id'] as string));
    await sleep(RECEIVER_DELAY_MS * 2); // the answers to the dead server's last requests
    const recordedBeforeKill = [...(await statuses())].filter(([, s]) => s === 'delivered').map(([id]) => id);
    expect(recordedBeforeKill.length).toBeGreaterThan(0);
    expect(recordedBeforeKill.length).toBeLessThan(MESSAGES);

    const restartedAt = Date.now();
    server = await startServer(env);
    // Leases of the dead server run out (30 s) before its claimed rows go again.
    await waitFor(
      'every message delivered after the restart',
      async () => [...(await statuses()).values()].every((s) => s === 'delivered'),
      120_000,
      500,
    );

    const acksPerId = new Map<string, number>();
    for (const r of receiver.acknowledged()) {
      const id = r.headers['webhook-id'] as string;
      acksPerId.set(id, (acksPerId.get(id) ?? 0) + 1);
    }
    const all = await statuses();
    expect(all.size).toBe(MESSAGES);
    // Every message reached the receiver …
    expect([...all.keys()].filter((id) => !acksPerId.has(id))).toEqual([]);
    // … and one the dead server had recorded as delivered never went again.
    expect(recordedBeforeKill.filter((id) => acksPerId.get(id) !== 1)).toEqual([]);
    // A repeat can only be a send of the dead server's last moments (acknowledged, not yet recorded):
    // its first acknowledgement came before the restart.
    const repeated = [...acksPerId].filter(([, n]) => n > 1).map(([id]) => id);
    const firstAck = (id: string) => receiver.acknowledged().find((r) => r.headers['webhook-id'] === id)!.at;
    expect(repeated.filter((id) => firstAck(id) >= restartedAt)).toEqual([]);
    const repeats = repeated.length;
    // … and only messages the receiver had by the kill while the dead server had not recorded them.
    const unrecordedAtKill = [...receivedAtKill].filter((id) => !recordedBeforeKill.includes(id));
    expect(repeated.filter((id) => !unrecordedAtKill.includes(id))).toEqual([]);
    console.log(
      `outbox kill -9: ${MESSAGES} messages, ${recordedBeforeKill.length} recorded delivered before the kill (none resent), ` +
        `${unrecordedAtKill.length} received but not yet recorded at the kill, ${repeats} of them sent again with the same webhook-id, ${receiver.requests.length} requests in all`,
    );
    expect(await server.stop()).toBe(0);
  });
});
