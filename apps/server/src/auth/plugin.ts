import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuthService, Authentication } from './auth-service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** preHandler: any signed-in user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: staff only (403 for others). */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    authentication: Authentication | null;
  }
  interface FastifyContextConfig {
    /**
     * The route works for an account that must still choose its own password (the operator's CLI made
     * it up): who am I, change the password, sign out. Every other route answers 403 until then.
     */
    beforeOwnPassword?: boolean;
  }
}

/** The 403 of every other route while the account still signs in with the password the operator's CLI made up. */
export const OWN_PASSWORD_FIRST =
  "Choose your own password first: the one you signed in with was made up by the server's operator. Change it in Settings (POST /api/v1/user/change-password/).";

export interface BasicCredentials {
  username: string;
  password: string;
}

/** Parses `Authorization: Basic …` as UTF-8; null when the header is not Basic or is malformed. */
export function parseBasic(header: string | undefined): BasicCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function parseBearer(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Resolves the credential of a request. A failed credential answers 401 without a
 * `WWW-Authenticate: Basic` challenge, so browsers never pop up or cache a login.
 */
export const authPlugin = fp(async (app, opts: { auth: AuthService }) => {
  app.decorate('auth', opts.auth);
  app.decorateRequest('authentication', null);

  const authenticate = async (request: FastifyRequest): Promise<Authentication> => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized();
    const bearer = parseBearer(header);
    if (bearer) {
      const found = await opts.auth.resolveBearer(bearer);
      if (!found) throw unauthorized('Your session has expired or was signed out. Please sign in again.');
      return found;
    }
    const basic = parseBasic(header);
    if (basic) {
      const user = await opts.auth.verifyBasic(basic.username, basic.password, request.ip);
      return { user, sessionId: null, method: 'basic' };
    }
    throw unauthorized('Unsupported authorization header. Use Bearer or Basic.');
  };

  // A one-time password was seen by the operator and printed on a terminal: until the user replaces it,
  // it opens no data and changes nothing, for the web app and API clients alike (issue 35).
  const requirePasswordChosen = (request: FastifyRequest, auth: Authentication) => {
    if (auth.user.passwordChangeRequired && request.routeOptions.config.beforeOwnPassword !== true)
      throw forbidden(OWN_PASSWORD_FIRST);
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.authentication = await authenticate(request);
    requirePasswordChosen(request, request.authentication);
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    request.authentication = await authenticate(request);
    if (!request.authentication.user.isStaff) throw forbidden();
    requirePasswordChosen(request, request.authentication);
  });
});

/** The signed-in user of a route guarded by requireUser. */
export function currentAuth(request: FastifyRequest): Authentication {
  if (!request.authentication) throw unauthorized();
  return request.authentication;
}
