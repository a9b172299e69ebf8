import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/tokens.js';
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
const startEnrolment = (cookie: string) => call(t.app, { method: 'POST', url: '/api/v1/auth/second-factor/enrolment', cookie });
const confirm = (cookie: string, code: string, headers = {}) =>
  call(t.app, { method: 'POST', url: '/api/v1/auth/second-factor/enrolment/confirm', cookie, headers, payload: { data: { code } } });
const me = (cookie: string) => call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie });
const historyOf = (cookie: string, userId: number) =>
  call(t.app, { method: 'GET', url: `/api/v1/users/${userId}/account-history`, cookie });

/** A staff user who has set up their second factor at their first sign-in: their secret, recovery codes and session. */
async function enrolled(role: 'admin' | 'utredare', email = newEmail(role)) {
  const id = await createStaff(t.db, role, email);
  const challenge = challengeOf(await signIn(email));
  const { secret } = (await startEnrolment(challenge)).json().data as { secret: string };
  const confirmed = await confirm(challenge, await nextCode(secret));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { id, email, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[], cookie: sessionOf(confirmed) };
}

describe('setting up the second factor at the first sign-in, where it is required', () => {
  it('asks for it after the password, gives a QR code and secret, and a code from them gives recovery codes and a session', async () => {
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
    const { recovery_codes, expires_in } = confirmed.json().data as { recovery_codes: string[]; expires_in: number };
    expect(expires_in).toBe(t.config.sessionLifetimeMinutes * 60);
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(recovery_codes).size).toBe(10);
    expect(cookieOf(confirmed, 'staff_challenge')?.value).toBe('');
    const session = sessionOf(confirmed);
    expect((await me(session)).json().data.email).toBe(email);
    // The challenge is spent with the enrolment.
    expect((await startEnrolment(challenge)).statusCode).toBe(401);

    const status = await call(t.app, { method: 'GET', url: '/api/v1/auth/second-factor', cookie: session });
    expect(status.json().data).toMatchObject({ enabled: true, recovery_codes_left: 10, required: true });
    expect(Date.parse(status.json().data.enabled_at)).toBeGreaterThan(Date.now() - 60_000);
    const admin = await enrolled('admin');
    expect((await historyOf(admin.cookie, id)).json().data).toEqual([
      { id: expect.any(Number), event: 'second_factor_enrolled', actor_name: null, created_at: expect.any(String) },
    ]);
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

    const user = await t.db
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.totp_pending_secret).toBeNull();
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
    ]);
  });
});

describe('the user’s own second factor', () => {
  const renew = (cookie: string, code: string) =>
    call(t.app, { method: 'POST', url: '/api/v1/auth/second-factor/recovery-codes', cookie, payload: { data: { code } } });

  it('renews the recovery codes for a current code, and the old ones stop working', async () => {
    const user = await enrolled('utredare');
    const refused = await renew(user.cookie, wrong(await nextCode(user.secret)));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      code: ['Koden stämmer inte. Ange den sexsiffriga kod som din autentiseringsapp visar just nu.'],
    });
    const renewed = await renew(user.cookie, await nextCode(user.secret));
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => user.recoveryCodes.includes(code))).toEqual([]);

    expect((await verify(challengeOf(await signIn(user.email)), { recovery_code: user.recoveryCodes[3] })).statusCode).toBe(422);
    expect((await verify(challengeOf(await signIn(user.email)), { recovery_code: fresh[3] })).statusCode).toBe(200);
  });

  it('cannot be turned off where the foundation requires it', async () => {
    const user = await enrolled('utredare');
    const off = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/auth/second-factor',
      cookie: user.cookie,
      payload: { data: { code: await nextCode(user.secret) } },
    });
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
    expect(history.map((e: { event: string }) => e.event)).toEqual(['second_factor_reset', 'second_factor_enrolled']);
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
  beforeAll(async () => {
    o = await createTestApp({ clock, config: { staffTwoFactor: 'optional' } });
  });
  afterAll(() => o.close());

  it('a user sets one up from their settings and turns it off with a code', async () => {
    const email = newEmail('valfri');
    await createStaff(o.db, 'utredare', email);
    const signedIn = await login(o.app, email);
    expect(signedIn.json()).toEqual({ data: { expires_in: o.config.sessionLifetimeMinutes * 60 } });
    const session = sessionOf(signedIn);
    const at = (method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) =>
      call(o.app, { method, url: `/api/v1/auth/second-factor${path}`, cookie: session, payload: data && { data } });
    expect((await at('GET', '')).json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

    const { secret } = (await at('POST', '/enrolment')).json().data as { secret: string };
    const confirmed = await at('POST', '/enrolment/confirm', { code: await nextCode(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(Object.keys(confirmed.json().data)).toEqual(['recovery_codes']);
    expect(cookieOf(confirmed, 'staff_session')).toBeUndefined();
    expect((await login(o.app, email)).json()).toEqual({ data: { second_factor: 'verify' } });

    expect((await at('DELETE', '', { code: wrong(await nextCode(secret)) })).statusCode).toBe(422);
    const off = await at('DELETE', '', { code: await nextCode(secret) });
    expect(off.statusCode, off.body).toBe(204);
    expect((await at('GET', '')).json().data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await login(o.app, email)).json()).toEqual({ data: { expires_in: o.config.sessionLifetimeMinutes * 60 } });
    expect((await at('DELETE', '', { code: '123456' })).statusCode).toBe(409);
  });
});
