import type { Notification } from '@tokendesk/contract';
import type { NotificationRow } from '../../db/schema';

export const toApiNotification = (n: NotificationRow): Notification => ({
  id: n.id,
  title: n.title,
  message: n.message,
  created_at: n.createdAt.toISOString(),
  is_read: n.isRead,
  navigation_url: n.navigationUrl,
});
