import { idParamSchema } from '../fields';
import { TOP_TRADERS_LIMIT, topTradersQuerySchema, topTradersSchema } from './schemas';
import { endpointGroup } from '../endpoint';

export const traderEndpoints = endpointGroup(
  { tags: ['Pools and funds'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects/pool/:id/traders',
      // Groups every swap of a pool's last 7 days by trader (decision 0033).
      budget: 'heavy',
      summary: "A pool's top traders of the last 24 h or 7 d",
      description:
        `Up to ${TOP_TRADERS_LIMIT} senders of the pool's swaps in the range, by the volume of the paired token they moved, ` +
        'with their buys and sells (a Buy: the pool gave out the project token) and the project tokens bought, sold and net. ' +
        "A trader is the transaction's sender, read from the chain a few indexer ticks after the swap is stored (decision 0033): " +
        '`complete` is false while some swaps of the range are still unread. Another user’s pool answers 404.',
      params: idParamSchema,
      query: topTradersQuerySchema,
      responses: { 200: topTradersSchema },
    },
  },
);
