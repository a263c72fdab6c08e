import { z } from 'zod';
import { decimalString } from '../fields';

/** Top traders of a pool (GET projects/pool/{id}/traders/; decision 0033). */
export const traderRanges = ['24h', '7d'] as const;
export type TraderRange = (typeof traderRanges)[number];

export const TOP_TRADERS_LIMIT = 20;

export const topTradersQuerySchema = z.object({ range: z.enum(traderRanges).default('24h') });

export const topTraderSchema = z
  .object({
    address: z.string().describe("The transactions' sender, checksummed"),
    buys: z.number().int().describe('Transactions in which the pool gave this trader the project token'),
    sells: z.number().int(),
    volume: decimalString.describe('Sum of the paired-token legs of its swaps (absolute, whole tokens): the ranking'),
    bought: decimalString.describe('Project tokens the pool gave out in its buys, whole tokens'),
    sold: decimalString.describe('Project tokens the pool took in in its sells, whole tokens'),
    net: decimalString.describe('bought − sold, signed'),
  })
  .meta({ id: 'TopTrader' });
export type TopTrader = z.infer<typeof topTraderSchema>;

export const topTradersSchema = z
  .object({
    range: z.enum(traderRanges),
    traders: z.array(topTraderSchema).describe(`At most ${TOP_TRADERS_LIMIT}, largest volume first`),
    complete: z
      .boolean()
      .describe(
        'false while some swaps of the range have no trader read yet: the list may then change as they are read',
      ),
    unread_swaps: z.number().int().describe('Transactions with a swap in the range whose trader is not read yet'),
  })
  .meta({ id: 'TopTraders' });
export type TopTraders = z.infer<typeof topTradersSchema>;
