import { z } from 'zod';

/** What deleting a project takes with it, so the confirmation can say so (product §2.8). */
export const projectDeleteSummarySchema = z
  .object({
    pool_count: z.number().int().nonnegative().describe("The project's pools, deleted with it"),
    alert_count: z.number().int().nonnegative().describe('The alerts on those pools, deleted with them'),
  })
  .describe('What deleting the project also deletes');
export type ProjectDeleteSummary = z.infer<typeof projectDeleteSummarySchema>;

/** What deleting a pool takes with it. */
export const poolDeleteSummarySchema = z
  .object({ alert_count: z.number().int().nonnegative().describe("The pool's alerts, deleted with it") })
  .describe('What deleting the pool also deletes');
export type PoolDeleteSummary = z.infer<typeof poolDeleteSummarySchema>;
