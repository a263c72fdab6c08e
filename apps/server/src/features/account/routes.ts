import { accountMessages as m, api, type loginQuerySchema } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { parseBasic, currentAuth } from '../../auth/plugin';
import { toApiUser } from './presenter';
import type { Config } from '../../config';
import { tooManyRequests, unauthorized } from '../../lib/http-errors';
import { minutesText } from '../../lib/rate-limiter';
import { limitKey } from '../../db/shared-limits';
import { AccountService } from './service';
import { AccountEmailService } from './email-service';
import { accountEmailRoutes } from './email-routes';
import { staffAccountRoutes } from './staff-routes';
import { pendingEmail } from './email-tokens';
import type { UserRow } from '../../db/schema';
import { route } from '../../plugins/endpoint-routes';

/**
 * E-mail changes per signed-in user and per client address in one rate-limit window. Every
 * attempt counts, right or wrong: each one can tell whether an address is taken (decision 0019).
 * A person fixing a typo needs two or three; a script probing addresses stops here.
 */
export const CHANGE_EMAIL_MAX_PER_USER = 5;
export const CHANGE_EMAIL_MAX_PER_IP = 20;

export const accountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const emails = new AccountEmailService(app.db, app.auth, config);
  const service = new AccountService(app.db, app.auth, emails);
  /** The user as answered, with the address a change waits for (decision 0039). */
  const view = async (user: UserRow) => toApiUser(user, await pendingEmail(app.db, user.id, new Date(app.auth.now())));
  await app.register(accountEmailRoutes, { config, emails, view });
  await app.register(staffAccountRoutes, { config });
  const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  // Counted by every server on the database together (decision 0052).
  const limiter = (scope: string, max: number) => (id: string) => ({ key: limitKey(scope, id), max });
  // Registration is limited by attempts, not failures: each success creates an account.
  const registrationsByIp = limiter('register-ip', config.REGISTER_MAX_PER_IP);
  // Per username the count one address may fail on one username (10 by default): the username-wide
  // sign-in ceiling is deliberately high (decision 0018) and would let a name be probed 100 times.
  const registrationsByUsername = limiter('register-username', config.LOGIN_MAX_FAILURES_PER_USERNAME_IP);
  const emailChangesByUser = limiter('change-email-user', CHANGE_EMAIL_MAX_PER_USER);
  const emailChangesByIp = limiter('change-email-ip', CHANGE_EMAIL_MAX_PER_IP);

  route(
    app,
    api.account.register,
    async (request, reply) => {
      const user = await service.register(request.body, request.ip);
      return reply.code(201).send({ user: toApiUser(user) });
    },
    {
      // Before validation, so even malformed floods are counted and refused cheaply.
      preValidation: async (request) => {
        const body = request.body as { username?: unknown } | undefined;
        const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
        const limits = [registrationsByIp(request.ip), ...(username ? [registrationsByUsername(username)] : [])];
        const wait = await app.auth.limits.hit(limits, windowMs);
        if (wait > 0) {
          throw tooManyRequests(`Too many registration attempts. Please try again in ${minutesText(wait)}.`, wait);
        }
      },
    },
  );

  const login = async (request: {
    headers: { authorization?: string | undefined };
    ip: string;
    query: z.infer<typeof loginQuerySchema>;
  }) => {
    const basic = parseBasic(request.headers.authorization);
    if (!basic) throw unauthorized(m.loginFailed);
    const user = await app.auth.verifyCredentials(basic.username, basic.password, request.ip);
    const remember = request.query.remember === 'true' || request.query.remember === '1';
    const session = await app.auth.createSession(user.id, remember);
    return { user: await view(user), token: session.token, expires_at: session.expiresAt.toISOString() };
  };
  route(app, api.account.login, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return login(request);
  });
  route(app, api.account.loginPost, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return login(request);
  });

  route(
    app,
    api.account.logout,
    async (request) => {
      const { sessionId } = currentAuth(request);
      if (sessionId !== null) await app.auth.revokeSession(sessionId);
      return { detail: m.loggedOut };
    },
    { config: { beforeOwnPassword: true } },
  );

  route(app, api.account.info, async (request) => view(currentAuth(request).user), {
    config: { beforeOwnPassword: true },
  });

  route(app, api.account.updateInfo, async (request) =>
    view(await service.updateProfile(currentAuth(request).user.id, request.body)),
  );

  // The description states this server's limits, which its configuration sets.
  const changeEmailDescription = `When the server sends e-mail (SMTP_URL), nothing changes yet: a link goes to the new address and a notice to the current one, and the answer's pending_email shows the new address until the link is followed (decision 0039); without e-mail the address changes at once and is unverified. An address another account has is answered exactly as a free one: its mailbox gets a notice instead of the link (decision 0053). A wrong password answers 400 and counts as a failed sign-in. At most ${CHANGE_EMAIL_MAX_PER_USER} attempts per user and ${CHANGE_EMAIL_MAX_PER_IP} per client address in ${config.RATE_LIMIT_WINDOW_MINUTES} minutes, successful or not; then 429 with Retry-After.`;
  for (const endpoint of [api.account.changeEmail, api.account.changeEmailAlias]) {
    route(
      app,
      endpoint,
      async (request) => {
        const { user } = currentAuth(request);
        // Recorded before the password check and the lookup, so parallel probes cannot outrun it.
        const wait = await app.auth.limits.hit(
          [emailChangesByUser(String(user.id)), emailChangesByIp(request.ip)],
          windowMs,
        );
        if (wait > 0) {
          throw tooManyRequests(`Too many email change attempts. Please try again in ${minutesText(wait)}.`, wait);
        }
        return view(await service.changeEmail(user, request.body, request.ip));
      },
      { description: changeEmailDescription },
    );
  }

  route(
    app,
    api.account.changePassword,
    async (request) => {
      await service.changePassword(currentAuth(request).user, request.body, request.ip);
      return { detail: m.passwordChanged };
    },
    { config: { beforeOwnPassword: true } },
  );
};
