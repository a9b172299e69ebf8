import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../tokens.js';
import {
  call,
  createStaff,
  createTestApp,
  expectAccountDelayed,
  login,
  PASSWORD,
  sessionCookie,
  xhr,
  type TestApp,
} from '../../test/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createStaff(t.db, 'admin', 'admin@test.se');
  await createStaff(t.db, 'utredare', 'utredare@test.se');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('login_attempts').execute();
});

const me = (cookie?: string) => call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie });

describe('POST /auth/login', () => {
  it('signs in with a session cookie and answers the lifetime in seconds', async () => {
    const response = await login(t.app, 'ADMIN@test.se');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { expires_in: t.config.sessionLifetimeMinutes * 60 } });
    const cookie = response.cookies.find((c) => c.name === 'staff_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const profile = await me(`staff_session=${cookie.value}`);
    expect(profile.json().data).toMatchObject({ email: 'admin@test.se', role: 'admin', locale: 'sv-SE' });
    expect(profile.json().data.password_hash).toBeUndefined();
  });

  it('signs in a user whose address the users form took, internationalised ones too', async () => {
    await createStaff(t.db, 'utredare', 'test.åsa@example.se');
    expect((await login(t.app, 'test.åsa@example.se')).statusCode).toBe(200);
  });

  it('refuses a wrong password with the translated message, in Swedish and English', async () => {
    const sv = await login(t.app, 'admin@test.se', 'wrong-password');
    expect(sv.statusCode).toBe(422);
    expect(sv.json()).toEqual({
      message: 'Uppgifterna stämmer inte med våra register.',
      errors: { email: ['Uppgifterna stämmer inte med våra register.'] },
    });
    const en = await login(t.app, 'admin@test.se', 'wrong-password', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.json().message).toBe('These credentials do not match our records.');
    expect(en.cookies).toHaveLength(0);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await login(t.app, 'nobody@test.se', 'whatever-123');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Uppgifterna stämmer inte med våra register.');
  });

  it('refuses a badly formed body field by field', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { data: { email: 'not-an-email', password: '' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['Fältet e-postadress måste vara en giltig e-postadress.'],
      password: ['Fältet lösenord är obligatoriskt.'],
    });
  });

  it('gives 429 with the seconds to wait on the sixth failed attempt within a minute, per e-mail and address', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'utredare@test.se', 'wrong')).statusCode).toBe(422);
    const sixth = await login(t.app, 'utredare@test.se', 'wrong');
    expect(sixth.statusCode).toBe(429);
    const seconds = Number(sixth.headers['retry-after']);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(sixth.json()).toEqual({ message: `För många inloggningsförsök. Försök igen om ${seconds} sekunder.`, retry_after: seconds });
    // Even the right password waits: the limit is checked first.
    expect((await login(t.app, 'utredare@test.se')).statusCode).toBe(429);
    // Another address is not limited.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.9.8.7',
      headers: xhr,
      payload: { data: { email: 'utredare@test.se', password: PASSWORD } },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets the attempts age out of the one-minute window', async () => {
    for (let i = 0; i < 5; i++) await login(t.app, 'utredare@test.se', 'wrong');
    await t.db
      .updateTable('login_attempts')
      .set({ attempted_at: sql`now() - interval '61 seconds'` } as never)
      .execute();
    expect((await login(t.app, 'utredare@test.se')).statusCode).toBe(200);
  });

  it('refuses a disabled user, and disabling ends the sessions already open', async () => {
    const id = await createStaff(t.db, 'utredare', 'disabled@test.se');
    const cookie = await sessionCookie(t.app, 'disabled@test.se');
    expect((await me(cookie)).statusCode).toBe(200);
    // Disabled elsewhere (another server, here the database itself): a server trusts a session it looked up for a
    // second at most (auth/recentSessions.ts).
    await t.db.updateTable('users').set({ active: false }).where('id', '=', id).execute();
    await expect.poll(async () => (await me(cookie)).statusCode, { timeout: 5_000, interval: 100 }).toBe(401);
    const response = await login(t.app, 'disabled@test.se');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Kontot är inaktiverat. Kontakta en administratör.');
  });
});

