import {
  accountMessages as m,
  apiErrorSchema,
  changeEmailBodySchema,
  changeEmailFieldOrder,
  changePasswordBodySchema,
  changePasswordFieldOrder,
  detailSchema,
  loginQuerySchema,
  loginResponseSchema,
  registerBodySchema,
  registerFieldOrder,
  updateProfileBodySchema,
  userSchema,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
/**
 * E-mail changes per signed-in user and per client address in one rate-limit window. Every
 * attempt counts, right or wrong: each one can tell whether an address is taken (decision 0019).
 * A person fixing a typo needs two or three; a script probing addresses stops here.
 */
export const CHANGE_EMAIL_MAX_PER_USER = 5;
export const CHANGE_EMAIL_MAX_PER_IP = 20;
const tags = ['Account'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];

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

  app.post(
    '/user/register',
    {
      config: { fieldOrder: registerFieldOrder },
      schema: {
        tags,
        summary: 'Create an account',
        description: 'A taken username answers 409. A taken e-mail address is answered exactly as a free one: the account is created with the address unverified and is sent no link for it, and the address gets a notice instead (decision 0053).',
        body: registerBodySchema,
        response: { 201: z.object({ user: userSchema }), ...errors },
      },
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
    async (request, reply) => {
      const user = await service.register(request.body, request.ip);
      return reply.code(201).send({ user: toApiUser(user) });
    },
  );

  const login = async (request: { headers: { authorization?: string | undefined }; ip: string; query: z.infer<typeof loginQuerySchema> }) => {
    const basic = parseBasic(request.headers.authorization);
    if (!basic) throw unauthorized(m.loginFailed);
    const user = await app.auth.verifyCredentials(basic.username, basic.password, request.ip);
    const remember = request.query.remember === 'true' || request.query.remember === '1';
    const session = await app.auth.createSession(user.id, remember);
    return { user: await view(user), token: session.token, expires_at: session.expiresAt.toISOString() };
  };
  const loginSchema = {
    tags,
    summary: 'Sign in with HTTP Basic and receive a bearer token',
    description:
      "Send `Authorization: Basic base64(username:password)`. The token lasts 24 hours, or 30 days with `remember=true`. A 401 carries no `WWW-Authenticate` challenge.",
    querystring: loginQuerySchema,
    security: [{ basicAuth: [] }] as Record<string, string[]>[],
    response: { 200: loginResponseSchema, ...errors },
  };
  // GET is what product §7 names; POST is the same operation for clients that avoid state changes on GET.
  app.get('/user/login', { schema: loginSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return login(request);
  });
  app.post('/user/login', { schema: { ...loginSchema, summary: 'Sign in (POST form of GET user/login/)' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return login(request);
  });

  app.post(
    '/user/logout',
    { preHandler: app.requireUser, config: { beforeOwnPassword: true }, schema: { tags, security, summary: 'Revoke the current session', response: { 200: detailSchema, ...errors } } },
    async (request) => {
      const { sessionId } = currentAuth(request);
      if (sessionId !== null) await app.auth.revokeSession(sessionId);
      return { detail: m.loggedOut };
    },
  );

  app.get(
    '/user/info',
    { preHandler: app.requireUser, config: { beforeOwnPassword: true }, schema: { tags, security, summary: 'The signed-in user', response: { 200: userSchema, ...errors } } },
    async (request) => view(currentAuth(request).user),
  );

  app.patch(
    '/user/info/update',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['first_name', 'last_name'] },
      schema: {
        tags,
        security,
        summary: 'Change first and last name',
        description: 'Only first_name and last_name; any other field (username, email, is_staff…) is refused with 400.',
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => view(await service.updateProfile(currentAuth(request).user.id, request.body)),
  );

  const changeEmailRoute = (url: string, summary: string) => app.post(
    url,
    {
      preHandler: app.requireUser,
      config: { fieldOrder: changeEmailFieldOrder },
      schema: {
        tags,
        security,
        summary,
        description: `When the server sends e-mail (SMTP_URL), nothing changes yet: a link goes to the new address and a notice to the current one, and the answer's pending_email shows the new address until the link is followed (decision 0039); without e-mail the address changes at once and is unverified. An address another account has is answered exactly as a free one: its mailbox gets a notice instead of the link (decision 0053). A wrong password answers 400 and counts as a failed sign-in. At most ${CHANGE_EMAIL_MAX_PER_USER} attempts per user and ${CHANGE_EMAIL_MAX_PER_IP} per client address in ${config.RATE_LIMIT_WINDOW_MINUTES} minutes, successful or not; then 429 with Retry-After.`,
        body: changeEmailBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      // Recorded before the password check and the lookup, so parallel probes cannot outrun it.
      const wait = await app.auth.limits.hit([emailChangesByUser(String(user.id)), emailChangesByIp(request.ip)], windowMs);
      if (wait > 0) {
        throw tooManyRequests(`Too many email change attempts. Please try again in ${minutesText(wait)}.`, wait);
      }
      return view(await service.changeEmail(user, request.body, request.ip));
    },
  );
  changeEmailRoute('/user/change-email', 'Change the e-mail address; needs the current password');
  changeEmailRoute('/account/email', 'Change the e-mail address (the same operation as POST user/change-email/)');

  app.post(
    '/user/change-password',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: changePasswordFieldOrder, beforeOwnPassword: true },
      schema: {
        tags,
        security,
        summary: 'Change the password; signs out every session',
        body: changePasswordBodySchema,
        response: { 200: detailSchema, ...errors },
      },
    },
    async (request) => {
      await service.changePassword(currentAuth(request).user, request.body, request.ip);
      return { detail: m.passwordChanged };
    },
  );
};
