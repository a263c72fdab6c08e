import { api, NOTIFICATION_LIST_LIMIT } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { sendSerialized } from '../../plugins/user-caches';
import { toApiNotification } from './presenter';
import { countUnread, listNotifications, markRead } from './repository';
import { UnreadCountCache } from './unread-cache';
import { route } from '../../plugins/endpoint-routes';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const unreadCounts = new UnreadCountCache(app.config.UNREAD_COUNT_CACHE_SECONDS * 1000);
  app.changes.on('unread', (userId) => unreadCounts.invalidate(userId));
  app.changes.onReset(() => unreadCounts.clear());
  const freshCount = async (userId: number) => {
    const count = await countUnread(app.db, userId);
    unreadCounts.set(userId, count);
    return count;
  };
  route(app, api.notifications.list, async (request) =>
    (await listNotifications(app.db, currentAuth(request).user.id, NOTIFICATION_LIST_LIMIT)).map(toApiNotification),
  );

  route(app, api.notifications.unreadCount, async (request, reply) => {
    const userId = currentAuth(request).user.id;
    const count = await unreadCounts.get(userId, () => countUnread(app.db, userId));
    // Every open tab polls this: written by hand (a whole number) instead of schema-checked each time.
    return sendSerialized(reply, `{"unread_count":${Math.trunc(count)}}`);
  });

  route(app, api.notifications.markRead, async (request) => {
    const { user } = currentAuth(request);
    const marked = await markRead(app.db, user.id, request.body.ids);
    return { marked, unread_count: await freshCount(user.id) };
  });

  route(app, api.notifications.markAllRead, async (request) => {
    const { user } = currentAuth(request);
    const marked = await markRead(app.db, user.id, 'all');
    return { marked, unread_count: await freshCount(user.id) };
  });
};
