/**
 * "Send test" of a channel (features/channels): a 'test' message enqueued like any other, so it is
 * rendered, signed, logged in the channel's delivery log and counted the same way, then delivered
 * at once by this server and answered with what happened. A test is not retried (its result is for
 * now), and it goes out even while the channel is paused: the owner is checking whether it works.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { NotificationChannelRow } from '../db/schema';
import { EMAIL_NOT_CONFIGURED, emailConfigured, enqueueChannelTest } from '../domain/outbox';
import { DeliveryWorker, type DeliveryResult, type WorkerConfig, type WorkerLog } from './worker';

export type SendTestResult = { sent: false; reason: string } | ({ sent: true; messageId: string } & DeliveryResult);

export async function sendTest(
  deps: { db: Db; config: WorkerConfig; log?: WorkerLog },
  channel: Pick<NotificationChannelRow, 'id' | 'userId' | 'kind' | 'name'>,
): Promise<SendTestResult> {
  let to: string | null = null;
  if (channel.kind === 'email') {
    if (!emailConfigured(deps.config)) return { sent: false, reason: EMAIL_NOT_CONFIGURED };
    const rows = (await deps.db.execute(
      sql`select email, to_jsonb(u) ->> 'email_verified_at' as verified from users u where id = ${channel.userId}`,
    )) as unknown as {
      rows: { email: string; verified: string | null }[];
    };
    const user = rows.rows[0];
    if (!user?.verified)
      return { sent: false, reason: 'Verify your e-mail address first: alert e-mails go only to a verified address.' };
    to = user.email;
  }
  const messageId = await deps.db.transaction((tx) =>
    enqueueChannelTest(tx, channel, {
      publicUrl: deps.config.PUBLIC_URL,
      emailEnabled: emailConfigured(deps.config),
      to,
    }),
  );
  if (!messageId) return { sent: false, reason: EMAIL_NOT_CONFIGURED };
  const worker = new DeliveryWorker(deps);
  try {
    const result = await worker.deliverNow(messageId);
    // Null only if the row vanished (the channel was deleted meanwhile).
    return result ? { sent: true, messageId, ...result } : { sent: false, reason: 'The channel was deleted.' };
  } finally {
    await worker.stop();
  }
}
