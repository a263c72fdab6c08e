import { z } from 'zod';
import { strictNumber } from './numbers';

/** The list routes answer pages: `limit` rows (1–LIST_PAGE_MAX, default LIST_PAGE_LIMIT) and the cursor of the next page. */
export const LIST_PAGE_LIMIT = 50;
export const LIST_PAGE_MAX = 200;

/** Product §6: dashboard lists show at most 5; the summary routes answer that many. */
export const DASHBOARD_LIST_LIMIT = 5;

/** The list queries' shared fields: rows per page, the next page's cursor, the search text. */
export const pageLimit = strictNumber(z.number().int().min(1).max(LIST_PAGE_MAX))
  .default(LIST_PAGE_LIMIT)
  .describe(`Rows per page, 1–${LIST_PAGE_MAX} (default ${LIST_PAGE_LIMIT})`);
export const pageCursor = z
  .string()
  .max(200)
  .optional()
  .describe('Opaque; next_cursor of the previous page (a malformed one answers 400)');
export const listSearch = z.string().max(100).optional();
