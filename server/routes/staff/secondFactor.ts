import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { accountHistory } from '../../auth/accountHistory.js';
import { assertAccountNotDelayed, clearFailures, type AttemptKey } from '../../auth/rateLimit.js';
import { findStaffUser, sessionCookie } from '../../auth/sessions.js';
import {
  CHALLENGE_COOKIE,
  clearChallengeCookie,
  failChallenge,
  findChallenge,
  spendChallenge,
  type ChallengePurpose,
} from '../../auth/twoFactor/challenges.js';
import {
  confirmEnrolment,
  newRecoveryCodes,
  removeSecondFactor,
  secondFactorOf,
  secondFactorStatus,
  staffUserExists,
  startEnrolment,
  takeCode,
  takeRecoveryCode,
} from '../../auth/twoFactor/secondFactor.js';
import { AppError, invalid, notFound, unauthenticated } from '../../errors.js';
import { body, data, expiresIn, id, type Api } from '../schemas.js';
import { accountEvent, enrolment, recoveryCodes, secondFactorStatus as statusSchema } from '../schemas/secondFactor.js';
import { record } from '../scopes.js';
import { startSession } from '../sessionRoutes.js';
import { countFailedSignIn } from './signInFailures.js';

/** A code as typed: six digits from the app, or a recovery code; spaces and dashes allowed. */
const code = Type.String({ minLength: 1, maxLength: 40 });
const userParams = Type.Object({ id });

const challengeExpired = () => new AppError(401, 'errors.challenge_expired');
const wrongCode = () => invalid({ code: ['errors.second_factor_invalid'] }, 'errors.second_factor_invalid');

/**
 * Staff's second factor: the code after the password (or a recovery code), setting one up (at the sign-in where the
 * foundation requires one, or from the user's settings), renewing recovery codes, turning it off where allowed, and an
 * administrator's reset of a colleague's, with the account's history of such events.
 */
