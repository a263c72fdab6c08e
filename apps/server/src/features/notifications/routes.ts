import {
  apiErrorSchema,
  markReadBodySchema,
  markReadResultSchema,
  notificationListSchema,
  unreadCountSchema,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { sendSerialized } from '../../plugins/user-caches';
import { toApiNotification } from './presenter';
import { countUnread, listNotifications, markRead } from './repository';
import { UnreadCountCache } from './unread-cache';

const tags = ['Notifications'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 503: apiErrorSchema };
const LIST_LIMIT = 50;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const unreadCounts = new UnreadCountCache(app.config.UNREAD_COUNT_CACHE_SECONDS * 1000);
  app.changes.on('unread', (userId) => unreadCounts.invalidate(userId));
  app.changes.onReset(() => unreadCounts.clear());
  const freshCount = async (userId: number) => {
    const count = await countUnread(app.db, userId);
    unreadCounts.set(userId, count);
    return count;
  };
  app.get(
    '/projects/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The user's newest notifications",
        description: `At most ${LIST_LIMIT}, newest first, read and unread. navigation_url is an in-app path (an alert's firing links to /alerts/{id}).`,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => (await listNotifications(app.db, currentAuth(request).user.id, LIST_LIMIT)).map(toApiNotification),
  );

  app.get(
    '/projects/notifications/new-count',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'How many notifications are unread',
        description: 'Polled by every open tab (every 10 s): one count over a partial index of unread notifications, no chain call.',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentAuth(request).user.id;
      const count = await unreadCounts.get(userId, () => countUnread(app.db, userId));
      // Every open tab polls this: written by hand (a whole number) instead of schema-checked each time.
      return sendSerialized(reply, `{"unread_count":${Math.trunc(count)}}`);
    },
  );

  app.post(
    '/projects/notifications/mark-read',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['ids'] },
      schema: {
        tags,
        security,
        summary: 'Mark notifications read',
        description:
          'Marks the given ids read. Ids that are not the user’s (or no longer exist) are ignored, not refused, so a batch ' +
          'never fails on one of them and nothing reveals whether another user’s id exists; only the user’s own rows change. ' +
          'Answers how many changed and the unread count after it.',
        body: markReadBodySchema,
        response: { 200: markReadResultSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const marked = await markRead(app.db, user.id, request.body.ids);
      return { marked, unread_count: await freshCount(user.id) };
    },
  );

  app.post(
    '/projects/notifications/mark-all-read',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark every notification of the user read',
        description: 'Answers how many changed and the unread count after it (0, unless new ones arrived meanwhile).',
        response: { 200: markReadResultSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const marked = await markRead(app.db, user.id, 'all');
      return { marked, unread_count: await freshCount(user.id) };
    },
  );
};
