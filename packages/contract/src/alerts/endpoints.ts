import { detailSchema } from '../errors';
import { idParamSchema } from '../fields';
import {
  alertFieldOrder,
  alertListQuerySchema,
  alertPageSchema,
  alertSchema,
  alertSummarySchema,
  alertTriggerListSchema,
  alertTypeListSchema,
  createAlertBodySchema,
  updateAlertBodySchema,
} from './schemas';
import { endpointGroup } from '../endpoint';

/** The most firings the trigger history answers with. */
export const ALERT_TRIGGER_LIMIT = 100;

/** The routes that can make an active alert: they may meet an identical one (docs/decisions/0038). */
const DUPLICATE_NOTE =
  'An active alert identical to another active alert of the user (same pool, kind and figures; the cooldown aside) answers 409 naming it, and nothing changes.';

export const alertEndpoints = endpointGroup(
  { tags: ['Alerts'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    types: {
      method: 'GET',
      path: '/projects/alerts/types',
      summary: 'The kinds of alert and the fields each one takes',
      description:
        'Price Move and Liquidity Drop take threshold_pct and window_minutes; Large Swap takes min_amount. Every kind takes cooldown_minutes (default 60).',
      responses: { 200: alertTypeListSchema },
    },
    list: {
      method: 'GET',
      path: '/projects/alerts',
      summary: "The user's alerts, newest first, a page at a time",
      description:
        "Each with its pool label 'PROJECT/PAIR - DEX', status, last firing and firing count. Newest first (created_at, then id); " +
        'page with `cursor` = `next_cursor` of the previous page (null on the last page); `limit` 1–200, default 50. ' +
        "`q` keeps the alerts whose pool label contains it (the project's name or symbol, the paired token's symbol, the DEX; " +
        "case-insensitive); `pool` keeps one pool's alerts (another user's pool answers 404).",
      query: alertListQuerySchema,
      fieldOrder: ['q', 'pool', 'cursor', 'limit'],
      responses: { 200: alertPageSchema },
    },
    summary: {
      method: 'GET',
      path: '/projects/alerts/summary',
      summary: 'For the dashboard: how many alerts the user has, how many are active, and the newest five active',
      description:
        'The same alerts as the first five active ones of alerts/, and the counts, without reading the whole list.',
      responses: { 200: alertSummarySchema },
    },
    create: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/alerts',
      summary: 'Create an alert on one of the user’s pools',
      description:
        'The kind decides the fields (see GET projects/alerts/types/): threshold_pct 0.1–1000 (Liquidity Drop 0.1–100: a reserve cannot fall by more), window_minutes 1–10080, ' +
        'min_amount > 0 in whole paired tokens, cooldown_minutes ≥ 1 (default 60). The alert watches from the next ' +
        'indexed block on: history never fires it. A pool that is not the user’s answers 404. ' +
        DUPLICATE_NOTE,
      body: createAlertBodySchema,
      fieldOrder: alertFieldOrder,
      responses: { 201: alertSchema },
      errors: [409],
    },
    get: {
      method: 'GET',
      path: '/projects/alerts/:id',
      summary: 'One alert',
      description: 'Another user’s alert answers 404, like a missing one.',
      params: idParamSchema,
      responses: { 200: alertSchema },
    },
    update: {
      method: 'PATCH',
      workspace: 'write',
      path: '/projects/alerts/:id',
      summary: 'Change an alert’s own fields or cooldown',
      description:
        'The kind and the pool stay. A field the alert’s kind does not have (min_amount on a Price Move alert, threshold_pct or window_minutes on a Large Swap alert) answers 400, as does a Liquidity Drop threshold_pct above 100. ' +
        DUPLICATE_NOTE,
      params: idParamSchema,
      body: updateAlertBodySchema,
      fieldOrder: alertFieldOrder,
      responses: { 200: alertSchema },
      errors: [409],
    },
    delete: {
      method: 'DELETE',
      workspace: 'write',
      path: '/projects/alerts/:id',
      summary: 'Delete an alert with its trigger history',
      description: 'Notifications it raised stay.',
      params: idParamSchema,
      responses: { 200: detailSchema },
    },
    pause: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/alerts/:id/pause',
      summary: 'Pause an alert',
      description: 'A paused alert never fires. Pausing a paused alert changes nothing.',
      params: idParamSchema,
      responses: { 200: alertSchema },
    },
    resume: {
      method: 'POST',
      workspace: 'write',
      path: '/projects/alerts/:id/resume',
      summary: 'Resume a paused alert',
      description:
        'It watches from the next indexed block on, like a new alert: what happened while it was paused never fires it. Resuming an active alert changes nothing. ' +
        'A paused alert identical to an active one answers 409 naming it, and stays paused.',
      params: idParamSchema,
      responses: { 200: alertSchema },
      errors: [409],
    },
    triggers: {
      method: 'GET',
      path: '/projects/alerts/:id/triggers',
      summary: 'Trigger history of an alert, newest first',
      description: `At most ${ALERT_TRIGGER_LIMIT} firings, each with its message and the figures that fired it.`,
      params: idParamSchema,
      responses: { 200: alertTriggerListSchema },
    },
  },
);
