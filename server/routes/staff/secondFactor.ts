import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { accountHistory } from '../../auth/accountHistory.js';
import { assertAccountNotDelayed, clearFailures, type AttemptKey } from '../../auth/rateLimit.js';
import {
  CHALLENGE_COOKIE,
  clearChallengeCookie,
  failChallenge,
  findChallenge,
  spendChallenge,
  type ChallengePurpose,
} from '../../auth/twoFactor/challenges.js';
import {
  completeEnrolment,
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
import { body, data, expiresIn, id, password, type Api } from '../schemas.js';
import { accountEvent, enrolment, enrolmentCompleted, recoveryCodes, secondFactorStatus as statusSchema } from '../schemas/secondFactor.js';
import { record } from '../scopes.js';
import { signedInStaff } from '../../plugins/access.js';
import { startSession } from '../sessionRoutes.js';
import { confirmIdentity, wrongCode } from './confirmIdentity.js';
import { countFailedSignIn } from './signInFailures.js';

/** A code as typed: six digits from the app, or a recovery code; spaces and dashes allowed. */
const code = Type.String({ minLength: 1, maxLength: 40 });
const userParams = Type.Object({ id });
/** What confirms a change of one's own second factor: the password, or a current code from the app. */
const proof = body({ password, code }, []);

const challengeExpired = () => new AppError(401, 'errors.challenge_expired');

/**
 * Staff's second factor: the code after the password (or a recovery code), setting one up (at the sign-in where the
 * foundation requires one, or from the user's settings after the password again) in three steps (a new secret, a
 * first code from it that answers the recovery codes, and the user's word that they are saved, which turns it on),
 * renewing recovery codes and turning it off where allowed (each after the password or a current code), and an
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
   * Who sets up a second factor: a sign-in whose password was right where one is required (an 'enrol' challenge, which
   * is the proof), or a signed-in user from their settings (`signedIn`: the start asks them to confirm it is them).
   */
  async function enrolling(request: FastifyRequest) {
    const challengeToken = request.cookies[CHALLENGE_COOKIE];
    const challenge = challengeToken ? await findChallenge(db, challengeToken, 'enrol') : undefined;
    if (challenge) return { userId: challenge.user_id, challenge, signedIn: undefined };
    const signedIn = await signedInStaff(request);
    if (signedIn) return { userId: signedIn.staff.id, challenge: undefined, signedIn: signedIn.staff };
    throw challengeToken ? challengeExpired() : unauthenticated();
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
          'Starts setting up a second factor (an enrol challenge, or a signed-in user without one, who gives their password again): a new secret each call, as a QR code and as text',
        body: body({ password }, []),
        response: { 200: data(enrolment) },
      },
    },
    async (request) => {
      const { userId, signedIn } = await enrolling(request);
      const user = await secondFactorOf(db, userId);
      if (!user) throw unauthenticated();
      if (user.totp_secret) throw new AppError(409, 'errors.second_factor_enabled');
      if (signedIn) await confirmIdentity(app, request, signedIn, { password: request.body.data.password });
      const started = await startEnrolment(db, authKeys, user, config.productName);
      if (!started) throw new AppError(409, 'errors.second_factor_enabled');
      return { data: started };
    },
  );

  app.post(
    '/auth/second-factor/enrolment/confirm',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'Confirms the secret being set up with a code from it: ten recovery codes, shown once; the second factor stays off until the user says they are saved (…/enrolment/complete)',
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
      if (user.totp_pending_confirmed_at) throw new AppError(409, 'errors.second_factor_code_confirmed');
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
      return { data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/auth/second-factor/enrolment/complete',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'The user has saved the recovery codes (codes_saved: true): the second factor set up is on; at a sign-in the challenge is spent and the session cookie set',
        body: body({ codes_saved: Type.Boolean() }),
        response: { 200: data(enrolmentCompleted) },
      },
    },
    async (request, reply) => {
      const { userId, challenge } = await enrolling(request);
      if (!request.body.data.codes_saved)
        throw invalid({ codes_saved: ['errors.recovery_codes_not_saved'] }, 'errors.recovery_codes_not_saved');
      const user = await secondFactorOf(db, userId);
      if (!user) throw unauthenticated();
      if (user.totp_secret) throw new AppError(409, 'errors.second_factor_enabled');
      if (!user.totp_pending_confirmed_at) throw new AppError(409, 'errors.second_factor_code_not_confirmed');
      // The challenge is spent in the transaction that turns the factor on: both or neither.
      const outcome = await db.transaction().execute(async (trx) => {
        if (challenge && !(await spendChallenge(trx, challenge.id))) return 'expired';
        if (!(await completeEnrolment(trx, userId))) throw new AppError(409, 'errors.second_factor_code_not_confirmed');
        return 'on';
      });
      if (challenge) clearChallengeCookie(reply);
      if (outcome === 'expired') throw challengeExpired();
      if (!challenge) return { data: {} };
      return startSession(app, 'staff', reply, userId);
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
        summary: 'Ten new recovery codes for the password or a current code (the old ones stop working)',
        body: proof,
        response: { 200: data(recoveryCodes) },
      },
    },
    async (request) => {
      const staff = request.staff!;
      const user = await secondFactorOf(db, staff.id);
      if (!user?.totp_secret) throw new AppError(409, 'errors.second_factor_not_enabled');
      await confirmIdentity(app, request, staff, request.body.data);
      return { data: { recovery_codes: await newRecoveryCodes(db, staff.id) } };
    },
  );

  app.delete(
    '/auth/second-factor',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Turns the second factor off with the password or a current code, where the foundation does not require one (else 409)',
        body: proof,
      },
    },
    async (request, reply) => {
      if (config.staffTwoFactor === 'required') throw new AppError(409, 'errors.second_factor_required');
      const staff = request.staff!;
      const user = await secondFactorOf(db, staff.id);
      if (!user?.totp_secret) throw new AppError(409, 'errors.second_factor_not_enabled');
      await confirmIdentity(app, request, staff, request.body.data);
      if (!(await removeSecondFactor(db, staff.id))) throw new AppError(409, 'errors.second_factor_not_enabled');
      return reply.status(204).send();
    },
  );

  const userTags = ['users'];
  const manageUser = { access: { abilities: 'manage-users' as const, scope: record('users'), reaches: 'nothing' as const } };

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
