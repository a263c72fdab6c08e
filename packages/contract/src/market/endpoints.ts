import { idParamSchema } from '../fields';
import {
  liquiditySummarySchema,
  PROJECT_MARKET_IDS_MAX,
  projectMarketListSchema,
  projectMarketQuerySchema,
  projectMarketSchema,
} from './schemas';
import { endpointGroup } from '../endpoint';

const USD_NOTE =
  'USD figures come from the chain (docs/decisions/0032): USDC and USDT count as 1 USD, the wrapped native token is priced in its deepest pool against them, ' +
  'and the project token in its deepest pool holding at least USD_MIN_LIQUIDITY. `usd` names the pools and the block; `usd_unavailable_reason` says why a figure is null.';

export const marketEndpoints = endpointGroup(
  { tags: ['Projects'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    list: {
      method: 'GET',
      path: '/projects/market',
      budget: 'heavy',
      summary: 'USD price, liquidity, market cap, FDV, volume and holders of several projects (list screens)',
      description: `\`ids\`: 1–${PROJECT_MARKET_IDS_MAX} project ids separated by commas, answered in that order; an id that is not one of the user's projects answers 404. ${USD_NOTE}`,
      query: projectMarketQuerySchema,
      fieldOrder: ['ids'],
      responses: { 200: projectMarketListSchema },
    },
    ofProject: {
      method: 'GET',
      path: '/projects/:id/market',
      budget: 'heavy',
      summary: "A project's USD price, 24 h change, liquidity, market cap, FDV, volume and holders",
      description: USD_NOTE,
      params: idParamSchema,
      responses: { 200: projectMarketSchema },
    },
    liquidity: {
      method: 'GET',
      path: '/projects/user/pools/liquidity',
      budget: 'heavy',
      summary: "For the dashboard: the total USD liquidity of the user's pools",
      description: `Sum of liquidity_usd over all the user's pools that have one; pools_not_valued counts the others. ${USD_NOTE}`,
      responses: { 200: liquiditySummarySchema },
    },
  },
);
