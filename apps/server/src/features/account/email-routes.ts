import { accountMessages as m, api } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import type { Config } from '../../config';
import { ConflictError } from '../../domain/errors';
import { tooManyRequests } from '../../lib/http-errors';
import { minutesText } from '../../lib/rate-limiter';
import { limitKey } from '../../db/shared-limits';
import type { AccountEmailService } from './email-service';
import type { User } from '@tokendesk/contract';
import type { UserRow } from '../../db/schema';
import { route } from '../../plugins/endpoint-routes';

/**
 * Limits per rate-limit window (RATE_LIMIT_WINDOW_MINUTES, 15 by default), decision 0039. Resends
 * and reset requests each send an e-mail: a few are what a person needs, more is someone using
 * TokenDesk to fill a mailbox. The link routes are limited per address so that a client cannot
 * make the server hash passwords for bad links, although a 256-bit token cannot be guessed.
 * Counted by every server on the database together (decision 0052).
 */
export const RESEND_MAX_PER_USER = 3;
export const RESEND_MAX_PER_IP = 20;
export const FORGOT_MAX_PER_ADDRESS = 3;
export const FORGOT_MAX_PER_IP = 10;
export const LINK_MAX_PER_IP = 30;

/**
 * 409, not 503: a server without SMTP_URL will not send e-mail however often it is asked (503
 * promises it may work later), and 5xx is kept for faults (decision 0003).
 */
const notConfigured = (detail: string = m.emailNotConfigured) => new ConflictError(detail);

export const accountEmailRoutes: FastifyPluginAsyncZod<{
  config: Config;
  emails: AccountEmailService;
  view: (user: UserRow) => Promise<User>;
}> = async (app, { config, emails, view }) => {
  const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const limiter = (scope: string, max: number) => (id: string) => ({ key: limitKey(scope, id), max });
  const resendByUser = limiter('resend-user', RESEND_MAX_PER_USER);
  const resendByIp = limiter('resend-ip', RESEND_MAX_PER_IP);
  const forgotByAddress = limiter('forgot-address', FORGOT_MAX_PER_ADDRESS);
  const forgotByIp = limiter('forgot-ip', FORGOT_MAX_PER_IP);
  const linksByIp = limiter('links-ip', LINK_MAX_PER_IP);

  /** Checks every limit, then records in all of them, in one transaction shared by every server. */
  const take = async (limits: { key: string; max: number }[], text: string) => {
    const wait = await app.auth.limits.hit(limits, windowMs);
    if (wait > 0) throw tooManyRequests(fillWait(text, wait), wait);
  };
  const fillWait = (text: string, seconds: number) => `${text} Please try again in ${minutesText(seconds)}.`;

  // Reset requests run after their answer (no account enumeration by timing); the server waits for
  // the ones still running before it closes the database.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  route(app, api.accountEmail.options, async () => ({
    email_configured: emails.enabled,
    support_contact: config.SUPPORT_CONTACT ?? null,
  }));

  route(app, api.accountEmail.verifyEmail, async (request) => {
    await take([linksByIp(request.ip)], 'Too many links tried from your address.');
    return emails.followLink(request.body.token);
  });

  route(
    app,
    api.accountEmail.resendVerification,
    async (request) => {
      if (!emails.enabled) throw notConfigured();
      const { user } = currentAuth(request);
      await take([resendByUser(String(user.id)), resendByIp(request.ip)], 'Too many verification e-mails.');
      return { detail: await emails.resendVerification(user) };
    },
    {
      description: `At most ${RESEND_MAX_PER_USER} per user and ${RESEND_MAX_PER_IP} per client address in ${config.RATE_LIMIT_WINDOW_MINUTES} minutes (429 with Retry-After). 409 when the address is already verified or the server has no SMTP_URL.`,
    },
  );

  route(app, api.accountEmail.cancelEmailChange, async (request) => {
    const { user } = currentAuth(request);
    await emails.cancelChange(user.id);
    return view(user);
  });

  route(
    app,
    api.accountEmail.forgotPassword,
    async (request) => {
      if (!emails.enabled) throw notConfigured(m.forgotPasswordNoEmail);
      await take(
        [forgotByIp(request.ip), forgotByAddress(request.body.email.toLowerCase())],
        'Too many password reset requests.',
      );
      const work = emails.requestPasswordReset(request.body.email).catch((err: unknown) => {
        request.log.error({ err }, 'password reset request failed');
      });
      running.add(work);
      void work.finally(() => running.delete(work));
      return { detail: m.resetRequested };
    },
    {
      description: `Always the same answer, at once, whether or not an account uses the address; the link (single use, 30 minutes) is sent only if one does. At most ${FORGOT_MAX_PER_ADDRESS} requests per address and ${FORGOT_MAX_PER_IP} per client address in ${config.RATE_LIMIT_WINDOW_MINUTES} minutes, counted alike for every address (429 with Retry-After). 409 when the server has no SMTP_URL (it sends no e-mail).`,
    },
  );

  route(app, api.accountEmail.resetPassword, async (request) => {
    await take([linksByIp(request.ip)], 'Too many links tried from your address.');
    await emails.resetPassword(request.body, request.ip);
    return { detail: m.passwordReset };
  });
};
