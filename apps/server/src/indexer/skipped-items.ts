import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { indexerSkippedItems } from '../db/schema';
import { untrustedText } from '../chain/untrusted-text';
import { describeIndexerError, type IndexerPart } from './status';

export type { IndexerPart };

export interface SkippedItem {
  part: IndexerPart;
  /** An address, or 'txhash:logIndex' for one log. */
  item: string;
  /** A short, fixed code: it becomes a metrics label, so never free text. */
  reason: string;
  error: unknown;
  blockNumber?: bigint | null;
}

/** Told about every skip, after it is recorded (the runner counts it for /metrics and logs it). */
export type OnSkip = (skipped: SkippedItem & { detail: string }) => void;

/**
 * Records an item an indexer skipped so that one bad pool, token, log or notification never holds
 * a network back. Written with the caller's transaction when there is one, so the skip and the
 * checkpoint that moves past it commit together; a repeat of the same skip counts an attempt.
 */
export async function recordSkippedItem(
  db: Pick<Db, 'insert'>,
  networkId: number,
  skipped: SkippedItem,
): Promise<string> {
  // An error can quote what the chain answered (a NUL, say): the text passes the same boundary.
  const detail = untrustedText(describeIndexerError(skipped.error), 500);
  await db
    .insert(indexerSkippedItems)
    .values({
      networkId,
      part: skipped.part,
      item: skipped.item,
      reason: skipped.reason,
      detail,
      blockNumber: skipped.blockNumber ?? null,
    })
    .onConflictDoUpdate({
      target: [
        indexerSkippedItems.networkId,
        indexerSkippedItems.part,
        indexerSkippedItems.item,
        indexerSkippedItems.reason,
      ],
      set: {
        detail,
        attempts: sql`${indexerSkippedItems.attempts} + 1`,
        lastSeenAt: new Date(),
        blockNumber: sql`excluded.block_number`,
      },
    });
  return detail;
}
