import { idParamSchema } from '../fields';
import { weeklyReportBodySchema, reportMessages as m, weeklyReportSchema } from './schemas';
import { endpointGroup } from '../endpoint';

const description =
  'A weekly e-mail to the owner with the price and its 7-day change, liquidity, 24 h and 7-day volume, holders and their change and the alerts that fired, ' +
  'each figure with its block. Sent once per ISO week from Monday 08:00 UTC, only to a verified address. Another user’s project answers 404.';

export const reportEndpoints = endpointGroup(
  { tags: ['Projects'], access: 'user', workspace: 'read', errors: [400, 401, 404, 503] },
  {
    get: {
      method: 'GET',
      path: '/projects/:id/weekly-report',
      summary: "The project's weekly e-mail report: on or off",
      description,
      params: idParamSchema,
      responses: { 200: weeklyReportSchema },
    },
    update: {
      method: 'PUT',
      workspace: 'write',
      path: '/projects/:id/weekly-report',
      summary: 'Turn the weekly e-mail report on or off',
      description: `${description} Turning it on without e-mail configured on the server answers 409 '${m.emailNotConfigured}'; turning it off always works.`,
      params: idParamSchema,
      body: weeklyReportBodySchema,
      fieldOrder: ['enabled'],
      responses: { 200: weeklyReportSchema },
      errors: [409],
    },
  },
);
