import {
  channelFieldOrder,
  channelListSchema,
  CHANNELS_PER_USER_MAX,
  channelSchema,
  channelTestResultSchema,
  channelWithSecretSchema,
  createChannelBodySchema,
  deliveryListQuerySchema,
  deliveryPageSchema,
  updateChannelBodySchema,
} from './schemas';
import { detailSchema } from '../errors';
import { idParamSchema } from '../fields';
import { endpointGroup } from '../endpoint';

/**
 * "Send test" posts to an address the user chose: without a limit it would be a way to make this
 * server flood a third party. A person checks a channel a few times; a loop stops here. Counted
 * by every server on the database together (decision 0052).
 */
export const CHANNEL_TESTS_PER_CHANNEL = 5;
export const CHANNEL_TESTS_PER_USER = 20;
export const CHANNEL_TEST_WINDOW_MS = 10 * 60_000;

export const channelEndpoints = endpointGroup(
  { tags: ['Notification channels'], access: 'user', workspace: 'read', errors: [400, 401, 404, 429, 503] },
  {
    list: {
      method: 'GET',
      path: '/account/channels',
      summary: "The user's notification channels",
      description:
        'Where alerts are delivered besides the bell: e-mail (the account address, once verified), webhooks, Telegram, Discord. ' +
        'Destinations are masked; the webhook signing secret is never listed. `email_configured` is false when this server cannot send e-mail.',
      responses: { 200: channelListSchema },
    },
    create: {
      method: 'POST',
      workspace: 'write',
      path: '/account/channels',
      summary: 'Add a notification channel',
      description:
        '`kind` decides `config`: webhook {url}, discord {webhook_url} (a discord.com webhook URL), telegram {bot_token, chat_id}, email {} ' +
        `(one per user; needs e-mail configured on the server, 400, and a verified account address, 409). URLs must reach public addresses. ` +
        `A webhook's signing secret (whsec_…) is in this answer and never again (rotate-secret makes a new one). At most ${CHANNELS_PER_USER_MAX} channels.`,
      body: createChannelBodySchema,
      fieldOrder: channelFieldOrder,
      responses: { 201: channelWithSecretSchema },
      errors: [409],
    },
    get: {
      method: 'GET',
      path: '/account/channels/:id',
      summary: 'One notification channel',
      description: 'Another user’s channel answers 404, like a missing one.',
      params: idParamSchema,
      responses: { 200: channelSchema },
    },
    update: {
      method: 'PATCH',
      workspace: 'write',
      path: '/account/channels/:id',
      summary: 'Rename a channel, change its destination, or resume it',
      description:
        "`config` takes only the kind's own fields (a Telegram chat_id may change alone). `status: 'active'` resumes a channel TokenDesk paused " +
        'after repeated failures; its failure count starts again from 0 and the messages that waited go out.',
      params: idParamSchema,
      body: updateChannelBodySchema,
      fieldOrder: channelFieldOrder,
      responses: { 200: channelSchema },
      errors: [409],
    },
    delete: {
      method: 'DELETE',
      workspace: 'write',
      path: '/account/channels/:id',
      summary: 'Delete a channel',
      description:
        'Its alerts stay (with the bell and their other channels); its delivery log and any message still waiting go with it.',
      params: idParamSchema,
      responses: { 200: detailSchema },
    },
    rotateSecret: {
      method: 'POST',
      workspace: 'write',
      path: '/account/channels/:id/rotate-secret',
      summary: "Replace a webhook channel's signing secret",
      description:
        'The new whsec_ secret is in this answer and never again; messages sent from now on (retries too) are signed with it. Other kinds answer 400.',
      params: idParamSchema,
      responses: { 200: channelWithSecretSchema },
    },
    test: {
      method: 'POST',
      workspace: 'write',
      path: '/account/channels/:id/test',
      summary: 'Send a test message through a channel',
      description:
        "Goes through the outbox like an alert's message (signed, logged, retried) and is tried at once: the answer says whether it was delivered, " +
        `with the receiver's response code. At most ${CHANNEL_TESTS_PER_CHANNEL} tests per channel and ${CHANNEL_TESTS_PER_USER} per user in ${CHANNEL_TEST_WINDOW_MS / 60_000} minutes. ` +
        'An e-mail channel without e-mail configured, or before the address is verified, answers 409 and sends nothing.',
      params: idParamSchema,
      responses: { 200: channelTestResultSchema },
      errors: [409],
    },
    deliveries: {
      method: 'GET',
      path: '/account/channels/:id/deliveries',
      summary: "A channel's delivery log, newest first",
      description:
        'Every message sent or waiting through the channel: time, what it was, status, attempts, the last response code and error, the next retry. ' +
        'Page with `cursor` = `next_cursor`; `limit` 1–200, default 50. Never holds a secret.',
      params: idParamSchema,
      query: deliveryListQuerySchema,
      fieldOrder: ['cursor', 'limit'],
      responses: { 200: deliveryPageSchema },
    },
  },
);
