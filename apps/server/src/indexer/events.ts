import type { Hex, Log } from 'viem';
import { POOL_EVENT_TOPICS, POOL_LOG_DECODERS } from '../chain/dex/registry';
import type { DecodedEvent, DecodedSync, LogPool } from '../chain/dex/types';

/**
 * Pool events of every family whose pools log their own events (chain/dex/*, merged by topic in
 * the registry). Amounts are normalised to the pool's point of view: signed, positive into the pool.
 */

export type { DecodedEvent, DecodedSync };

/** topic0 of every event we read, for the eth_getLogs filter. */
export const EVENT_TOPICS: Hex[] = POOL_EVENT_TOPICS;

/**
 * Null for logs that are not ours (a non-pool contract, or an event we do not track). `pool`: the
 * stored pool the log came from, for a price the log alone does not give (chain/dex/types.ts LogPool).
 */
export function decodePoolLog(log: Pick<Log, 'topics' | 'data'>, pool?: LogPool): DecodedEvent | DecodedSync | null {
  const topic = log.topics[0];
  if (!topic) return null;
  // Same topic, different shape (a contract that only borrows the event's name): the decoder says null.
  return POOL_LOG_DECODERS.get(topic)?.(log, pool) ?? null;
}
