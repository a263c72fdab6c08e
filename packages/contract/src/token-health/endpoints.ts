import { idParamSchema } from '../fields';
import { tokenHealthSchema } from './schemas';
import { endpointGroup } from '../endpoint';

export const tokenHealthEndpoints = endpointGroup(
  { tags: ['Token health'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    card: {
      method: 'GET',
      path: '/projects/:id/token-health',
      // The node is asked on every call (no cache): the chain budget, like token info and pool discovery.
      budget: 'chain',
      summary:
        "The 'Token health' card: ownership, privileged functions in the bytecode, proxy slots, buy/sell tax and sellability by eth_call simulation, and the LP burned or locked per pool",
      description:
        'Read from the chain at one block, each finding with that block and how it was determined. Taxes and sellability come from an eth_call with state overrides (no transaction, no key). ' +
        'A contract that reverts or answers garbage gives unknown for that finding, never an error; 503 only when the node cannot tell its head block.',
      params: idParamSchema,
      responses: { 200: tokenHealthSchema },
    },
  },
);
