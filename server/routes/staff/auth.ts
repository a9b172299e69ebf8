import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from '../../auth/passwords.js';
import { assertNotLimited, clearFailures, recordFailure } from '../../auth/rateLimit.js';
import { createSession, deleteSession, extendSession, sessionCookie, setSessionCookie } from '../../auth/sessions.js';
import { sendPasswordLink } from '../../auth/passwordLinks.js';
import { activeStaffByEmail, resetPassword, staffForSignIn } from '../../auth/staffAccounts.js';
import { AppError, invalid } from '../../errors.js';
import { body, email, expiresIn, message, password, type Api } from '../schemas.js';

/** Staff sign-in, session refresh, sign-out and password reset by e-mailed link (DESIGN.md §5). */
export default async function authRoutes(app: Api) {
  const { db, config } = app;
  const lifetime = config.sessionLifetimeMinutes * 60;
  const setCookie = (reply: FastifyReply, token: string) => setSessionCookie(reply, 'staff', token, lifetime, config.production);
  const tags = ['auth'];

  app.post(
    '/auth/login',
    {
      config: { access: 'anonymous' },
      schema: { tags, summary: 'Staff sign-in; sets the session cookie', body: body({ email, password }), response: { 200: expiresIn } },
    },
    async (request, reply) => {
      const { email: address, password: given } = request.body.data;
      const key = { scope: 'staff' as const, email: address, ip: request.ip };
      await assertNotLimited(db, key);
      const user = await staffForSignIn(db, address);
      if (!(await verifyPassword(user?.password_hash ?? null, given)) || !user) {
        await recordFailure(db, key);
        throw invalid({ email: ['errors.credentials_mismatch'] }, 'errors.credentials_mismatch');
      }
      if (!user.active) throw new AppError(403, 'errors.user_disabled');
      await clearFailures(db, key);
      setCookie(reply, await createSession(db, 'staff', user.id, lifetime));
      return { data: { expires_in: lifetime } };
    },
  );

  app.post(
    '/auth/refresh',
    { config: { access: 'staff' }, schema: { tags, summary: 'Extends the staff session', response: { 200: expiresIn } } },
    async (request, reply) => {
      const token = request.cookies[sessionCookie.staff]!;
      await extendSession(db, token, lifetime);
      setCookie(reply, token);
      return { data: { expires_in: lifetime } };
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'anonymous' }, schema: { tags, summary: 'Ends the staff session (always answers 204)' } },
    async (request, reply) => {
      const token = request.cookies[sessionCookie.staff];
      if (token) await deleteSession(db, token);
      reply.clearCookie(sessionCookie.staff, { path: '/' });
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'E-mails a password reset link; never says whether the address is known',
        body: body({ email }),
        response: { 200: message },
      },
    },
    async (request) => {
      const address = request.body.data.email.trim().toLowerCase();
      const key = { scope: 'password-reset' as const, email: address, ip: request.ip };
      await assertNotLimited(db, key);
      // Every request counts, so nobody can flood an inbox.
      await recordFailure(db, key);
      const user = await activeStaffByEmail(db, address);
      if (user) {
        try {
          await sendPasswordLink(db, app.mailer, user, {
            publicUrl: config.publicUrl,
            minutes: config.passwordResetMinutes,
            template: 'password_reset',
          });
        } catch (error) {
          request.log.error({ err: error }, 'could not queue the reset mail');
          throw new AppError(500, 'errors.reset_mail_failed');
        }
      }
      return { data: { message: request.t('auth.reset_link_sent') } };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Sets a new password with a reset link; ends the user’s sessions',
        body: body({ token: Type.String({ minLength: 1, maxLength: 200 }), password, password_confirmation: password }),
        response: { 200: message },
      },
    },
    async (request) => {
      const { token, password: next, password_confirmation } = request.body.data;
      if (next.length < PASSWORD_MIN_LENGTH) throw invalid({ password: ['errors.weak_password'] }, 'errors.weak_password');
      if (next !== password_confirmation)
        throw invalid({ password_confirmation: ['errors.passwords_mismatch'] }, 'errors.passwords_mismatch');
      const passwordHash = await hashPassword(next);
      await resetPassword(db, token, passwordHash);
      return { data: { message: request.t('auth.password_reset') } };
    },
  );
}
