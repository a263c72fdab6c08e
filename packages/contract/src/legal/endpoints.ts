import { legalDocumentSchema, legalParamsSchema } from './schemas';
import { endpointGroup } from '../endpoint';

export const legalEndpoints = endpointGroup(
  { tags: ['legal'], access: 'public', errors: [] },
  {
    document: {
      method: 'GET',
      path: '/legal/:kind',
      summary: 'The Terms of Service or the Privacy Policy of this server',
      description:
        "No credential needed (the registration form links to them). The operator's own text from DATA_DIR/legal/terms.md or privacy.md when present, else the text TokenDesk ships.",
      params: legalParamsSchema,
      responses: { 200: legalDocumentSchema },
    },
  },
);
