import { idParamSchema } from '../fields';
import { dexOptionSchema, networkSchema, tokenOptionSchema } from './schemas';
import { z } from 'zod';
import { endpointGroup } from '../endpoint';

export const networkEndpoints = endpointGroup(
  { tags: ['Networks'], access: 'user', workspace: 'personal', errors: [401, 404] },
  {
    list: {
      method: 'GET',
      path: '/projects/networks',
      summary: 'Supported networks',
      responses: { 200: z.array(networkSchema) },
    },
    get: {
      method: 'GET',
      path: '/projects/network/:id',
      summary: 'One network',
      params: idParamSchema,
      responses: { 200: networkSchema },
    },
    dexOptions: {
      method: 'GET',
      path: '/projects/network/:id/dex-options',
      summary: 'DEXes of a network, with the family and the factory (or PoolManager) each is read through',
      params: idParamSchema,
      responses: { 200: z.array(dexOptionSchema) },
    },
    tokenOptions: {
      method: 'GET',
      path: '/projects/network/:id/token-options',
      summary: 'Common pair tokens of a network',
      params: idParamSchema,
      responses: { 200: z.array(tokenOptionSchema) },
    },
  },
);
