import {
  ACTIVITY_EXPORT_MAX_DAYS,
  activityCsvColumns,
  activityExportQuerySchema,
  activityPageSchema,
  activityQuerySchema,
} from './schemas';
import { z } from 'zod';
import { endpointGroup } from '../endpoint';

export const activityEndpoints = endpointGroup(
  { tags: ['Activity'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects/activity',
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
      query: activityQuerySchema,
      fieldOrder: ['project', 'pool', 'kind', 'trader', 'cursor', 'limit'],
      responses: { 200: activityPageSchema },
    },
    export: {
      method: 'GET',
      path: '/projects/activity/export',
      budget: 'export',
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
      query: activityExportQuerySchema,
      fieldOrder: ['project', 'pool', 'kind', 'trader', 'from', 'to'],
      produces: ['text/csv'],
      responses: { 200: z.string().describe('CSV with a header row, CRLF line ends') },
    },
  },
);
