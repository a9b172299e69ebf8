import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('login_attempts').execute();
});

const register = (data: object, headers = {}) =>
  call(t.app, { method: 'POST', url: '/api/v1/frontend-users/register', payload: { data }, headers });
const requestLink = (email: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login-link', payload: { data: { email } } });
const spend = (token: string) => call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token } } });
const mails = (to: string) => t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('id').execute();
const lastToken = async (to: string) => (await mails(to)).at(-1)!.body_text.match(/\/logga-in\/([\w-]+)/)![1];
const me = (cookie?: string) => call(t.app, { method: 'GET', url: '/api/v1/frontend-users/me', cookie });

describe('registration and login links', () => {
  it('registers with the e-mail typed twice and mails a link that only the Continue POST spends, once', async () => {
    const mismatch = await register({ email: 'sara@test.se', email_confirmation: 'sarah@test.se', first_name: 'Sara', last_name: 'Lind' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ email_confirmation: ['E-postadresserna stämmer inte överens.'] });

    const response = await register({ email: 'Sara@Test.se', email_confirmation: 'sara@test.se', first_name: 'Sara', last_name: 'Lind' });
    expect(response.statusCode).toBe(200);
    const user = await t.db.selectFrom('frontend_users').selectAll().where('email', '=', 'sara@test.se').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Sara', last_name: 'Lind', verified_at: null });
    const [mail] = await mails('sara@test.se');
    expect(mail.subject).toBe('Din inloggningslänk – Ansökningsportalen');
    // Not yet verified: greeted plainly, neither by the address nor by the name typed at registration (whoever typed
    // the address may not be its owner).
    expect(mail.body_text.startsWith('Hej!\n')).toBe(true);
    expect(mail.body_text).not.toContain('Hej sara@test.se');
    expect(mail.body_text).not.toContain('Sara!');
    expect(mail.body_text).toMatch(/http:\/\/localhost:3000\/logga-in\/[\w-]{40,}/);
    const token = await lastToken('sara@test.se');

    // The token is stored only as its hash.
    const stored = await t.db
      .selectFrom('login_links')
      .select('token_hash')
      .where('frontend_user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash.toString('base64url')).not.toBe(token);

    const first = await spend(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { expires_in: 7200 } });
    const cookie = `applicant_session=${first.cookies.find((c) => c.name === 'applicant_session')!.value}`;
    expect((await me(cookie)).json().data).toMatchObject({ email: 'sara@test.se', first_name: 'Sara' });
    const verified = await t.db.selectFrom('frontend_users').select('verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(verified.verified_at).toBeInstanceOf(Date);

    const again = await spend(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Inloggningslänken är ogiltig, redan använd eller har gått ut. Begär en ny länk.');
  });

  it('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
    await register({ email: 'known@test.se', email_confirmation: 'known@test.se', first_name: 'K', last_name: 'N' });
    const known = await requestLink('known@test.se');
    const unknown = await requestLink('nobody@test.se');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mails('nobody@test.se')).toEqual([]);
    expect(await mails('known@test.se')).toHaveLength(2);
    // Registering again with a known address does not reveal it either, and changes nobody's name.
    const twice = await register({ email: 'known@test.se', email_confirmation: 'known@test.se', first_name: 'Other', last_name: 'Name' });
    expect(twice.json()).toEqual(known.json());
    expect(
      (await t.db.selectFrom('frontend_users').select('first_name').where('email', '=', 'known@test.se').executeTakeFirstOrThrow())
        .first_name,
    ).toBe('K');
  });

  it('refuses an expired link and a disabled applicant', async () => {
    await register({ email: 'late@test.se', email_confirmation: 'late@test.se', first_name: 'L', last_name: 'A' });
    const token = await lastToken('late@test.se');
    await t.db
      .updateTable('login_links')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect((await spend(token)).statusCode).toBe(422);

    await requestLink('late@test.se');
    const fresh = await lastToken('late@test.se');
    await t.db.updateTable('frontend_users').set({ active: false }).where('email', '=', 'late@test.se').execute();
    expect((await spend(fresh)).statusCode).toBe(422);
  });

  it('keeps each link’s promise: an older link still works after a newer one was sent and used, each once', async () => {
    await register({ email: 'twice@test.se', email_confirmation: 'twice@test.se', first_name: 'T', last_name: 'W' });
    const older = await lastToken('twice@test.se');
    await requestLink('twice@test.se');
    const newer = await lastToken('twice@test.se');
    expect(newer).not.toBe(older);
    expect((await spend(newer)).statusCode).toBe(200);
    expect((await spend(older)).statusCode).toBe(200);
    expect((await spend(older)).statusCode).toBe(422);
    expect((await spend(newer)).statusCode).toBe(422);
  });

  it('greets by name once the address has signed in', async () => {
    await register({ email: 'named@test.se', email_confirmation: 'named@test.se', first_name: 'Nina', last_name: 'N' });
    expect((await spend(await lastToken('named@test.se'))).statusCode).toBe(200);
    await requestLink('named@test.se');
    expect((await mails('named@test.se')).at(-1)!.body_text).toContain('Hej Nina!');
  });

  it('refuses a name that is no name, and mails nothing; accepts names of any language', async () => {
    const spam = await register(
      {
        email: 'spam@test.se',
        email_confirmation: 'spam@test.se',
        first_name: 'Grattis! Du har beviljats 50000 kr, logga in på https://evil.example/',
        last_name: 'evil.example',
      },
      { 'accept-language': 'en-US' },
    );
    expect(spam.statusCode).toBe(422);
    expect(spam.json().errors).toEqual({
      first_name: ['The first name may contain only letters, spaces, hyphens and apostrophes.'],
      last_name: ['The last name may contain only letters, spaces, hyphens and apostrophes.'],
    });
    expect(await mails('spam@test.se')).toEqual([]);
    for (const [first, last] of [
      ['Åsa-Lill', 'O’Brien'],
      ['Zoë', "D'Artagnan"],
      ['Nguyễn Văn', 'An'],
      ['Мария', 'Иванова'],
      ['J. R. R.', 'Tolkien'],
    ]) {
      const email = `${last.replace(/\W/g, '') || 'x'}${first.length}@test.se`.toLowerCase();
      const response = await register({ email, email_confirmation: email, first_name: first, last_name: last });
      expect(response.statusCode, `${first} ${last}: ${response.body}`).toBe(200);
    }
  });

  it('takes an internationalised address by the forms’ e-mail rule, and refuses a non-address with its message', async () => {
    const address = 'test.åsa@example.se';
    const response = await register({ email: address, email_confirmation: address, first_name: 'Åsa', last_name: 'Test' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await mails(address)).toHaveLength(1);
    expect((await requestLink(address)).statusCode).toBe(200);
    for (const bad of ['a@b', 'x']) {
      const refused = await register({ email: bad, email_confirmation: bad, first_name: 'Ann', last_name: 'B' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        email: ['Fältet e-postadress måste vara en giltig e-postadress.'],
        email_confirmation: ['Fältet upprepad e-postadress måste vara en giltig e-postadress.'],
      });
      expect((await requestLink(bad)).json().errors).toEqual({ email: ['Fältet e-postadress måste vara en giltig e-postadress.'] });
      expect(await mails(bad)).toEqual([]);
    }
  });

  it('limits registrations from one client address across e-mails, and sends no mail over the limit', async () => {
    const from = { remoteAddress: '203.0.113.5' };
    const registerFrom = (email: string, remoteAddress = from.remoteAddress) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/frontend-users/register',
        remoteAddress,
        payload: { data: { email, email_confirmation: email, first_name: 'Flo', last_name: 'Od' } },
      });
    for (let i = 1; i <= 10; i++) expect((await registerFrom(`many${i}@test.se`)).statusCode).toBe(200);
    const eleventh = await registerFrom('many11@test.se');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().retry_after).toBeGreaterThan(3000);
    expect(eleventh.json().message).toMatch(/^För många inloggningsförsök\. Försök igen om \d+ sekunder\.$/);
    expect(await mails('many11@test.se')).toEqual([]);
    expect((await registerFrom('many12@test.se', '203.0.113.6')).statusCode).toBe(200);
  });

  it('limits link requests for one e-mail across client addresses', async () => {
    await register({ email: 'inbox@test.se', email_confirmation: 'inbox@test.se', first_name: 'In', last_name: 'Box' });
    const from = (n: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/frontend-users/login-link',
        remoteAddress: `198.18.0.${n}`,
        payload: { data: { email: 'inbox@test.se' } },
      });
    for (let n = 1; n <= 9; n++) expect((await from(n)).statusCode).toBe(200);
    expect((await from(10)).statusCode).toBe(429);
    expect(await mails('inbox@test.se')).toHaveLength(10);
  });

  it('limits link requests like staff logins, with the same retry message', async () => {
    for (let i = 0; i < 5; i++) expect((await requestLink('flood@test.se')).statusCode).toBe(200);
    const sixth = await requestLink('flood@test.se');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^För många inloggningsförsök\. Försök igen om \d+ sekunder\.$/);
  });
});

describe('applicant session', () => {
  it('refreshes, logs out on the server, and is not a staff session', async () => {
    await register({ email: 'sess@test.se', email_confirmation: 'sess@test.se', first_name: 'S', last_name: 'E' });
    const login = await spend(await lastToken('sess@test.se'));
    const cookie = `applicant_session=${login.cookies.find((c) => c.name === 'applicant_session')!.value}`;
    expect((await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/refresh', cookie })).json()).toEqual({
      data: { expires_in: 7200 },
    });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/logout', cookie })).statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
  });
});
