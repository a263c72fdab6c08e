import { Readable } from 'node:stream';
import {
  ACTIVITY_EXPORT_MAX_DAYS,
  type ActivityEvent,
  type ActivityPage,
  api,
  projectMessages,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import { ownedPool, ownedProject } from '../../domain/tenancy';
import type { Db } from '../../db/client';
import { presentPoolAddress } from '../../lib/addresses';
import { collectGarbage } from '../../lib/full-gc';
import { fieldError, notFound } from '../../lib/http-errors';
import { exactUsdValue, toApiActivityEvent } from './presenter';
import { csvHeader, csvHex, csvNumber, csvOptionalNumber, csvRow, csvText, csvTime, csvWord } from './csv';
import {
  encodeCursor,
  keyOf,
  listActivity,
  parseActivityCursor,
  type ActivityFilter,
  type ActivityKey,
} from './repository';
import { route } from '../../plugins/endpoint-routes';

/**
 * Rows per database round trip of the CSV export. Part of every batch is alive when a scavenge
 * runs and is promoted to the old space; smaller batches promote less but cost round trips (one
 * indexed range scan each). The promoted garbage itself is bounded by EXPORT_GC_BATCHES below.
 */
export const EXPORT_CHUNK = 200;
/** Rows per piece of text handed to the stream (~20 KB): far below V8's large-object size, so a piece dies young. */
const EXPORT_PIECE_ROWS = 100;
/** A full garbage collection every 100,000 exported rows keeps the export's peak memory bounded (decision 0031). */
const EXPORT_GC_BATCHES = 100_000 / EXPORT_CHUNK;
const DAY_MS = 24 * 60 * 60 * 1000;

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registry } = app.chain;

  /** Filters naming a project or pool the user does not own answer 404, like unknown ids. */
  async function checkFilters(userId: number, query: { project?: number | undefined; pool?: number | undefined }) {
    if (query.project !== undefined && !(await ownedProject(app.db, userId, query.project)))
      throw notFound(projectMessages.projectNotFound);
    if (query.pool !== undefined && !(await ownedPool(app.db, userId, query.pool))) throw notFound('Pool not found.');
  }

  route(app, api.activity.list, async (request): Promise<ActivityPage> => {
    const { user } = workspaceData(request);
    const { project, pool, kind, trader, cursor, limit } = request.query;
    const after = cursor === undefined ? null : parseActivityCursor(cursor);
    await checkFilters(user.id, { project, pool });
    // One row more than asked tells whether another page exists.
    const rows = await listActivity(
      app.db,
      { userId: user.id, projectId: project, poolId: pool, kind, trader },
      after,
      limit + 1,
    );
    const page = rows.slice(0, limit);
    const events = page.map((row) => toApiActivityEvent(registry, row)).filter((e): e is ActivityEvent => e !== null);
    const last = page.at(-1);
    return { events, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
  });

  route(app, api.activity.export, async (request, reply) => {
    const { user } = workspaceData(request);
    const { project, pool, kind, trader } = request.query;
    const from = new Date(request.query.from);
    const to = new Date(request.query.to);
    if (to.getTime() <= from.getTime()) throw fieldError('to', "'to' must be after 'from'.");
    if (to.getTime() - from.getTime() > ACTIVITY_EXPORT_MAX_DAYS * DAY_MS) {
      throw fieldError('to', `The range can be at most ${ACTIVITY_EXPORT_MAX_DAYS} days.`);
    }
    await checkFilters(user.id, { project, pool });
    const filter: ActivityFilter = { userId: user.id, projectId: project, poolId: pool, kind, trader, from, to };
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
    const filename = `tokendesk-activity-${stamp(from)}-${stamp(to)}.csv`;
    // Pull-based: the next chunk is read only when the client has taken the previous one, so
    // memory holds about one chunk whatever the size of the export.
    const stream = Readable.from(csvChunks(app.db, filter), { objectMode: false, highWaterMark: 64 * 1024 });
    stream.on('error', (err) => request.log.error({ err }, 'activity export failed while streaming'));
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store');
    // A stream is piped as it is; the contract's string schema only documents the body.
    return reply.send(stream as unknown as string);
  });

  /**
   * One database round trip of the export as CSV text in pieces, and the key to continue after.
   * The rows live only in here: the generator below holds nothing but text while the client
   * drains the stream, so the rows die young (one scavenge) instead of surviving into the old
   * generation while the socket waits.
   */
  async function csvBatch(
    db: Db,
    filter: ActivityFilter,
    after: ActivityKey | null,
  ): Promise<{ pieces: string[]; next: ActivityKey | null }> {
    const rows = await listActivity(db, filter, after, EXPORT_CHUNK);
    const pieces: string[] = [];
    let piece = '';
    let inPiece = 0;
    for (const row of rows) {
      const event = toApiActivityEvent(registry, row);
      if (!event) continue;
      const dex = registry.dex(row.networkId, row.dexId)?.name ?? row.dexId;
      // Every cell typed by its column (lib/csv.ts): symbols come from the chain and are text.
      piece += csvRow([
        csvTime(event.occurred_at),
        csvNumber(event.block_number),
        csvHex(event.tx_hash),
        csvNumber(event.log_index),
        csvHex(presentPoolAddress(row.poolAddress)),
        csvText(dex),
        csvWord(event.kind),
        csvNumber(event.amount_project_token),
        csvText(row.projectSymbol),
        csvNumber(event.amount_token),
        csvText(row.pairedSymbol),
        csvOptionalNumber(event.price),
        event.trader === null ? csvOptionalNumber(null) : csvHex(event.trader),
        csvOptionalNumber(exactUsdValue(registry, row, event)),
      ]);
      if (++inPiece === EXPORT_PIECE_ROWS) {
        pieces.push(piece);
        piece = '';
        inPiece = 0;
      }
    }
    if (piece) pieces.push(piece);
    const last = rows.at(-1);
    return { pieces, next: rows.length === EXPORT_CHUNK && last ? keyOf(last) : null };
  }

  async function* csvChunks(db: Db, filter: ActivityFilter): AsyncGenerator<string> {
    yield csvHeader();
    let after: ActivityKey | null = null;
    let batches = 0;
    for (;;) {
      // What each batch leaves promoted is freed only by a full collection (decision 0031).
      if (++batches % EXPORT_GC_BATCHES === 0) collectGarbage();
      const { pieces, next } = await csvBatch(db, filter, after);
      after = next;
      // Taken out as they go: a piece the stream has converted is not kept alive by the array.
      for (let piece = pieces.shift(); piece !== undefined; piece = pieces.shift()) yield piece;
      if (!after) return;
    }
  }
};
