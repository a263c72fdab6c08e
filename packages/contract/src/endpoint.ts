import type { z } from 'zod';
import { apiErrorSchema } from './errors';
import type { Route } from './routes';

/*
 * The endpoint contract (docs/decisions/0083): each endpoint of the API once, with everything the
 * server registers it with (schemas, OpenAPI summary, auth, budget class) and everything the web
 * calls it with (method, path, the answer's schema). Endpoints come in groups that declare what
 * their endpoints share once: the OpenAPI tags, who may call them, the error answers.
 */

/** Who may call an endpoint: anyone, a signed-in user, or support staff. */
export type Access = 'public' | 'user' | 'staff';

/**
 * What a signed-in endpoint does in the caller's current workspace (decision 0087): `personal` is the
 * caller's own account (profile, bell, tickets), no workspace; `read` needs any role, `member` is an
 * action any member may take (leave), `write` needs admin or owner, `owner` needs owner. Declared
 * once per group, and by every endpoint that changes something in a workspace group: the server's
 * `route()` enforces it, and the role × endpoint test walks it.
 */
export type WorkspaceAccess = 'personal' | 'read' | 'member' | 'write' | 'owner';

/** The per-user budget an endpoint draws on (docs/decisions/0021); `default` unless it costs more. */
export type BudgetClass = 'heavy' | 'chain' | 'export' | 'stream';

export type SecurityRequirement = Record<string, string[]>;

/** Bearer or Basic, as every signed-in endpoint accepts. */
export const signedInSecurity: SecurityRequirement[] = [{ bearerAuth: [] }, { basicAuth: [] }];

export type Responses = { readonly [status: number]: z.ZodType };

export interface EndpointSpec extends Route {
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** This endpoint's own answers: its success, and any answer its group does not declare. */
  readonly responses: Responses;
  /** Error statuses on top of the group's (each answers the ApiError shape). */
  readonly errors?: readonly number[];
  /** Instead of the group's error statuses. */
  readonly onlyErrors?: readonly number[];
  readonly budget?: BudgetClass;
  /** The media types of a non-JSON answer (CSV, event stream), for the OpenAPI document. */
  readonly produces?: readonly string[];
  /** The order of the body's (or query's) fields, for the order of field errors: the form's order. */
  readonly fieldOrder?: readonly string[];
  /** Instead of the group's. */
  readonly access?: Access;
  /** Instead of the group's; required of a non-GET endpoint in a group whose reads are `read`. */
  readonly workspace?: WorkspaceAccess;
  /** Instead of what the access implies (sign-in takes Basic only). */
  readonly security?: readonly SecurityRequirement[];
}

export interface GroupSpec {
  readonly tags: readonly string[];
  readonly access: Access;
  /** Required when access is `user`: for a group of workspace data, the class of its reads (`read`). */
  readonly workspace?: WorkspaceAccess;
  readonly errors: readonly number[];
}

type ErrorAnswers<Codes extends number> = { readonly [K in Codes]: typeof apiErrorSchema };
type Errors<G extends GroupSpec, S extends EndpointSpec> =
  | (S extends { onlyErrors: readonly (infer O extends number)[] } ? O : G['errors'][number])
  | (S extends { errors: readonly (infer X extends number)[] } ? X : never);

/** An endpoint as its group completed it: the server and the web use these. */
export type Endpoint<S extends EndpointSpec = EndpointSpec, Codes extends number = number> = Omit<
  S,
  'responses' | 'errors' | 'onlyErrors'
> & {
  readonly tags: string[];
  readonly access: Access;
  /** Set for every `user` endpoint (decision 0087); absent for public and staff ones. */
  readonly workspace?: WorkspaceAccess;
  /** The OpenAPI security requirement; absent for public endpoints. */
  readonly security?: SecurityRequirement[];
  readonly responses: S['responses'] & Omit<ErrorAnswers<Codes>, keyof S['responses']>;
};

export type Group<G extends GroupSpec, E extends Record<string, EndpointSpec>> = {
  readonly [K in keyof E]: Endpoint<E[K], Errors<G, E[K]>>;
};

/** A group of endpoints: the shared metadata is declared once, here, and copied into each endpoint. */
export function endpointGroup<const G extends GroupSpec, const E extends Record<string, EndpointSpec>>(
  group: G,
  endpoints: E,
): Group<G, E> {
  const entries = Object.entries(endpoints).map(([name, spec]) => {
    const { errors, onlyErrors, responses, ...rest } = spec;
    const access = spec.access ?? group.access;
    const codes = [...(onlyErrors ?? group.errors), ...(errors ?? [])];
    const answers: Record<number, z.ZodType> = { ...responses };
    for (const code of codes) answers[code] ??= apiErrorSchema;
    const workspace = workspaceAccessOf(group, spec);
    const security = spec.security ? [...spec.security] : access === 'public' ? undefined : signedInSecurity;
    return [
      name,
      {
        ...rest,
        tags: [...group.tags],
        access,
        ...(workspace ? { workspace } : {}),
        ...(security ? { security } : {}),
        responses: answers,
      },
    ];
  });
  return Object.fromEntries(entries) as Group<G, E>;
}

/**
 * An endpoint's workspace class: its own, or its group's. A group's `read` covers only its GET
 * endpoints: an endpoint that changes something must say what it needs, so one that forgets cannot
 * slip through as a read (it fails here, when the contract is loaded).
 */
function workspaceAccessOf(group: GroupSpec, spec: EndpointSpec): WorkspaceAccess | undefined {
  const access = spec.access ?? group.access;
  if (access !== 'user') return undefined;
  const inherited = group.workspace === 'read' && spec.method !== 'GET' ? undefined : group.workspace;
  const workspace = spec.workspace ?? inherited;
  if (workspace === undefined)
    throw new Error(
      `${spec.method} ${spec.path}: a signed-in endpoint must declare its workspace access (decision 0087)`,
    );
  return workspace;
}

/** The status codes 2xx of an endpoint's answers. */
type SuccessCode<R> = Extract<keyof R, 200 | 201 | 202 | 204>;

/** The schema of an endpoint's successful answer. */
export type SuccessSchema<E extends { responses: Responses }> = E['responses'][SuccessCode<E['responses']>];

/** The first 2xx answer's schema, at run time. */
export function successSchema(endpoint: { responses: Responses }): z.ZodType | undefined {
  const code = Object.keys(endpoint.responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300);
  return code === undefined ? undefined : endpoint.responses[code];
}
