import { markReadBodySchema, markReadResultSchema, notificationListSchema, unreadCountSchema } from './schemas';
import { endpointGroup } from '../endpoint';

/** The most notifications the list answers with. */
export const NOTIFICATION_LIST_LIMIT = 50;

export const notificationEndpoints = endpointGroup(
  { tags: ['Notifications'], access: 'user', workspace: 'personal', errors: [400, 401, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects/notifications',
      summary: "The user's newest notifications",
      description: `At most ${NOTIFICATION_LIST_LIMIT}, newest first, read and unread. navigation_url is an in-app path (an alert's firing links to /alerts/{id}).`,
      responses: { 200: notificationListSchema },
    },
    unreadCount: {
      method: 'GET',
      path: '/projects/notifications/new-count',
      summary: 'How many notifications are unread',
      description:
        'Polled by every open tab (every 10 s): one count over a partial index of unread notifications, no chain call.',
      responses: { 200: unreadCountSchema },
    },
    markRead: {
      method: 'POST',
      path: '/projects/notifications/mark-read',
      summary: 'Mark notifications read',
      description:
        'Marks the given ids read. Ids that are not the user’s (or no longer exist) are ignored, not refused, so a batch ' +
        'never fails on one of them and nothing reveals whether another user’s id exists; only the user’s own rows change. ' +
        'Answers how many changed and the unread count after it.',
      body: markReadBodySchema,
      fieldOrder: ['ids'],
      responses: { 200: markReadResultSchema },
    },
    markAllRead: {
      method: 'POST',
      path: '/projects/notifications/mark-all-read',
      summary: 'Mark every notification of the user read',
      description: 'Answers how many changed and the unread count after it (0, unless new ones arrived meanwhile).',
      responses: { 200: markReadResultSchema },
    },
  },
);
