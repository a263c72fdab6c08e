import type { Endpoint } from '@tokendesk/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/*
 * Routes registered from the endpoint contract (docs/decisions/0083): the path, the schemas, the
 * OpenAPI metadata and who may call come from the contract entry; a route file adds only its
 * handler (and what only the server knows: body limits, a route's own config).
 */

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Part<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** The Fastify schema an endpoint's handler is typed by. */
export type SchemaOf<E extends Endpoint> = {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  response: E['responses'];
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route may add to its contract entry: server-side settings only, never the schema or the path. */
export interface RouteExtras {
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** Runs after the access check (and the budget check that user-budget.ts adds after it). */
  preHandler?: preHandlerHookHandler;
  onRequest?: RouteShorthandOptions['onRequest'];
  preValidation?: RouteShorthandOptions['preValidation'];
  /** The OpenAPI description, where it states limits the server's configuration sets (so the contract cannot). */
  description?: string;
}

/** The access check of an endpoint: the guard registerUserBudgets recognises and follows with the budget check. */
function guardOf(app: ZodApp, endpoint: Endpoint): preHandlerHookHandler[] {
  if (endpoint.access === 'user') {
    // The caller's role in the request's workspace (decision 0087): declared by the contract entry.
    if (endpoint.workspace === undefined)
      throw new Error(`${endpoint.method} ${endpoint.path}: no workspace access declared`);
    return endpoint.workspace === 'personal'
      ? [app.requireUser]
      : [app.requireUser, app.workspaceGuards[endpoint.workspace]];
  }
  if (endpoint.access === 'staff') return [app.requireStaff];
  return [];
}

/** Registers one endpoint of the contract with its handler. */
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const guards = guardOf(app, endpoint);
  const preHandler = [...guards, ...(extras.preHandler ? [extras.preHandler] : [])];
  const config: FastifyContextConfig = {
    ...(endpoint.fieldOrder ? { fieldOrder: endpoint.fieldOrder } : {}),
    ...extras.config,
  };
  const description = extras.description ?? endpoint.description;
  const { params, query, body } = endpoint as Endpoint & { params?: unknown; query?: unknown; body?: unknown };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(preHandler.length === 0 ? {} : { preHandler: preHandler.length === 1 ? preHandler[0] : preHandler }),
    ...(Object.keys(config).length === 0 ? {} : { config }),
    ...(extras.bodyLimit === undefined ? {} : { bodyLimit: extras.bodyLimit }),
    ...(extras.onRequest === undefined ? {} : { onRequest: extras.onRequest }),
    ...(extras.preValidation === undefined ? {} : { preValidation: extras.preValidation }),
    schema: {
      tags: endpoint.tags,
      ...(endpoint.security ? { security: endpoint.security } : {}),
      summary: endpoint.summary,
      ...(description === undefined ? {} : { description }),
      ...(params === undefined ? {} : { params }),
      ...(query === undefined ? {} : { querystring: query }),
      ...(body === undefined ? {} : { body }),
      ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
      response: endpoint.responses,
    },
    handler: handler as RouteHandlerMethod,
  });
}
