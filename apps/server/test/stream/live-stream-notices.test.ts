import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeNotice, encodeTick, MAX_NOTICE_BYTES, publishTick, STREAM_CHANNEL } from '../../src/db/stream-notices';
import { cloneDatabase, type ClonedDatabase } from '../support/database';
import { openDatabase, type Database } from '../../src/db/client';

/** The indexer's tick notice against PostgreSQL's 8000-byte NOTIFY payload limit (decision 0074). */
let clone: ClonedDatabase;
let database: Database;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  clone = await cloneDatabase();
  database = await openDatabase({ kind: 'postgres', url: clone.url });
  listener = new pg.Client({ connectionString: clone.url });
  await listener.connect();
  listener.on('notification', (m) => m.channel === STREAM_CHANNEL && m.payload && heard.push(m.payload));
  await listener.query(`LISTEN ${STREAM_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await database?.close();
  await clone?.drop();
});

const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
const v4Id = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;

describe('the tick notice', () => {
  it('names the changed pools while they fit, and says every pool (*) once they do not: one notice, under the limit', async () => {
    const few = [address(1), v4Id(2)];
    await publishTick(database.db, 31337, 42n, few, []);
    const many = Array.from({ length: 2_000 }, (_, i) => address(i + 10));
    await publishTick(database.db, 31337, 43n, many, [address(7)]);
    for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveLength(2);
    expect(decodeNotice(heard[0]!)).toEqual({ kind: 'tick', networkId: 31337, block: 42n, pools: few, tokens: [] });
    expect(decodeNotice(heard[1]!)).toEqual({
      kind: 'tick',
      networkId: 31337,
      block: 43n,
      pools: 'all',
      tokens: [address(7)],
    });
    expect(Buffer.byteLength(encodeTick(31337, 43n, many, many))).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
  });

  it('is refused when malformed: the channel is open to any database writer', () => {
    for (const bad of ['tick:1:2:0xzz:', 'tick:1:2:3', "ticket:1:'x'", 'tick:a:1::', `tick:1:1:${address(1)},DROP:`])
      expect(decodeNotice(bad)).toBeNull();
    expect(decodeNotice('ticket:5:9')).toEqual({ kind: 'ticket', userId: 5, ticketId: 9 });
  });
});