export default async function secondFactorRoutes(app: Api) {
  const { db, config, authKeys } = app;
  const tags = ['auth'];
  const attemptKey = (request: FastifyRequest, email: string): AttemptKey => ({ scope: 'staff-second-factor', email, ip: request.ip });

  /** The live challenge of the request's cookie; 401 "sign in again" (and the cookie cleared) when there is none. */
  async function challenged(request: FastifyRequest, reply: FastifyReply, purpose: ChallengePurpose) {
    const token = request.cookies[CHALLENGE_COOKIE];
    const challenge = token ? await findChallenge(db, token, purpose) : undefined;
    if (challenge) return challenge;
    clearChallengeCookie(reply);
    throw challengeExpired();
  }

  /** A wrong code against a challenge: counted for the account, and the fifth spends the challenge (401). */
  async function failedAgainst(request: FastifyRequest, reply: FastifyReply, challenge: { id: string; email: string }) {
    await countFailedSignIn(app, attemptKey(request, challenge.email));
    if (!(await failChallenge(db, challenge.id))) return;
    clearChallengeCookie(reply);
    throw challengeExpired();
  }

  /**
   * Who sets up a second factor: a sign-in whose password was right where one is required (an 'enrol' challenge), or
   * a signed-in user from their settings.
   */
  async function enrolling(request: FastifyRequest) {
    const challengeToken = request.cookies[CHALLENGE_COOKIE];
    const challenge = challengeToken ? await findChallenge(db, challengeToken, 'enrol') : undefined;
    if (challenge) return { userId: challenge.user_id, challenge };
    const sessionToken = request.cookies[sessionCookie.staff];
    const signedIn = sessionToken ? await findStaffUser(db, sessionToken) : null;
    if (signedIn) return { userId: signedIn.staff.id, challenge: undefined };
    throw challengeToken ? challengeExpired() : unauthenticated();
  }

  /** The signed-in user's current code, taken once; wrong codes count against the account as at the sign-in. */
  async function assertOwnCode(request: FastifyRequest, given: string) {
    const staff = request.staff!;
    await assertAccountNotDelayed(db, 'staff-second-factor', staff.email);
    const user = await secondFactorOf(db, staff.id);
    if (!user?.totp_secret) throw new AppError(409, 'errors.second_factor_not_enabled');
    if (await takeCode(db, authKeys, user, given, app.clock.now())) return;
    await countFailedSignIn(app, attemptKey(request, staff.email));
    throw wrongCode();
  }

  app.post(
    '/auth/second-factor',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'The second factor after the password (the staff_challenge cookie): a current code or a recovery code; sets the session cookie',
        body: body({ code, recovery_code: code }, []),
        response: { 200: expiresIn },
      },
    },
    async (request, reply) => {
      const challenge = await challenged(request, reply, 'verify');
      const { code: given, recovery_code: recovery } = request.body.data;
      // From every address and challenge together: the right code waits out the delay as well, or the delay would tell it.
      await assertAccountNotDelayed(db, 'staff-second-factor', challenge.email);
      if (given === undefined && recovery === undefined) throw invalid({ code: ['validation.required'] });
      const user = await secondFactorOf(db, challenge.user_id);
      const right =
        recovery !== undefined
          ? await takeRecoveryCode(db, challenge.user_id, recovery)
          : !!user && (await takeCode(db, authKeys, user, given!, app.clock.now()));
      if (!right) {
        await failedAgainst(request, reply, challenge);
        if (recovery !== undefined) throw invalid({ recovery_code: ['errors.recovery_code_invalid'] }, 'errors.recovery_code_invalid');
        throw wrongCode();
      }
      clearChallengeCookie(reply);
      if (!(await spendChallenge(db, challenge.id))) throw challengeExpired();
      await clearFailures(db, attemptKey(request, challenge.email));
      return startSession(app, 'staff', reply, challenge.user_id);
    },
  );

  app.post(
    '/auth/second-factor/enrolment',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'Starts setting up a second factor (an enrol challenge, or a signed-in user without one): a new secret each call, as a QR code and as text',
        response: { 200: data(enrolment) },
      },
    },
    async (request) => {
      const { userId } = await enrolling(request);
      const user = await secondFactorOf(db, userId);
      if (!user) throw unauthenticated();
      if (user.totp_secret) throw new AppError(409, 'errors.second_factor_enabled');
      return { data: await startEnrolment(db, authKeys, user, config.productName) };
    },
  );

  app.post(
    '/auth/second-factor/enrolment/confirm',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'Confirms the secret being set up with a code from it: the second factor is on, with ten recovery codes shown once; at a sign-in it also sets the session cookie',
        body: body({ code }),
        response: { 200: data(recoveryCodes) },
      },
    },
    async (request, reply) => {
      const { userId, challenge } = await enrolling(request);
      const user = await secondFactorOf(db, userId);
      if (!user) throw unauthenticated();
      if (user.totp_secret) throw new AppError(409, 'errors.second_factor_enabled');
      if (!user.totp_pending_secret) throw new AppError(409, 'errors.second_factor_not_started');
      // The code only proves the app was set up right (whoever holds the challenge holds the secret), so a mistyped
      // one is not counted against the account; the challenge still takes only so many.
      const codes = await confirmEnrolment(db, authKeys, userId, request.body.data.code, app.clock.now());
      if (!codes) {
        if (challenge && (await failChallenge(db, challenge.id))) {
          clearChallengeCookie(reply);
          throw challengeExpired();
        }
        throw wrongCode();
      }
      if (!challenge) return { data: { recovery_codes: codes } };
      clearChallengeCookie(reply);
      if (!(await spendChallenge(db, challenge.id))) throw challengeExpired();
      const session = await startSession(app, 'staff', reply, userId);
      return { data: { recovery_codes: codes, expires_in: session.data.expires_in } };
    },
  );

  app.get(
    '/auth/second-factor',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'The signed-in user’s second factor', response: { 200: data(statusSchema) } },
    },
    async (request) => ({
      data: { ...(await secondFactorStatus(db, request.staff!.id)), required: config.staffTwoFactor === 'required' },
    }),
  );

  app.post(
    '/auth/second-factor/recovery-codes',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Ten new recovery codes for a current code (the old ones stop working)',
        body: body({ code }),
        response: { 200: data(recoveryCodes) },
      },
    },
    async (request) => {
      await assertOwnCode(request, request.body.data.code);
      return { data: { recovery_codes: await newRecoveryCodes(db, request.staff!.id) } };
    },
  );

  app.delete(
    '/auth/second-factor',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Turns the second factor off with a current code, where the foundation does not require one (else 409)',
        body: body({ code }),
      },
    },
    async (request, reply) => {
      if (config.staffTwoFactor === 'required') throw new AppError(409, 'errors.second_factor_required');
      await assertOwnCode(request, request.body.data.code);
      await removeSecondFactor(db, request.staff!.id);
      return reply.status(204).send();
    },
  );

  const userTags = ['users'];
  const manageUser = { access: { abilities: 'manage-users' as const, scope: record('users') } };

  app.delete(
    '/users/:id/second-factor',
    {
      config: manageUser,
      schema: {
        tags: userTags,
        summary: 'Resets a colleague’s second factor (not one’s own): it and the recovery codes go, their sessions end',
        params: userParams,
      },
    },
    async (request, reply) => {
      const { id: userId } = request.params;
      if (userId === request.staff!.id) throw new AppError(409, 'errors.second_factor_reset_own');
      if (!(await staffUserExists(db, userId))) throw notFound();
      if (!(await removeSecondFactor(db, userId, request.staff!.id))) throw new AppError(409, 'errors.second_factor_not_enabled');
      return reply.status(204).send();
    },
  );

  app.get(
    '/users/:id/account-history',
    {
      config: manageUser,
      schema: {
        tags: userTags,
        summary: 'A staff account’s sign-in security events, newest first',
        params: userParams,
        response: { 200: data(Type.Array(accountEvent)) },
      },
    },
    async (request) => {
      const { id: userId } = request.params;
      if (!(await staffUserExists(db, userId))) throw notFound();
      const events = await accountHistory(db, userId);
      return { data: events.map((event) => ({ ...event, id: Number(event.id) })) };
    },
  );
}
