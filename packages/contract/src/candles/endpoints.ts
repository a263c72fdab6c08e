import { candlesQuerySchema, candlesSchema } from './schemas';
import { idParamSchema } from '../fields';
import { endpointGroup } from '../endpoint';

export const candleEndpoints = endpointGroup(
  { tags: ['Pools and funds'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects/pool/:id/candles',
      // Aggregates every stored swap of the range in exact numeric (decision 0034).
      budget: 'heavy',
      summary: 'Candles (open, high, low, close, volume) of a pool from its stored swaps, with chart markers',
      description:
        'Candles of `interval` over the last `range`, from the swaps the indexer stored (not from price snapshots). The range ' +
        'starts at the beginning of the candle that holds now − range, so the first candle is whole. A price is the paired ' +
        'amount / project amount of a swap, exact to 30 decimals (truncated), the same as the activity list. Candles without ' +
        "swaps are left out. currency=usd is served only for pools paired with a USD stablecoin (1 USD exactly); for others it answers 200 with no candles and usd_unavailable_reason. Another user's pool answers 404.",
      params: idParamSchema,
      query: candlesQuerySchema,
      fieldOrder: ['interval', 'range', 'currency'],
      responses: { 200: candlesSchema },
    },
  },
);
