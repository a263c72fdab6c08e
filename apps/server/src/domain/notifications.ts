import type { Db } from '../db/client';
import { notifications } from '../db/schema';

export interface NotificationInput {
  userId: number;
  title: string;
  message: string;
  /** An in-app path the notification opens (docs/product.md §2.2, §3). */
  navigationUrl: string;
  /** Defaults to the database's now(); a caller that stamps its other rows with one clock passes it. */
  createdAt?: Date;
  /**
   * The chain block the notice was derived from (an alert firing, a pool found): a reorganisation
   * above it withdraws the notice (decision 0016). Absent for notices about the app's own data.
   */
  source?: { networkId: number; blockNumber: bigint };
}

/**
 * The only code that writes a notification (decision 0028), inside the caller's transaction so the
 * notice lands with the change it reports or not at all. Nothing else is needed for the unread
 * badge: the notifications trigger (migration 0011) announces the write on the change feed when
 * the transaction commits, and every server's unread-count cache drops that user's entry
 * (features/notifications/unread-cache.ts, decision 0026).
 */
export async function raiseNotification(tx: Pick<Db, 'insert'>, input: NotificationInput): Promise<void> {
  await tx.insert(notifications).values({
    userId: input.userId,
    title: input.title,
    message: input.message,
    navigationUrl: input.navigationUrl,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    ...(input.source ? { networkId: input.source.networkId, blockNumber: input.source.blockNumber } : {}),
  });
}
