import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { webhookBodySchema } from '@tokendesk/contract';

/** The OpenAPI document is generated from the same zod schemas that validate requests. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TokenDesk API',
        version: '1.0.0',
        description:
          'JSON over HTTP under /api/v1; trailing slashes are optional. Errors are `{detail, errors: [{field, message}]}`. ' +
          'Authenticate with `Authorization: Bearer <token>` (from GET /api/v1/user/login/) or HTTP Basic.',
      },
      // What TokenDesk POSTs to a user's webhook channel: the receivers' side of the contract
      // (docs/decisions/0038). The body's schema is a component generated from the zod schema.
      webhooks: {
        channelMessage: {
          post: {
            summary: 'An alert fired, or a channel test (POSTed to your webhook channel)',
            description: String(webhookBodySchema.meta()?.description ?? ''),
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookBody' } } },
            },
            responses: {
              '2XX': { description: 'Acknowledged: not sent again' },
              default: { description: 'Anything else (or no answer within 10 s) is retried with backoff' },
            },
          },
        },
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          basicAuth: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
    hideUntagged: true,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, url: '/api/openapi.json' },
    staticCSP: false,
  });
}
