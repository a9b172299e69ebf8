import { Type } from 'typebox';
import { hashPassword, passwordProblem } from '../../auth/passwords.js';
import { assertAddressNotLimited, assertNotLimited, recordFailure } from '../../auth/rateLimit.js';
import { resetPassword, staffForSignIn } from '../../auth/staffAccounts.js';
import { createChallenge, setChallengeCookie, type ChallengePurpose } from '../../auth/twoFactor/challenges.js';
import { AppError, invalid } from '../../errors.js';
import { body, data, email, message, password, type Api } from '../schemas.js';
import { signInStep } from '../schemas/secondFactor.js';
import { sessionRoutes } from '../sessionRoutes.js';
import { passwordAccepted } from './signInFailures.js';

/** Tries of a reset link a minute from one client address. */
const RESET_TRIES = { max: 10, seconds: 60 };

/** Staff sign-in (its second factor: secondFactor.ts), session refresh, sign-out and password reset by e-mailed link. */
export default async function authRoutes(app: Api) {
  const { db, config } = app;
  const tags = ['auth'];
  const session = sessionRoutes(app, 'staff', { prefix: '/auth', tags });

  app.post(
    '/auth/login',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Staff sign-in: sets the session cookie, or the staff_challenge cookie when a second factor is asked for',
        body: body({ email, password }),
        response: { 200: data(signInStep) },
      },
    },
    async (request, reply) => {
      const { email: address, password: given } = request.body.data;
      const key = { scope: 'staff' as const, email: address, ip: request.ip };
      const user = await staffForSignIn(db, address);
      if (!(await passwordAccepted(app, key, user?.password_hash ?? null, given)) || !user) {
        throw invalid({ email: ['errors.credentials_mismatch'] }, 'errors.credentials_mismatch');
      }
      if (!user.active) throw new AppError(403, 'errors.user_disabled');
      // A second factor is asked of those who have one, and set up first where the foundation requires one.
      const secondFactor: ChallengePurpose | null = user.totp_secret ? 'verify' : config.staffTwoFactor === 'required' ? 'enrol' : null;
      if (!secondFactor) return session.start(reply, user.id);
      setChallengeCookie(reply, await createChallenge(db, user.id, secondFactor), config.production);
      return { data: { second_factor: secondFactor } };
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
      // The same work for every address, known or not: the queue looks it up and mails (its time tells nothing).
      await app.jobs.send('password-reset-request', { email: address });
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
      // Every try counts against the client address, so nobody can make the server hash (or guess links) all day.
      const key = { scope: 'reset-token' as const, email: '', ip: request.ip };
      await assertAddressNotLimited(db, key.scope, key.ip, RESET_TRIES);
      await recordFailure(db, key);
      const problem = passwordProblem(next);
      if (problem) throw invalid({ password: [problem] }, problem);
      if (next !== password_confirmation)
        throw invalid({ password_confirmation: ['errors.passwords_mismatch'] }, 'errors.passwords_mismatch');
      // The link is checked before the password is hashed (the hash is the costly part).
      await resetPassword(db, token, () => hashPassword(next));
      return { data: { message: request.t('auth.password_reset') } };
    },
  );
}
