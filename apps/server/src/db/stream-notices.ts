import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * What the live stream hears from other writers (decision 0074), on a channel of its own beside the
 * change feed's: the indexer's committed ticks (written here) and tickets (migration 0029's
 * triggers). A notice names chain things (pool addresses, token addresses) or a ticket's owner,
 * never a figure; each server works out which of its connected users they concern.
 *
 *   tick:<network id>:<block>:<pool,pool,…|*>:<token,token,…|*>
 *   ticket:<user id>:<ticket id>
 *
 * PostgreSQL refuses a payload of 8000 bytes or more. A tick that changed more pools or holder
 * tokens than fit says '*' (every pool, or every token, of that network) instead: coarser, one
 * notice per tick and network all the same.
 */
export const STREAM_CHANNEL = 'tokendesk_stream';
/** Below PostgreSQL's 8000-byte limit, with room to spare. */
export const MAX_NOTICE_BYTES = 7_900;

export type StreamNotice =
  | { kind: 'tick'; networkId: number; block: bigint; pools: string[] | 'all'; tokens: string[] | 'all' }
  | { kind: 'ticket'; userId: number; ticketId: number };

const ADDRESS_OR_ID = /^0x[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

export function encodeTick(
  networkId: number,
  block: bigint,
  pools: readonly string[],
  tokens: readonly string[],
): string {
  const head = `tick:${networkId}:${block}:`;
  let poolPart = pools.join(',');
  let tokenPart = tokens.join(',');
  // Addresses are ASCII: characters are bytes. The larger list is coarsened first.
  if (head.length + poolPart.length + 1 + tokenPart.length > MAX_NOTICE_BYTES) {
    if (poolPart.length >= tokenPart.length) poolPart = '*';
    else tokenPart = '*';
  }
  if (head.length + poolPart.length + 1 + tokenPart.length > MAX_NOTICE_BYTES) {
    poolPart = pools.length ? '*' : '';
    tokenPart = tokens.length ? '*' : '';
  }
  return `${head}${poolPart}:${tokenPart}`;
}

/** One notice per tick and network, after its writes committed; nothing when nothing changed. */
export async function publishTick(
  db: Pick<Db, 'execute'>,
  networkId: number,
  block: bigint,
  pools: readonly string[],
  tokens: readonly string[],
): Promise<void> {
  if (pools.length === 0 && tokens.length === 0) return;
  await db.execute(sql`select pg_notify(${STREAM_CHANNEL}, ${encodeTick(networkId, block, pools, tokens)})`);
}

const list = (part: string): string[] | 'all' | null => {
  if (part === '*') return 'all';
  if (part === '') return [];
  const items = part.split(',');
  return items.every((a) => ADDRESS_OR_ID.test(a)) ? items : null;
};

/** A notice as heard; null for anything else (the channel is open to any database writer). */
export function decodeNotice(payload: string): StreamNotice | null {
  const parts = payload.split(':');
  if (parts[0] === 'ticket' && parts.length === 3) {
    const userId = Number(parts[1]);
    const ticketId = Number(parts[2]);
    return Number.isSafeInteger(userId) && Number.isSafeInteger(ticketId) ? { kind: 'ticket', userId, ticketId } : null;
  }
  if (parts[0] === 'tick' && parts.length === 5 && /^\d{1,12}$/.test(parts[1]!) && /^\d{1,30}$/.test(parts[2]!)) {
    const pools = list(parts[3]!);
    const tokens = list(parts[4]!);
    if (pools === null || tokens === null) return null;
    return { kind: 'tick', networkId: Number(parts[1]), block: BigInt(parts[2]!), pools, tokens };
  }
  return null;
}
