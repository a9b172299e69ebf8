import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../tokens.js';
import * as secondFactorConfirmation from '../../db/migrations/0033_second_factor_confirmation.js';
import { startOidcServer, type OidcServer } from '../../test/oidcServer.js';
import { call, createStaff, createTestApp, expectAccountDelayed, login, PASSWORD, type TestApp } from '../../test/testApp.js';

// Staff's second factor through the API, as the admin uses it, on a clock the test moves a 30-second step at a time
// (each code a step of its own, as a person typing a code a while after the last).

let t: TestApp;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const en = { 'accept-language': 'en-US,en;q=0.9' };

beforeAll(async () => {
  t = await createTestApp({ clock, config: { staffTwoFactor: 'required' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('login_attempts').execute();
});

const newEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@test.se`;

/** The code an authenticator app with this secret shows on the next time step. */
async function nextCode(secret: string): Promise<string> {
  offset += 30_000;
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}
/** A code that is not the one the app shows now. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name);
/** The challenge cookie a sign-in set, for the calls that follow it. */
const challengeOf = (response: LightMyRequestResponse) => `staff_challenge=${cookieOf(response, 'staff_challenge')!.value}`;
const sessionOf = (response: LightMyRequestResponse) => `staff_session=${cookieOf(response, 'staff_session')!.value}`;

const signIn = (email: string, remoteAddress?: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { data: { email, password: PASSWORD } } });
const verify = (
  cookie: string,
  data: { code?: string; recovery_code?: string },
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) => call(t.app, { method: 'POST', url: '/api/v1/auth/second-factor', cookie, payload: { data }, ...options });
/** Starting an enrolment: at a sign-in the challenge is the proof; from the settings the password is given again. */
const startEnrolment = (cookie: string, data: { password?: string } = {}, app = t.app, headers = {}) =>
  call(app, { method: 'POST', url: '/api/v1/auth/second-factor/enrolment', cookie, headers, payload: { data } });
const confirm = (cookie: string, code: string, headers = {}, app = t.app) =>
  call(app, { method: 'POST', url: '/api/v1/auth/second-factor/enrolment/confirm', cookie, headers, payload: { data: { code } } });
/** The user's word that the recovery codes are saved, which turns the factor on. */
const complete = (cookie: string, codesSaved = true, app = t.app, headers = {}) =>
  call(app, {
    method: 'POST',
    url: '/api/v1/auth/second-factor/enrolment/complete',
    cookie,
    headers,
    payload: { data: { codes_saved: codesSaved } },
  });
const me = (cookie: string, app = t.app) => call(app, { method: 'GET', url: '/api/v1/users/me', cookie });
const historyOf = (cookie: string, userId: number, app = t.app) =>
  call(app, { method: 'GET', url: `/api/v1/users/${userId}/account-history`, cookie });
const eventsOf = async (cookie: string, userId: number, app = t.app) =>
  (await historyOf(cookie, userId, app)).json().data.map((e: { event: string }) => e.event) as string[];
const statusOf = async (cookie: string, app = t.app) =>
  (await call(app, { method: 'GET', url: '/api/v1/auth/second-factor', cookie })).json().data;
const renew = (cookie: string, data: { code?: string; password?: string }, app = t.app, headers = {}) =>
  call(app, { method: 'POST', url: '/api/v1/auth/second-factor/recovery-codes', cookie, headers, payload: { data } });
const turnOff = (cookie: string, data: { code?: string; password?: string }, app = t.app, headers = {}) =>
  call(app, { method: 'DELETE', url: '/api/v1/auth/second-factor', cookie, headers, payload: { data } });
/** The failed sign-ins counted against the account, per scope. */
const failuresOf = async (db: TestApp['db'], email: string) =>
  (await db.selectFrom('login_attempts').select('scope').where('email', '=', email).execute()).map((row) => row.scope);

/** A staff user who has set up their second factor at their first sign-in: their secret, recovery codes and session. */
async function enrolled(role: 'admin' | 'utredare', email = newEmail(role)) {
  const id = await createStaff(t.db, role, email);
  const challenge = challengeOf(await signIn(email));
  const { secret } = (await startEnrolment(challenge)).json().data as { secret: string };
  const confirmed = await confirm(challenge, await nextCode(secret));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const completed = await complete(challenge);
  expect(completed.statusCode, completed.body).toBe(200);
  return { id, email, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[], cookie: sessionOf(completed) };
}

describe('setting up the second factor at the first sign-in, where it is required', () => {
  it('asks for it after the password, gives a QR code and secret; a code gives recovery codes, and saving them a session', async () => {
    const email = newEmail('forsta');
    const id = await createStaff(t.db, 'utredare', email);
    const signedIn = await signIn(email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ data: { second_factor: 'enrol' } });
    expect(cookieOf(signedIn, 'staff_session')).toBeUndefined();
    expect(cookieOf(signedIn, 'staff_challenge')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 600 });
    const challenge = challengeOf(signedIn);
    // The password alone is no session.
    expect((await me(challenge)).statusCode).toBe(401);

    const started = await startEnrolment(challenge);
    expect(started.statusCode, started.body).toBe(200);
    const { qr_svg, secret, uri } = started.json().data as { qr_svg: string; secret: string; uri: string };
    expect(qr_svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The product as the issuer and the e-mail as the account, as the authenticator app lists it.
    expect(decodeURIComponent(uri.split('?')[0])).toBe(`otpauth://totp/Ansökningsportalen:${email}`);
    const query = new URLSearchParams(uri.split('?')[1]);
    expect(query.get('secret')).toBe(secret);
    expect(query.get('issuer')).toBe('Ansökningsportalen');

    const mistyped = await confirm(challenge, wrong(await nextCode(secret)));
    expect(mistyped.statusCode).toBe(422);
    expect(mistyped.json()).toEqual({
      message: 'Koden stämmer inte. Ange den sexsiffriga kod som din autentiseringsapp visar just nu.',
      errors: { code: ['Koden stämmer inte. Ange den sexsiffriga kod som din autentiseringsapp visar just nu.'] },
    });

    const confirmed = await confirm(challenge, await nextCode(secret));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recovery_codes } = confirmed.json().data as { recovery_codes: string[] };
    expect(Object.keys(confirmed.json().data)).toEqual(['recovery_codes']);
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(recovery_codes).size).toBe(10);
    // The codes are shown, but nothing is on and nobody is signed in until the user says they are saved.
    expect(cookieOf(confirmed, 'staff_session')).toBeUndefined();
    expect(cookieOf(confirmed, 'staff_challenge')).toBeUndefined();
    expect((await t.db.selectFrom('users').select('second_factor').where('id', '=', id).executeTakeFirstOrThrow()).second_factor).toBe(
      false,
    );
    const unticked = await complete(challenge, false);
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json()).toEqual({
      message: 'Spara återställningskoderna och bekräfta att du har gjort det.',
      errors: { codes_saved: ['Spara återställningskoderna och bekräfta att du har gjort det.'] },
    });
    expect(cookieOf(unticked, 'staff_session')).toBeUndefined();

    const completed = await complete(challenge);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toEqual({ data: { expires_in: t.config.sessionLifetimeMinutes * 60 } });
    expect(cookieOf(completed, 'staff_challenge')?.value).toBe('');
    const session = sessionOf(completed);
    expect((await me(session)).json().data.email).toBe(email);
    // The challenge is spent with the enrolment.
    expect((await startEnrolment(challenge)).statusCode).toBe(401);
    expect((await complete(challenge)).statusCode).toBe(401);

    const status = await call(t.app, { method: 'GET', url: '/api/v1/auth/second-factor', cookie: session });
    expect(status.json().data).toMatchObject({ enabled: true, recovery_codes_left: 10, required: true });
    expect(Date.parse(status.json().data.enabled_at)).toBeGreaterThan(Date.now() - 60_000);
    const admin = await enrolled('admin');
    expect((await historyOf(admin.cookie, id)).json().data).toEqual([
      { id: expect.any(Number), event: 'second_factor_enrolled', actor_name: null, created_at: expect.any(String) },
      { id: expect.any(Number), event: 'second_factor_enrolment_started', actor_name: null, created_at: expect.any(String) },
    ]);
  });

  it('a sign-in whose enrolment stopped before the codes were saved has no session, and nothing is on', async () => {
    const email = newEmail('avbruten');
    const id = await createStaff(t.db, 'utredare', email);
    const challenge = challengeOf(await signIn(email));
    const { secret } = (await startEnrolment(challenge)).json().data as { secret: string };
    const confirmed = await confirm(challenge, await nextCode(secret));
    const shownCodes = confirmed.json().data.recovery_codes as string[];
    expect(cookieOf(confirmed, 'staff_session')).toBeUndefined();
    expect((await me(challenge)).statusCode).toBe(401);
    // A second confirmation of the code is not another way in.
    const again = await confirm(challenge, await nextCode(secret));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Koden från appen är redan bekräftad. Bekräfta att du har sparat återställningskoderna, eller börja om.',
    );

    // The person leaves; the challenge runs out. The saved-codes step then turns nothing on.
    await t.db
      .updateTable('sign_in_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', id)
      .execute();
    const late = await complete(challenge);
    expect(late.statusCode).toBe(401);
    expect(cookieOf(late, 'staff_session')).toBeUndefined();
    const user = await t.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_enabled_at', 'second_factor'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ totp_secret: null, totp_enabled_at: null, second_factor: false });

    // The next sign-in sets it up again from a new secret, and the codes shown before are none of its.
    const nextSignIn = await signIn(email);
    expect(nextSignIn.json()).toEqual({ data: { second_factor: 'enrol' } });
    const fresh = challengeOf(nextSignIn);
    expect((await verify(fresh, { recovery_code: shownCodes[0] })).statusCode).toBe(401);
    const restarted = (await startEnrolment(fresh)).json().data as { secret: string };
    expect(restarted.secret).not.toBe(secret);
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect((await complete(fresh)).statusCode).toBe(409);
    const admin = await enrolled('admin');
    expect(await eventsOf(admin.cookie, id)).toEqual(['second_factor_enrolment_started', 'second_factor_enrolment_started']);
  });

  it('keeps the secret sealed: the database holds neither it nor the recovery codes in clear', async () => {
    const email = newEmail('sigill');
    await createStaff(t.db, 'utredare', email);
    const challenge = challengeOf(await signIn(email));
    const { secret } = (await startEnrolment(challenge)).json().data as { secret: string };
    const pending = await t.db
      .selectFrom('users')
      .select(['totp_pending_secret', 'totp_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(pending.totp_secret).toBeNull();
    expect(pending.totp_pending_secret).not.toContain(secret);
    const { recovery_codes } = (await confirm(challenge, await nextCode(secret))).json().data as { recovery_codes: string[] };
    // Confirmed by its code, still pending until the codes are saved.
    const confirmed = await t.db
      .selectFrom('users')
      .select(['totp_pending_secret', 'totp_pending_confirmed_at', 'totp_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(confirmed.totp_secret).toBeNull();
    expect(confirmed.totp_pending_secret).toBe(pending.totp_pending_secret);
    expect(confirmed.totp_pending_confirmed_at).toBeInstanceOf(Date);
    expect((await complete(challenge)).statusCode).toBe(200);

    const user = await t.db
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret', 'totp_pending_confirmed_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.totp_pending_secret).toBeNull();
    expect(user.totp_pending_confirmed_at).toBeNull();
    expect(user.totp_secret).not.toContain(secret);
    expect(user.totp_secret).not.toContain(secret.toLowerCase());
    expect(t.app.authKeys.open(user.totp_secret!)).toBe(secret);
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.code_hash.toString('hex'));
    for (const code of recovery_codes) expect(hashes).toContain(hashToken(code.replace('-', '')).toString('hex'));
  });

  it('refuses an enrolment without a sign-in, and a second one once the factor is on', async () => {
    const anonymous = await startEnrolment('');
    expect(anonymous.statusCode).toBe(401);
    expect((await startEnrolment('staff_challenge=not-a-challenge')).json().message).toBe(
      'Inloggningen har gått ut. Logga in igen med e-postadress och lösenord.',
    );
    const { cookie } = await enrolled('utredare');
    const again = await startEnrolment(cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Tvåfaktorinloggning är redan påslagen för kontot.');
  });
});

describe('signing in with the second factor', () => {
  it('asks for a code; a right one signs in, and the same code is refused a second time', async () => {
    const user = await enrolled('utredare');
    const first = await signIn(user.email);
    expect(first.json()).toEqual({ data: { second_factor: 'verify' } });
    expect(cookieOf(first, 'staff_session')).toBeUndefined();
    const code = await nextCode(user.secret);
    const signedIn = await verify(challengeOf(first), { code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ data: { expires_in: t.config.sessionLifetimeMinutes * 60 } });
    expect(cookieOf(signedIn, 'staff_challenge')?.value).toBe('');
    expect((await me(sessionOf(signedIn))).statusCode).toBe(200);

    // Someone who saw the code (and knows the password) cannot use it again.
    const replayed = await verify(challengeOf(await signIn(user.email)), { code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({
      code: ['Koden stämmer inte. Ange den sexsiffriga kod som din autentiseringsapp visar just nu.'],
    });
    expect(cookieOf(replayed, 'staff_session')).toBeUndefined();
  });

  it('refuses a wrong code in Swedish and English, and the fifth ends the sign-in', async () => {
    const user = await enrolled('utredare');
    const challenge = challengeOf(await signIn(user.email));
    const code = await nextCode(user.secret);
    const sv = await verify(challenge, { code: wrong(code) });
    expect(sv.statusCode).toBe(422);
    expect(sv.json().message).toBe('Koden stämmer inte. Ange den sexsiffriga kod som din autentiseringsapp visar just nu.');
    const english = await verify(challenge, { code: wrong(code) }, { headers: en });
    expect(english.json()).toEqual({
      message: 'The code is not correct. Enter the six-digit code your authenticator app shows right now.',
      errors: { code: ['The code is not correct. Enter the six-digit code your authenticator app shows right now.'] },
    });
    // What is no six-digit code is a wrong one too.
    expect((await verify(challenge, { code: 'abc' })).statusCode).toBe(422);
    expect((await verify(challenge, { code: wrong(code) })).statusCode).toBe(422);
    const fifth = await verify(challenge, { code: wrong(code) });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toEqual({ message: 'Inloggningen har gått ut. Logga in igen med e-postadress och lösenord.' });
    expect(cookieOf(fifth, 'staff_challenge')?.value).toBe('');
    // Spent: even the right code needs the password again.
    expect((await verify(challenge, { code })).statusCode).toBe(401);
    const again = await verify(challengeOf(await signIn(user.email)), { code });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('asks for a code or a recovery code, and refuses a challenge that has run out', async () => {
    const user = await enrolled('utredare');
    const challenge = challengeOf(await signIn(user.email));
    const empty = await verify(challenge, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ code: ['Fältet kod är obligatoriskt.'] });
    await t.db
      .updateTable('sign_in_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    const late = await verify(challenge, { code: await nextCode(user.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Inloggningen har gått ut. Logga in igen med e-postadress och lösenord.');
    expect((await verify('', { code: '123456' })).statusCode).toBe(401);
  });

  it('takes a recovery code once, as typed in any case and without its dash', async () => {
    const user = await enrolled('utredare');
    const [recovery] = user.recoveryCodes;
    const typed = recovery.replace('-', '').toUpperCase();
    const signedIn = await verify(challengeOf(await signIn(user.email)), { recovery_code: typed });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = sessionOf(signedIn);

    const reused = await verify(challengeOf(await signIn(user.email)), { recovery_code: recovery });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: 'Återställningskoden stämmer inte eller har redan använts.',
      errors: { recovery_code: ['Återställningskoden stämmer inte eller har redan använts.'] },
    });
    const status = await call(t.app, { method: 'GET', url: '/api/v1/auth/second-factor', cookie: session });
    expect(status.json().data.recovery_codes_left).toBe(9);
    const admin = await enrolled('admin');
    expect((await historyOf(admin.cookie, user.id)).json().data.map((e: { event: string }) => e.event)).toEqual([
      'recovery_code_used',
      'second_factor_enrolled',
      'second_factor_enrolment_started',
    ]);
  });
});

describe('the user’s own second factor', () => {
  it('renews the recovery codes for a current code, and the old ones stop working', async () => {
    const user = await enrolled('utredare');
    const refused = await renew(user.cookie, { code: wrong(await nextCode(user.secret)) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      code: ['Koden stämmer inte. Ange den sexsiffriga kod som din autentiseringsapp visar just nu.'],
    });
    const renewed = await renew(user.cookie, { code: await nextCode(user.secret) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => user.recoveryCodes.includes(code))).toEqual([]);

    expect((await verify(challengeOf(await signIn(user.email)), { recovery_code: user.recoveryCodes[3] })).statusCode).toBe(422);
    expect((await verify(challengeOf(await signIn(user.email)), { recovery_code: fresh[3] })).statusCode).toBe(200);
    const admin = await enrolled('admin');
    expect(await eventsOf(admin.cookie, user.id)).toEqual([
      'recovery_code_used',
      'recovery_codes_renewed',
      'security_confirmation_failed',
      'second_factor_enrolled',
      'second_factor_enrolment_started',
    ]);
  });

  it('renews them for the password instead; none given, or a wrong one, renews nothing, and a wrong one is counted', async () => {
    const user = await enrolled('utredare');
    const codesOf = () => t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    const before = await codesOf();

    const none = await renew(user.cookie, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ code: ['Fältet kod är obligatoriskt.'] });
    const wrongPassword = await renew(user.cookie, { password: 'not-the-password' }, t.app, en);
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual({
      message: 'The password is not correct.',
      errors: { password: ['The password is not correct.'] },
    });
    expect(await codesOf()).toEqual(before);
    // Counted as a failed sign-in of the account, as the sign-in form counts one.
    expect(await failuresOf(t.db, user.email)).toEqual(['staff']);

    const renewed = await renew(user.cookie, { password: PASSWORD });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.recovery_codes).toHaveLength(10);
    expect((await verify(challengeOf(await signIn(user.email)), { recovery_code: user.recoveryCodes[0] })).statusCode).toBe(422);
    const admin = await enrolled('admin');
    expect((await eventsOf(admin.cookie, user.id)).slice(0, 2)).toEqual(['recovery_codes_renewed', 'security_confirmation_failed']);
  });

  it('cannot be turned off where the foundation requires it', async () => {
    const user = await enrolled('utredare');
    const off = await turnOff(user.cookie, { code: await nextCode(user.secret) });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Stiftelsen kräver tvåfaktorinloggning, så den kan inte stängas av.');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/second-factor', cookie: user.cookie })).json().data.enabled).toBe(true);
  });
});

