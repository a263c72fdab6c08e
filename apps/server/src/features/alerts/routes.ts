import {
  ALERT_TRIGGER_LIMIT,
  alertFieldOrder,
  alertKindLabels,
  alertMessages as m,
  type AlertSummary,
  api,
  DASHBOARD_LIST_LIMIT,
  type FieldError,
  thresholdProblem,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import { route } from '../../plugins/endpoint-routes';
import { ownedPoolWithProject } from '../../domain/tenancy';
import { encodeNewestCursor, parseNewestCursor } from '../../db/newest-first';
import { badRequest, fieldError, HttpError, notFound } from '../../lib/http-errors';
import { alertTypes, dexesNamed, kindFields, toApiAlert, toApiTrigger, toDecimalText } from './presenter';
import {
  channelIdsOf,
  countAlerts,
  deleteAlert,
  findAlert,
  identicalActiveAlert,
  insertAlert,
  listAlerts,
  listTriggers,
  lockUserAlerts,
  ownChannelIds,
  pageAlerts,
  ruleOf,
  setAlertChannels,
  updateAlert,
  type AlertChanges,
  type AlertRule,
  type AlertWithPool,
} from './repository';

/** Two numeric column values as numbers: '10' and '10.0' are the same threshold. */
function sameFigure(a: string | number | null, b: string | number | null): boolean {
  if (a === null || b === null) return a === b;
  return Number(a) === Number(b);
}

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registry } = app.chain;

  /** 409 naming the user's active alert with this rule, if there is one (other than `exceptId`). */
  async function refuseDuplicate(
    tx: Parameters<typeof identicalActiveAlert>[0],
    userId: number,
    rule: AlertRule,
    exceptId?: number,
  ) {
    const existing = await identicalActiveAlert(tx, userId, rule, exceptId);
    if (existing !== null) throw new HttpError(409, m.duplicateAlert(existing));
  }

  /** The answers, each with its channel ids (one query for the lot). */
  async function present(rows: AlertWithPool[], db: Parameters<typeof channelIdsOf>[0] = app.db) {
    const channels = await channelIdsOf(
      db,
      rows.map((r) => r.alert.id),
    );
    return rows.map((r) => toApiAlert(registry, r, channels.get(r.alert.id) ?? []));
  }
  const presentOne = async (row: AlertWithPool, db: Parameters<typeof channelIdsOf>[0] = app.db) =>
    (await present([row], db))[0]!;

  /** 400 'Unknown channel' unless every id is one of the user's channels (another user's is unknown too). */
  async function checkChannels(tx: Parameters<typeof ownChannelIds>[0], userId: number, ids: readonly number[]) {
    const own = await ownChannelIds(tx, userId, ids);
    if (ids.some((id) => !own.has(id))) throw fieldError('channel_ids', m.unknownChannel);
  }

  /** The alert again with its pool, for the answer; 404 when it is not the user's. */
  async function alertOrFail(userId: number, alertId: number) {
    const row = await findAlert(app.db, userId, alertId);
    if (!row) throw notFound(m.alertNotFound);
    return row;
  }

  route(app, api.alerts.types, async () => alertTypes);

  route(app, api.alerts.list, async (request) => {
    const userId = workspaceData(request).user.id;
    const { q, pool, cursor, limit } = request.query;
    const after = cursor === undefined ? null : parseNewestCursor(cursor);
    const [page, ownPool] = await Promise.all([
      pageAlerts(app.db, userId, { q, dexIds: q ? dexesNamed(registry, q) : [], poolId: pool, after, limit }),
      pool === undefined ? true : ownedPoolWithProject(app.db, userId, pool),
    ]);
    if (!ownPool) throw notFound(m.poolNotFound);
    return { alerts: await present(page.rows), next_cursor: page.next && encodeNewestCursor(page.next) };
  });

  route(app, api.alerts.summary, async (request): Promise<AlertSummary> => {
    const userId = workspaceData(request).user.id;
    const [counts, active] = await Promise.all([
      countAlerts(app.db, userId),
      listAlerts(app.db, userId, { activeOnly: true, limit: DASHBOARD_LIST_LIMIT }),
    ]);
    return { alert_count: counts.total, active_alert_count: counts.active, active_alerts: await present(active) };
  });

  route(app, api.alerts.create, async (request, reply) => {
    const { user } = workspaceData(request);
    const body = request.body;
    const pool = await ownedPoolWithProject(app.db, user.id, body.pool_id);
    if (!pool) throw notFound(m.poolNotFound);
    const rule: AlertRule = {
      poolId: pool.pool.id,
      kind: body.kind,
      thresholdPct: body.kind === 'large_swap' ? null : toDecimalText(body.threshold_pct),
      windowMinutes: body.kind === 'large_swap' ? null : body.window_minutes,
      minAmount: body.kind === 'large_swap' ? toDecimalText(body.min_amount) : null,
    };
    const inserted = await app.db.transaction(async (tx) => {
      await lockUserAlerts(tx, user.id);
      await refuseDuplicate(tx, user.id, rule);
      await checkChannels(tx, user.id, body.channel_ids);
      const row = await insertAlert(tx, {
        userId: user.id,
        ...rule,
        cooldownMinutes: body.cooldown_minutes,
        isActive: true,
        // The indexer sets it to the block it starts watching from.
        sinceBlock: null,
      });
      await setAlertChannels(tx, row.id, body.channel_ids);
      return row;
    });
    return reply.code(201).send(toApiAlert(registry, { alert: inserted, ...pool }, body.channel_ids));
  });

  route(app, api.alerts.get, async (request) =>
    presentOne(await alertOrFail(workspaceData(request).user.id, request.params.id)),
  );

  route(app, api.alerts.update, async (request) => {
    const { user } = workspaceData(request);
    const current = await alertOrFail(user.id, request.params.id);
    const body = request.body;
    const allowed = kindFields[current.alert.kind];
    const foreign: FieldError[] = alertFieldOrder
      .filter(
        (f): f is 'threshold_pct' | 'window_minutes' | 'min_amount' =>
          f === 'threshold_pct' || f === 'window_minutes' || f === 'min_amount',
      )
      .filter((f) => body[f] !== undefined && !allowed.includes(f))
      .map((field) => ({ field, message: m.fieldNotOfKind(field, alertKindLabels[current.alert.kind]) }));
    if (foreign.length > 0) throw badRequest(foreign[0]!.message, foreign);
    const thresholdIssue =
      body.threshold_pct === undefined ? null : thresholdProblem(current.alert.kind, body.threshold_pct);
    if (thresholdIssue) throw badRequest(thresholdIssue, [{ field: 'threshold_pct', message: thresholdIssue }]);

    const values: AlertChanges = {};
    if (body.threshold_pct !== undefined) values.thresholdPct = toDecimalText(body.threshold_pct);
    if (body.window_minutes !== undefined) values.windowMinutes = body.window_minutes;
    if (body.min_amount !== undefined) values.minAmount = toDecimalText(body.min_amount);
    if (body.cooldown_minutes !== undefined) values.cooldownMinutes = body.cooldown_minutes;
    if (Object.keys(values).length === 0 && body.channel_ids === undefined) return presentOne(current);
    const updated = await app.db.transaction(async (tx) => {
      await lockUserAlerts(tx, user.id);
      // Read again under the lock: the status and figures the check judges are the ones written over.
      const fresh = await findAlert(tx, user.id, current.alert.id);
      if (!fresh) throw notFound(m.alertNotFound);
      const before = ruleOf(fresh.alert);
      const after: AlertRule = { ...before, ...values };
      // Only a change of the figures can make a duplicate: a cooldown edit of an alert that was
      // already identical to another before this rule existed stays possible.
      const figuresChange = (['thresholdPct', 'windowMinutes', 'minAmount'] as const).some(
        (k) => values[k] !== undefined && !sameFigure(before[k], after[k]),
      );
      if (fresh.alert.isActive && figuresChange) await refuseDuplicate(tx, user.id, after, fresh.alert.id);
      if (body.channel_ids !== undefined) {
        await checkChannels(tx, user.id, body.channel_ids);
        await setAlertChannels(tx, fresh.alert.id, body.channel_ids);
      }
      return Object.keys(values).length === 0 ? fresh.alert : updateAlert(tx, user.id, fresh.alert.id, values);
    });
    if (!updated) throw notFound(m.alertNotFound);
    return presentOne({ ...current, alert: updated });
  });

  route(app, api.alerts.delete, async (request) => {
    const { user } = workspaceData(request);
    if (!(await deleteAlert(app.db, user.id, request.params.id))) throw notFound(m.alertNotFound);
    return { detail: 'Alert deleted.' };
  });

  route(app, api.alerts.pause, async (request) => {
    const { user } = workspaceData(request);
    const current = await alertOrFail(user.id, request.params.id);
    const updated = await updateAlert(app.db, user.id, current.alert.id, { isActive: false });
    if (!updated) throw notFound(m.alertNotFound);
    return presentOne({ ...current, alert: updated });
  });

  route(app, api.alerts.resume, async (request) => {
    const { user } = workspaceData(request);
    const current = await alertOrFail(user.id, request.params.id);
    if (current.alert.isActive) return presentOne(current);
    const updated = await app.db.transaction(async (tx) => {
      await lockUserAlerts(tx, user.id);
      await refuseDuplicate(tx, user.id, ruleOf(current.alert), current.alert.id);
      // since_block null: the indexer picks the block to watch from again, as for a new alert.
      return updateAlert(tx, user.id, current.alert.id, { isActive: true, sinceBlock: null });
    });
    if (!updated) throw notFound(m.alertNotFound);
    return presentOne({ ...current, alert: updated });
  });

  route(app, api.alerts.triggers, async (request) => {
    const { alert } = await alertOrFail(workspaceData(request).user.id, request.params.id);
    return (await listTriggers(app.db, alert.id, ALERT_TRIGGER_LIMIT)).map(toApiTrigger);
  });
};
