import { idParamSchema } from '../fields';
import { holderCsvColumns, holderHistorySchema, holdersSummarySchema } from './schemas';
import { z } from 'zod';
import { endpointGroup } from '../endpoint';

export const holderEndpoints = endpointGroup(
  { tags: ['Holders'], access: 'user', workspace: 'read', errors: [400, 401, 404] },
  {
    summary: {
      method: 'GET',
      path: '/projects/:id/holders',
      budget: 'heavy',
      summary:
        "The token's holders from its Transfer history, checked against totalSupply() and balanceOf: count, concentration, the 20 largest, the indexing state and the reconciliation with the chain",
      params: idParamSchema,
      responses: { 200: holdersSummarySchema },
    },
    history: {
      method: 'GET',
      path: '/projects/:id/holders/history',
      summary: 'Holder count at the end of each UTC day that had transfers',
      params: idParamSchema,
      responses: { 200: holderHistorySchema },
    },
    export: {
      method: 'GET',
      path: '/projects/:id/holders/export',
      budget: 'export',
      summary: 'Every holder as CSV, largest first',
      description:
        `Streams text/csv with the columns ${holderCsvColumns.join(', ')}. Balances as of the indexed block, shares of totalSupply() (less the zero address's balance). ` +
        'When the last check against the chain did not find the logs and the chain in agreement (reconciliation status other than matches), ' +
        'the file starts with one line of a single field beginning with "# " that says where the balances come from, and the header follows; ' +
        'when the chain differs, the checked addresses carry their balanceOf at the reconciliation block (as on the holders card) and come first, the rest their log balances. ' +
        'Numbers, addresses and labels are bare; any other text (the notice line) is quoted, with an apostrophe before each = + - @ that starts it or follows a separator, so no spreadsheet reads a formula.',
      params: idParamSchema,
      produces: ['text/csv'],
      responses: { 200: z.string() },
    },
  },
);