describe('the sign-in of a user with a second factor', () => {
  it('asks for a code rather than signing in, where the second factor is optional too', async () => {
    await createStaff(t.db, 'utredare', 'totp@test.se');
    // Set up from the user's settings: the password again, a code, and the recovery codes saved.
    const cookie = await sessionCookie(t.app, 'totp@test.se');
    const enrolment = (path: string, data: object) =>
      call(t.app, { method: 'POST', url: `/api/v1/auth/second-factor/enrolment${path}`, cookie, payload: { data } });
    const { secret } = (await enrolment('', { password: PASSWORD })).json().data;
    const confirmed = await enrolment('/confirm', { code: await generate({ secret }) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await login(t.app, 'totp@test.se')).json()).toEqual({ data: { expires_in: expect.any(Number) } });
    const completed = await enrolment('/complete', { codes_saved: true });
    expect(completed.statusCode, completed.body).toBe(200);

    const response = await login(t.app, 'totp@test.se');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { second_factor: 'verify' } });
    expect(response.cookies.map((c) => c.name)).toEqual(['staff_challenge']);
    // A wrong password says nothing of the second factor.
    expect((await login(t.app, 'totp@test.se', 'wrong-password')).json().message).toBe('Uppgifterna stämmer inte med våra register.');
  });
});

describe('failed sign-ins to one account from many client addresses', () => {
  const from = (remoteAddress: string, password: string) =>
    call(t.app, { method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { data: { email: 'delay@test.se', password } } });
  const mails = () => t.db.selectFrom('outbox').select(['subject', 'body_text']).where('recipient', '=', 'delay@test.se').execute();
  /** Time passing, for the attempts: each moved back as far. */
  const later = (interval: string) =>
    t.db
      .updateTable('login_attempts')
      .set({ attempted_at: sql<Date>`attempted_at - ${interval}::interval` } as never)
      .where('email', '=', 'delay@test.se')
      .execute();

  it('delay the account after ten, even for the right password, mail the owner once, and the delay ends', async () => {
    await createStaff(t.db, 'utredare', 'delay@test.se');
    for (let i = 1; i <= 10; i++) expect((await from(`192.0.2.${i}`, 'Sommar2026')).statusCode).toBe(422);
    const delayed = await from('192.0.2.200', PASSWORD);
    expectAccountDelayed(delayed);
    expect(delayed.cookies).toHaveLength(0);
    const english = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '192.0.2.201',
      headers: { 'accept-language': 'en-US' },
      payload: { data: { email: 'delay@test.se', password: PASSWORD } },
    });
    expect(english.statusCode).toBe(429);
    expect(english.json().message).toMatch(/^Too many failed sign-ins to this account\. /);

    // More failures, each once its delay has passed: still one mail.
    for (let i = 0; i < 3; i++) {
      await later('3 minutes');
      expect((await from(`198.51.100.${i}`, 'Vinter2026')).statusCode).toBe(422);
    }
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('Misslyckade inloggningar på ditt konto – Ansökningsportalen');
    expect(sent[0].body_text).toContain('http://localhost:3000/admin/forgot-password');

    await later('16 minutes');
    const signedIn = await from('192.0.2.200', PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.expires_in).toBeGreaterThan(0);
  });
});