describe('an administrator’s reset of a colleague’s second factor', () => {
  const reset = (cookie: string, userId: number) => call(t.app, { method: 'DELETE', url: `/api/v1/users/${userId}/second-factor`, cookie });

  it('takes it away and ends their sessions; the history names the administrator; they set one up again', async () => {
    const admin = await enrolled('admin');
    const colleague = await enrolled('utredare');
    const newcomer = await createStaff(t.db, 'utredare', newEmail('ny'));
    expect((await me(colleague.cookie)).statusCode).toBe(200);
    // The users list and record say who has one.
    const record = () => call(t.app, { method: 'GET', url: `/api/v1/users/${colleague.id}`, cookie: admin.cookie });
    const withFactor = async () =>
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/v1/users?id[]=${colleague.id}&id[]=${newcomer}&second_factor[]=true`,
          cookie: admin.cookie,
        })
      )
        .json()
        .data.data.map((user: { id: number }) => user.id);
    expect((await record()).json().data.second_factor).toBe(true);
    expect(await withFactor()).toEqual([colleague.id]);

    const done = await reset(admin.cookie, colleague.id);
    expect(done.statusCode, done.body).toBe(204);
    await expect.poll(async () => (await me(colleague.cookie)).statusCode, { timeout: 5_000, interval: 100 }).toBe(401);
    const history = (await historyOf(admin.cookie, colleague.id)).json().data;
    expect(history[0]).toEqual({
      id: expect.any(Number),
      event: 'second_factor_reset',
      actor_name: 'Anna Test',
      created_at: expect.any(String),
    });
    expect(history.map((e: { event: string }) => e.event)).toEqual([
      'second_factor_reset',
      'second_factor_enrolled',
      'second_factor_enrolment_started',
    ]);
    // The recovery codes went with it, and the next sign-in sets a new factor up.
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', colleague.id).execute()).toEqual([]);
    expect((await signIn(colleague.email)).json()).toEqual({ data: { second_factor: 'enrol' } });
    expect((await record()).json().data.second_factor).toBe(false);
    expect(await withFactor()).toEqual([]);
    // Nothing left to reset.
    expect((await reset(admin.cookie, colleague.id)).statusCode).toBe(409);
  });

  it('is for those who manage users, never of one’s own, and of a user who exists', async () => {
    const admin = await enrolled('admin');
    const colleague = await enrolled('utredare');
    const byInvestigator = await reset(colleague.cookie, admin.id);
    expect(byInvestigator.statusCode).toBe(403);
    expect((await historyOf(colleague.cookie, colleague.id)).statusCode).toBe(403);
    const own = await reset(admin.cookie, admin.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('Du kan inte återställa din egen tvåfaktorinloggning. Be en annan administratör om hjälp.');
    expect((await reset(admin.cookie, 2_000_000_000)).statusCode).toBe(404);
    expect((await historyOf(admin.cookie, 2_000_000_000)).statusCode).toBe(404);
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });
});

describe('wrong codes to one account from many addresses and sign-ins', () => {
  it('delay the account after ten, mail its owner once, and the delay ends', async () => {
    const user = await enrolled('utredare');
    const before = await t.db.selectFrom('outbox').select('id').where('recipient', '=', user.email).execute();
    const code = await nextCode(user.secret);
    // Three sign-ins from three addresses: four, four and two wrong codes.
    let challenge = '';
    for (const [i, tries] of [4, 4, 2].entries()) {
      const from = `203.0.113.${i + 1}`;
      challenge = challengeOf(await signIn(user.email, from));
      for (let j = 0; j < tries; j++)
        expect((await verify(challenge, { code: wrong(code) }, { remoteAddress: from })).statusCode).toBe(422);
    }
    // The right code from yet another address waits too: nothing is signed in.
    const delayed = await verify(challenge, { code }, { remoteAddress: '203.0.113.99' });
    expectAccountDelayed(delayed);
    expect(cookieOf(delayed, 'staff_session')).toBeUndefined();

    // The owner hears of it once, however many more fail (each after its delay).
    const mails = () =>
      t.db
        .selectFrom('outbox')
        .select(['subject', 'body_text'])
        .where('recipient', '=', user.email)
        .orderBy('id')
        .offset(before.length)
        .execute();
    const waited = () =>
      t.db
        .updateTable('login_attempts')
        .set({ attempted_at: sql<Date>`attempted_at - interval '2 minutes'` } as never)
        .where('email', '=', user.email)
        .execute();
    for (let i = 0; i < 2; i++) {
      await waited();
      expect((await verify(challenge, { code: wrong(code) }, { remoteAddress: `198.51.100.${i}` })).statusCode).toBe(422);
    }
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Fel engångskoder på ditt konto – Ansökningsportalen');
    expect(sent[0].body_text).toContain('http://localhost:3000/admin/forgot-password');

    // Once the failures have left the window, the right code signs in.
    await t.db
      .updateTable('login_attempts')
      .set({ attempted_at: sql<Date>`attempted_at - interval '16 minutes'` } as never)
      .where('email', '=', user.email)
      .execute();
    const signedIn = await verify(challenge, { code: await nextCode(user.secret) }, { remoteAddress: '203.0.113.99' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await mails()).toHaveLength(1);
  });
});

describe('where the second factor is optional', () => {
  let o: TestApp;
  let admin: string;
  beforeAll(async () => {
    o = await createTestApp({ clock, config: { staffTwoFactor: 'optional' } });
    const adminEmail = newEmail('admin');
    await createStaff(o.db, 'admin', adminEmail);
    admin = sessionOf(await login(o.app, adminEmail));
  });
  afterAll(() => o.close());

  /** A staff user signed in with the password alone: their id, address and session. */
  async function signedIn(name: string) {
    const email = newEmail(name);
    const id = await createStaff(o.db, 'utredare', email);
    const answer = await login(o.app, email);
    expect(answer.json()).toEqual({ data: { expires_in: o.config.sessionLifetimeMinutes * 60 } });
    return { id, email, session: sessionOf(answer) };
  }
  const pendingOf = async (id: number) =>
    (await o.db.selectFrom('users').select('totp_pending_secret').where('id', '=', id).executeTakeFirstOrThrow()).totp_pending_secret;

  it('a user turns it on from their settings with the password again, and it is on only once the codes are saved', async () => {
    const { id, email, session } = await signedIn('valfri');
    expect(await statusOf(session, o.app)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      has_password: true,
      required: false,
    });

    // The session alone starts nothing.
    const without = await startEnrolment(session, {}, o.app);
    expect(without.statusCode).toBe(422);
    expect(without.json()).toEqual({
      message: 'De angivna uppgifterna var ogiltiga.',
      errors: { password: ['Fältet lösenord är obligatoriskt.'] },
    });
    const mistaken = await startEnrolment(session, { password: 'fel-losenord' }, o.app);
    expect(mistaken.statusCode).toBe(422);
    expect(mistaken.json()).toEqual({ message: 'Lösenordet stämmer inte.', errors: { password: ['Lösenordet stämmer inte.'] } });
    expect(await pendingOf(id)).toBeNull();
    expect(await failuresOf(o.db, email)).toEqual(['staff']);

    const started = await startEnrolment(session, { password: PASSWORD }, o.app);
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json().data as { secret: string };
    expect(await pendingOf(id)).not.toBeNull();
    const early = await complete(session, true, o.app);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Ange först koden från autentiseringsappen.');

    const confirmed = await confirm(session, await nextCode(secret), {}, o.app);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(Object.keys(confirmed.json().data)).toEqual(['recovery_codes']);
    expect(cookieOf(confirmed, 'staff_session')).toBeUndefined();
    // Codes shown, not yet saved: still off, and the password alone still signs in.
    expect(await statusOf(session, o.app)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await login(o.app, email)).json()).toEqual({ data: { expires_in: o.config.sessionLifetimeMinutes * 60 } });
    const unticked = await complete(session, false, o.app, en);
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().errors).toEqual({ codes_saved: ['Save the recovery codes and confirm that you have.'] });
    expect((await statusOf(session, o.app)).enabled).toBe(false);

    const completed = await complete(session, true, o.app);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toEqual({ data: {} });
    expect(cookieOf(completed, 'staff_session')).toBeUndefined();
    expect(await statusOf(session, o.app)).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await login(o.app, email)).json()).toEqual({ data: { second_factor: 'verify' } });
    expect((await startEnrolment(session, { password: PASSWORD }, o.app)).statusCode).toBe(409);
    expect(await eventsOf(admin, id, o.app)).toEqual([
      'second_factor_enrolled',
      'second_factor_enrolment_started',
      'security_confirmation_failed',
    ]);
  });

  it('wrong passwords given to turn it on count as failed sign-ins: after ten the account waits, at the sign-in too', async () => {
    const { id, email, session } = await signedIn('kapad');
    // Ten wrong from three addresses (each address takes five a minute).
    for (const [i, tries] of [4, 4, 2].entries()) {
      const from = `203.0.113.${i + 11}`;
      for (let j = 0; j < tries; j++) {
        const answer = await call(o.app, {
          method: 'POST',
          url: '/api/v1/auth/second-factor/enrolment',
          cookie: session,
          remoteAddress: from,
          payload: { data: { password: `gissning-${i}-${j}` } },
        });
        expect(answer.statusCode, answer.body).toBe(422);
      }
    }
    expect(await failuresOf(o.db, email)).toEqual(Array(10).fill('staff'));
    // The right password waits too, here and at the sign-in form, from any address.
    const delayed = await call(o.app, {
      method: 'POST',
      url: '/api/v1/auth/second-factor/enrolment',
      cookie: session,
      remoteAddress: '198.51.100.7',
      payload: { data: { password: PASSWORD } },
    });
    expectAccountDelayed(delayed);
    expectAccountDelayed(
      await call(o.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '198.51.100.8',
        payload: { data: { email, password: PASSWORD } },
      }),
    );
    expect(await pendingOf(id)).toBeNull();
    // The owner is told, as after ten wrong passwords at the sign-in.
    const mails = await o.db.selectFrom('outbox').select('subject').where('recipient', '=', email).execute();
    expect(mails).toEqual([{ subject: 'Misslyckade inloggningar på ditt konto – Ansökningsportalen' }]);
    const events = await eventsOf(admin, id, o.app);
    // The tenth wrong password, then the mail it caused.
    expect(events.slice(0, 2)).toEqual(['failed_sign_ins_mailed', 'security_confirmation_failed']);
    expect(events.filter((event) => event === 'security_confirmation_failed')).toHaveLength(10);
    expect(events).not.toContain('second_factor_enrolment_started');
  });

  it('turns it off with a current code or the password; without either, or with a wrong one, it stays on', async () => {
    for (const by of ['code', 'password'] as const) {
      const { id, email, session } = await signedIn(`av-${by}`);
      const { secret } = (await startEnrolment(session, { password: PASSWORD }, o.app)).json().data as { secret: string };
      await confirm(session, await nextCode(secret), {}, o.app);
      expect((await complete(session, true, o.app)).statusCode).toBe(200);

      const none = await turnOff(session, {}, o.app);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ code: ['Fältet kod är obligatoriskt.'] });
      const refused = by === 'code' ? { code: wrong(await nextCode(secret)) } : { password: 'fel-losenord' };
      const wrongOne = await turnOff(session, refused, o.app);
      expect(wrongOne.statusCode).toBe(422);
      expect(Object.keys(wrongOne.json().errors)).toEqual([by]);
      expect(await failuresOf(o.db, email)).toEqual([by === 'code' ? 'staff-second-factor' : 'staff']);
      expect((await statusOf(session, o.app)).enabled).toBe(true);

      const right = by === 'code' ? { code: await nextCode(secret) } : { password: PASSWORD };
      const off = await turnOff(session, right, o.app);
      expect(off.statusCode, off.body).toBe(204);
      expect(await statusOf(session, o.app)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
      expect((await login(o.app, email)).json()).toEqual({ data: { expires_in: o.config.sessionLifetimeMinutes * 60 } });
      expect((await turnOff(session, right, o.app)).statusCode).toBe(409);
      expect((await eventsOf(admin, id, o.app)).slice(0, 2)).toEqual(['second_factor_removed', 'security_confirmation_failed']);
    }
  });
});

describe('a staff user who signs in through single sign-on only, with no password', () => {
  const staffClient = {
    client_id: 'admin',
    client_secret: 'admin-secret-for-the-tests',
    redirect_uris: ['http://localhost:3000/admin/login/oidc'],
  };
  let provider: OidcServer;
  let s: TestApp;
  beforeAll(async () => {
    provider = await startOidcServer({ clients: [staffClient] });
    const staffOidc = {
      issuer: provider.issuer,
      clientId: staffClient.client_id,
      clientSecret: staffClient.client_secret,
      scopes: 'openid profile email',
      personalNumberClaim: null,
      displayName: 'Stiftelsens konto',
    };
    s = await createTestApp({ clock, config: { staffTwoFactor: 'optional', staffOidc } });
  });
  afterAll(async () => {
    await s?.close();
    await provider?.stop();
  });

  /** A staff user without a password, signed in at the organisation's provider: their id, address and session. */
  async function throughSso(name: string) {
    const email = newEmail(name);
    const id = await createStaff(s.db, 'utredare', email);
    await s.db.updateTable('users').set({ password_hash: null }).where('id', '=', id).execute();
    const started = await call(s.app, { method: 'POST', url: '/api/v1/auth/oidc/start' });
    const callback = await provider.signInAtProvider(started.json().data.url, { email, givenName: 'Erik' });
    const answer = await call(s.app, {
      method: 'POST',
      url: '/api/v1/auth/oidc/callback',
      cookie: `staff_oidc_flow=${cookieOf(started, 'staff_oidc_flow')!.value}`,
      payload: { data: { callback } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { id, email, session: sessionOf(answer) };
  }

  it('cannot turn it on without a password to confirm with, and is told how to get one', async () => {
    const { id, email, session } = await throughSso('sso');
    expect(await statusOf(session, s.app)).toMatchObject({ enabled: false, has_password: false });
    for (const data of [{}, { password: 'vad-som-helst' }]) {
      const refused = await startEnrolment(session, data, s.app);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message:
          'Ditt konto har inget lösenord, eftersom du loggar in via organisationens inloggning, så ändringen kan inte bekräftas. Välj ”Glömt lösenordet?” på inloggningssidan för att sätta ett lösenord, och försök sedan igen.',
      });
    }
    const english = await startEnrolment(session, {}, s.app, en);
    expect(english.json().message).toBe(
      'Your account has no password, as you sign in through your organisation’s sign-in, so the change cannot be confirmed. Choose “Forgot your password?” on the sign-in page to set a password, then try again.',
    );
    const user = await s.db
      .selectFrom('users')
      .select(['totp_pending_secret', 'totp_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ totp_pending_secret: null, totp_secret: null });
    expect(await failuresOf(s.db, email)).toEqual([]);
  });

  it('with a second factor, confirms a change with a current code, never a password', async () => {
    const { id, session } = await throughSso('sso-kod');
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await s.db
      .updateTable('users')
      .set({ totp_secret: s.app.authKeys.seal(secret), totp_enabled_at: new Date() })
      .where('id', '=', id)
      .execute();
    const byPassword = await renew(session, { password: 'vad-som-helst' }, s.app);
    expect(byPassword.statusCode).toBe(403);
    expect(byPassword.json().message).toBe(
      'Ditt konto har inget lösenord, eftersom du loggar in via organisationens inloggning. Bekräfta med koden från din autentiseringsapp i stället.',
    );
    expect((await renew(session, {}, s.app)).json().errors).toEqual({ code: ['Fältet kod är obligatoriskt.'] });
    const renewed = await renew(session, { code: await nextCode(secret) }, s.app);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.recovery_codes).toHaveLength(10);
    expect((await turnOff(session, { code: await nextCode(secret) }, s.app)).statusCode).toBe(204);
  });
});

describe('migration 0033', () => {
  it('adds the step between the code and the saved codes, which needs a pending secret, and goes back', async () => {
    const fresh = await createTestApp();
    try {
      const raw = fresh.db as unknown as Kysely<unknown>;
      const id = await createStaff(fresh.db, 'utredare', newEmail('migrering'));
      const confirmedWithout = fresh.db.updateTable('users').set({ totp_pending_confirmed_at: new Date() }).where('id', '=', id).execute();
      await expect(confirmedWithout).rejects.toThrow(/users_totp_pending_confirmed/);
      await secondFactorConfirmation.down(raw);
      const columns = async () =>
        (
          await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`.execute(
            fresh.db,
          )
        ).rows.map((row) => row.column_name);
      expect(await columns()).not.toContain('totp_pending_confirmed_at');
      // An enrolment under way before it runs waits for its code again.
      await sql`UPDATE users SET totp_pending_secret = 'sealed' WHERE id = ${id}`.execute(fresh.db);
      await secondFactorConfirmation.up(raw);
      expect(await columns()).toContain('totp_pending_confirmed_at');
      expect(
        await fresh.db
          .selectFrom('users')
          .select(['totp_pending_secret', 'totp_pending_confirmed_at'])
          .where('id', '=', id)
          .executeTakeFirst(),
      ).toEqual({ totp_pending_secret: 'sealed', totp_pending_confirmed_at: null });
    } finally {
      await fresh.close();
    }
  });
});
