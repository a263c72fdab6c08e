import { z } from 'zod';

export const notificationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    message: z.string(),
    created_at: z.string(),
    is_read: z.boolean(),
    navigation_url: z.string().describe('An in-app path such as /alerts/12'),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int() }).meta({ id: 'UnreadCount' });
export const markReadBodySchema = z
  .strictObject({ ids: z.array(z.number().int().positive()).min(1, 'Give at least one id').max(500) })
  .meta({ id: 'MarkReadBody' });

export const notificationListSchema = z.array(notificationSchema).meta({ id: 'NotificationList' });

/** Answer of mark-read and mark-all-read: how many rows changed, and the unread count after it. */
export const markReadResultSchema = z
  .object({ marked: z.number().int(), unread_count: z.number().int() })
  .meta({ id: 'MarkReadResult' });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;