describe('session refresh and logout', () => {
  it('refresh extends the session; logout ends it on the server', async () => {
    const cookie = await sessionCookie(t.app, 'admin@test.se');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() + interval '10 seconds'` })
      .where('token_hash', '=', hashToken(cookie.split('=')[1]))
      .execute();
    const refreshed = await call(t.app, { method: 'POST', url: '/api/v1/auth/refresh', cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.expires_in).toBe(7200);
    const session = await t.db
      .selectFrom('sessions')
      .select(sql<number>`extract(epoch from expires_at - now())`.as('left'))
      .where('token_hash', '=', hashToken(cookie.split('=')[1]))
      .executeTakeFirstOrThrow();
    expect(Number(session.left)).toBeGreaterThan(7000);

    const out = await call(t.app, { method: 'POST', url: '/api/v1/auth/logout', cookie });
    expect(out.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/v1/auth/refresh', cookie })).statusCode).toBe(401);
  });

  it('an expired session is not logged in', async () => {
    const cookie = await sessionCookie(t.app, 'admin@test.se');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    const response = await me(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Du är inte inloggad.' });
  });
});

describe('password reset by e-mailed link', () => {
  const forgot = (email: string) => call(t.app, { method: 'POST', url: '/api/v1/auth/forgot-password', payload: { data: { email } } });
  const reset = (token: string, password: string, confirmation = password) =>
    call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { data: { token, password, password_confirmation: confirmation } },
    });
  const newestMailTo = (email: string) =>
    t.db.selectFrom('outbox').selectAll().where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirst();
  /** The link of the next mail to the address (the queue mails it shortly after the request is answered). */
  const lastLink = async (email: string, after = 0) => {
    await expect.poll(async () => (await newestMailTo(email))?.id ?? 0, { timeout: 10_000 }).toBeGreaterThan(after);
    const mail = (await newestMailTo(email))!;
    return { mail, token: mail.body_text.match(/\/admin\/reset-password\/([\w-]+)/)![1] };
  };
  const resetJobsDone = async () =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'password-reset-request' AND state NOT IN ('completed', 'failed')`.execute(t.db)
    ).rows[0].n === 0;

  it('answers the same for a known and an unknown address, at once, and the queue mails only the known one', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('outbox')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const unknown = await forgot('nobody@test.se');
    const known = await forgot('utredare@test.se');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const { mail } = await lastLink('utredare@test.se');
    await expect.poll(resetJobsDone, { timeout: 10_000 }).toBe(true);
    expect(await count()).toBe(before + 1);
    expect(await newestMailTo('nobody@test.se')).toBeUndefined();
    expect(mail.subject).toBe('Välj nytt lösenord – Ansökningsportalen');
    expect(mail.body_text).toContain('http://localhost:3000/admin/reset-password/');
  });

  it('sets a new password once, ends the sessions, and the old password stops working', async () => {
    await createStaff(t.db, 'utredare', 'reset@test.se');
    const cookie = await sessionCookie(t.app, 'reset@test.se');
    await forgot('reset@test.se');
    const { token } = await lastLink('reset@test.se');
    expect((await reset(token, 'short')).json().message).toBe('Lösenordet måste vara minst 8 tecken.');
    for (const common of ['12345678', 'Password1', 'iloveyou']) {
      const refused = await reset(token, common);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        password: ['Lösenordet är för vanligt: det finns i listor över läckta lösenord. Välj ett annat, gärna några ord i följd.'],
      });
    }
    expect((await reset(token, 'long-enough-1', 'other-thing-1')).json().errors).toEqual({
      password_confirmation: ['Lösenorden stämmer inte överens.'],
    });
    const done = await reset(token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(t.app, 'reset@test.se')).statusCode).toBe(422);
    expect((await login(t.app, 'reset@test.se', 'brand-new-pass')).statusCode).toBe(200);
    const again = await reset(token, 'another-pass-1');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Länken för att återställa lösenordet är ogiltig eller har gått ut. Begär en ny länk.');
  });

  it('limits reset requests per address with its own message', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('flood@test.se')).statusCode).toBe(200);
    const sixth = await forgot('flood@test.se');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^För många begäranden\. Försök igen om \d+ sekunder\.$/);
  });

  it('refuses an expired link, and a newer request makes the older link useless', async () => {
    await forgot('admin@test.se');
    const first = await lastLink('admin@test.se');
    await forgot('admin@test.se');
    const second = (await lastLink('admin@test.se', first.mail.id)).token;
    await expect.poll(resetJobsDone, { timeout: 10_000 }).toBe(true);
    expect((await reset(first.token, 'brand-new-pass')).statusCode).toBe(422);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .execute();
    expect((await reset(second, 'brand-new-pass')).statusCode).toBe(422);
  });

  it('checks the link before the password is hashed, and limits tries per client address', async () => {
    const unknown = await reset('not-a-real-link', 'a-fine-long-passphrase');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Länken för att återställa lösenordet är ogiltig eller har gått ut. Begär en ny länk.');
    for (let i = 1; i < 10; i++) expect((await reset(`guess-${i}`, 'a-fine-long-passphrase')).statusCode).toBe(422);
    const limited = await reset('guess-10', 'a-fine-long-passphrase');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().retry_after).toBeGreaterThan(0);
    // Another client is still served.
    const other = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      remoteAddress: '192.0.2.7',
      payload: { data: { token: 'x', password: 'a-fine-long-passphrase', password_confirmation: 'a-fine-long-passphrase' } },
    });
    expect(other.statusCode).toBe(422);
  });
});

describe('failed sign-ins from one client address across accounts', () => {
  it('are limited too, so one password tried on many accounts is slowed', async () => {
    const from = { remoteAddress: '198.51.100.9' };
    for (let i = 0; i < 20; i++) {
      const failed = await call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        ...from,
        payload: { data: { email: `account${i}@test.se`, password: 'Sommar2026' } },
      });
      expect(failed.statusCode).toBe(422);
    }
    const next = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      ...from,
      payload: { data: { email: 'admin@test.se', password: PASSWORD } },
    });
    expect(next.statusCode).toBe(429);
    expect(next.json().retry_after).toBeGreaterThan(0);
    // Another address signs in as before.
    expect((await login(t.app, 'admin@test.se')).statusCode).toBe(200);
  });
});
