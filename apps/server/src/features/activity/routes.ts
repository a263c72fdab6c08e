import { Readable } from 'node:stream';
import {
  ACTIVITY_EXPORT_MAX_DAYS,
  activityCsvColumns,
  activityExportQuerySchema,
  activityPageSchema,
  activityQuerySchema,
  apiErrorSchema,
  projectMessages,
  type ActivityEvent,
  type ActivityPage,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../auth/plugin';
import { ownedPool, ownedProject } from '../../domain/tenancy';
import type { Db } from '../../db/client';
import { presentPoolAddress } from '../../lib/addresses';
import { collectGarbage } from '../../lib/full-gc';
import { fieldError, notFound } from '../../lib/http-errors';
import { exactUsdValue, toApiActivityEvent } from './presenter';
import { csvHeader, csvHex, csvNumber, csvOptionalNumber, csvRow, csvText, csvTime, csvWord } from './csv';
import { encodeCursor, keyOf, listActivity, parseActivityCursor, type ActivityFilter, type ActivityKey } from './repository';

const tags = ['Activity'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

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
    if (query.project !== undefined && !(await ownedProject(app.db, userId, query.project))) throw notFound(projectMessages.projectNotFound);
    if (query.pool !== undefined && !(await ownedPool(app.db, userId, query.pool))) throw notFound('Pool not found.');
  }

  app.get(
    '/projects/activity',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['project', 'pool', 'kind', 'trader', 'cursor', 'limit'] },
      schema: {
        tags,
        security,
        summary: "On-chain events of the user's pools, newest first",
        description:
          'Swaps (buy or sell, seen from the project token: the pool giving out project tokens is a buy), liquidity ' +
          'added and removed, from the indexed events of every pool of the user. Amounts are what the pool booked in its ' +
          'event: for a token that takes a fee on transfer, the sender paid more or the recipient received less. `price` is ' +
          'the trade price of a swap; on liquidity rows it is the V2 pool ratio, and null for Uniswap V3 and V4 (see the field). Ordered by block, log index and event id, ' +
          'newest first. Page with `cursor` = `next_cursor` of the previous page (null on the last page); `limit` 1–200, ' +
          'default 50. A pool address tracked in two projects yields one event per pool, so key rows by pool_id and id. ' +
          'A project or pool filter that is not one of the user’s answers 404. `trader` (an address, any case) keeps the events ' +
          'whose transaction that address sent; events whose trader is not read yet (trader null) are not among them.',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request): Promise<ActivityPage> => {
      const { user } = currentAuth(request);
      const { project, pool, kind, trader, cursor, limit } = request.query;
      const after = cursor === undefined ? null : parseActivityCursor(cursor);
      await checkFilters(user.id, { project, pool });
      // One row more than asked tells whether another page exists.
      const rows = await listActivity(app.db, { userId: user.id, projectId: project, poolId: pool, kind, trader }, after, limit + 1);
      const page = rows.slice(0, limit);
      const events = page.map((row) => toApiActivityEvent(registry, row)).filter((e): e is ActivityEvent => e !== null);
      const last = page.at(-1);
      return { events, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
    },
  );

  app.get(
    '/projects/activity/export',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['project', 'pool', 'kind', 'trader', 'from', 'to'] },
      schema: {
        tags,
        security,
        summary: "The user's activity in a time range as CSV",
        description:
          `Streams text/csv, newest first, with the filters of the activity list and a block-time range [from, to) of at ` +
          `most ${ACTIVITY_EXPORT_MAX_DAYS} days. Columns: ${activityCsvColumns.join(', ')}. Amounts are exact decimal ` +
          'strings in whole tokens, as the pool booked them (for a token that takes a fee on transfer, the sender ' +
          'paid more or the recipient got less); pool is the pool address (the id of a V4 pool); price is empty when unknown and on Uniswap V3 and V4 ' +
          "liquidity rows, whose two amounts are no price; trader is the transaction's sender (empty while not read yet); value_usd is " +
          'the paired amount where the paired token is a USD stablecoin (counted at exactly 1 USD) and empty otherwise, never a ' +
          "conversion at today's rate. Text cells (dex, symbols) are always quoted, and an apostrophe goes " +
          'before every = + - @ (or tab, CR) that starts the text or follows a separator (, ; | tab space or a line break), so no ' +
          'spreadsheet reads a formula in them, whichever separator it splits on.',
        querystring: activityExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row, CRLF line ends'), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { project, pool, kind, trader } = request.query;
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (to.getTime() <= from.getTime()) throw fieldError('to', "'to' must be after 'from'.");
      if (to.getTime() - from.getTime() > ACTIVITY_EXPORT_MAX_DAYS * DAY_MS) {
        throw fieldError('to', `The range can be at most ${ACTIVITY_EXPORT_MAX_DAYS} days.`);
      }
      await checkFilters(user.id, { project, pool });
      const filter: ActivityFilter = { userId: user.id, projectId: project, poolId: pool, kind, trader, from, to };
      const stamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
      const filename = `tokendesk-activity-${stamp(from)}-${stamp(to)}.csv`;
      // Pull-based: the next chunk is read only when the client has taken the previous one, so
      // memory holds about one chunk whatever the size of the export.
      const stream = Readable.from(csvChunks(app.db, filter), { objectMode: false, highWaterMark: 64 * 1024 });
      stream.on('error', (err) => request.log.error({ err }, 'activity export failed while streaming'));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store');
      // A stream is piped as it is; the string schema above only documents the body.
      return reply.send(stream as unknown as string);
    },
  );

  /**
   * One database round trip of the export as CSV text in pieces, and the key to continue after.
   * The rows live only in here: the generator below holds nothing but text while the client
   * drains the stream, so the rows die young (one scavenge) instead of surviving into the old
   * generation while the socket waits.
   */
  async function csvBatch(db: Db, filter: ActivityFilter, after: ActivityKey | null): Promise<{ pieces: string[]; next: ActivityKey | null }> {
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
