import { z } from 'zod';
import { decimalString } from '../fields';
import { strictNumber } from '../numbers';
import { LIST_PAGE_MAX } from '../paging';

/** The Market Prices panel shows this many pools, the newest; more are a link to the funds list. */
export const PRICES_PANEL_LIMIT = 50;

/** The prices route answers the newest `limit` pools (default the panel's PRICES_PANEL_LIMIT, at most LIST_PAGE_MAX). */
export const pricesQuerySchema = z.object({
  limit: strictNumber(z.number().int().min(1).max(LIST_PAGE_MAX))
    .default(PRICES_PANEL_LIMIT)
    .describe(`The newest \`limit\` pools, 1–${LIST_PAGE_MAX} (default ${PRICES_PANEL_LIMIT})`),
});

export const priceItemSchema = z
  .object({
    pool_id: z.number().int(),
    token: z.string().describe('Project token symbol'),
    pair: z.string().describe('Paired token symbol'),
    dex: z.string(),
    price: decimalString.nullable(),
    price_usd: decimalString
      .nullable()
      .describe("The pool's price in USD (the pool answer's price_usd); null without a USD route"),
    change_24h: decimalString.nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'PriceItem' });
export type PriceItem = z.infer<typeof priceItemSchema>;
export const priceListSchema = z.array(priceItemSchema).meta({ id: 'PriceList' });
