import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import type { Locale } from '../../../resources/locales.js';
import { hashToken } from '../../auth/tokens.js';
import type { OidcSettings } from '../../config.js';
import { applicantData } from '../../dataProtection/dataExport.js';
import { translator } from '../../i18n.js';
import { createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { startOidcServer, type OidcServer, type TestPerson } from '../../test/oidcServer.js';
import { call, cookieValue, createTestApp, type TestApp } from '../../test/testApp.js';

// Applicants' sign-in by e-ID, against a real OpenID Connect provider in this process: nothing mocked.

const client = {
  client_id: 'portal',
  client_secret: 'portal-secret-for-the-tests',
  redirect_uris: ['http://localhost:3000/e-legitimation'],
};
const settingsOf = (issuer: string): OidcSettings => ({
  issuer,
  clientId: client.client_id,
  clientSecret: client.client_secret,
  scopes: 'openid profile email personal_number',
  personalNumberClaim: 'personal_number',
  displayName: 'BankID',
});

let provider: OidcServer;
let t: TestApp;
/** How far the app's clock is ahead of the real one. */
let ahead = 0;
beforeAll(async () => {
  provider = await startOidcServer({ clients: [client] });
  t = await createTestApp({ clock: { now: () => new Date(Date.now() + ahead) }, config: { applicantOidc: settingsOf(provider.issuer) } });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
beforeEach(async () => {
  ahead = 0;
  await t.db.deleteFrom('login_attempts').execute();
});

let people = 0;
/** A person of their own: a personal number nobody else in the file has, their names and a verified address. */
function person(extra: Partial<TestPerson> = {}): TestPerson & { personalNumber: string } {
  people += 1;
  return {
    personalNumber: `19850101-${String(1000 + people)}`,
    givenName: 'Åsa',
    familyName: 'Öberg',
    email: `eid-${people}-${randomUUID().slice(0, 8)}@test.se`,
    ...extra,
  };
}

async function start(return_to?: string) {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/frontend-users/oidc/start',
    payload: { data: return_to === undefined ? {} : { return_to } },
  });
  expect(response.statusCode, response.body).toBe(200);
  const url = response.json().data.url as string;
  return {
    url,
    state: new URL(url).searchParams.get('state')!,
    cookie: `applicant_oidc_flow=${cookieValue(response, 'applicant_oidc_flow')}`,
  };
}
const postCallback = (cookie: string, search: string, locale: Locale = 'sv-SE') =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/frontend-users/oidc/callback',
    cookie,
    headers: { 'accept-language': locale },
    payload: { data: { callback: search } },
  });
async function signIn(who: TestPerson, return_to?: string) {
  const flow = await start(return_to);
  return postCallback(flow.cookie, await provider.signInAtProvider(flow.url, who));
}
/** Signs in and answers the applicant's session cookie. */
async function signedIn(who: TestPerson) {
  const response = await signIn(who);
  expect(response.statusCode, response.body).toBe(200);
  return `applicant_session=${cookieValue(response, 'applicant_session')}`;
}
const me = (cookie: string) => call(t.app, { method: 'GET', url: '/api/v1/frontend-users/me', cookie });
const mails = (to: string) => t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('id').execute();
const identitiesOf = (frontendUserId: number) =>
  t.db.selectFrom('oidc_identities').select(['issuer', 'subject']).where('frontend_user_id', '=', frontendUserId).orderBy('id').execute();

describe('signing in by e-ID', () => {
  it('names the provider for the sign-in button', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/frontend-users/oidc' })).json()).toEqual({ data: { name: 'BankID' } });
  });

  it('creates the applicant with a verified address and the provider’s names, and a session that works as a link’s', async () => {
    const who = person();
    const response = await signIn(who, '/ansok');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { expires_in: 7200, return_to: '/ansok' } });
    // The flow's cookie is spent with it.
    expect(cookieValue(response, 'applicant_oidc_flow')).toBe('');
    const cookie = `applicant_session=${cookieValue(response, 'applicant_session')}`;
    expect((await me(cookie)).json().data).toMatchObject({ email: who.email, first_name: 'Åsa', last_name: 'Öberg' });
    const account = await t.db.selectFrom('frontend_users').selectAll().where('email', '=', who.email!).executeTakeFirstOrThrow();
    expect(account.verified_at).toBeInstanceOf(Date);
    expect(account.personal_number_hash).toEqual(t.app.authKeys.personalNumberHash(who.personalNumber));
    expect(await identitiesOf(account.id)).toEqual([{ issuer: provider.issuer, subject: expect.stringMatching(/^pnr-/) }]);

    const refreshed = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/refresh', cookie });
    expect(refreshed.statusCode).toBe(200);
    const out = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/logout', cookie });
    expect(out.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('returns only to a path of the portal', async () => {
    for (const elsewhere of ['//evil.example/ansok', 'https://evil.example/', 'ansok', '/\\evil.example']) {
      const response = await signIn(person(), elsewhere);
      expect(response.json().data.return_to, elsewhere).toBe('/');
    }
    expect((await signIn(person())).json().data.return_to).toBe('/');
  });

  it('finds the applicant again by the identity, by the personal number under another identity, and by a verified address', async () => {
    const who = person();
    await signedIn(who);
    const { id } = await t.db.selectFrom('frontend_users').select('id').where('email', '=', who.email!).executeTakeFirstOrThrow();

    // The same identity, with another address at the provider since: the same account, and no second identity.
    const again = await signedIn({ ...who, email: 'another-address@test.se' });
    expect((await me(again)).json().data.id).toBe(id);
    expect(await identitiesOf(id)).toHaveLength(1);

    // Another identity (a new broker's subject) with the same personal number, and no address at all.
    const other = await signedIn({ personalNumber: who.personalNumber, subject: `another-${randomUUID()}` });
    expect((await me(other)).json().data.id).toBe(id);
    expect(await identitiesOf(id)).toHaveLength(2);

    // An applicant registered by link, signing in by e-ID with that address verified: linked, and given the number.
    const address = `linked-${randomUUID().slice(0, 8)}@test.se`;
    const registered = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/register',
      payload: { data: { email: address, email_confirmation: address, first_name: 'Lina', last_name: 'Länk' } },
    });
    expect(registered.statusCode).toBe(200);
    const linkRegistered = await t.db.selectFrom('frontend_users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
    const byAddress = person({ email: address.toUpperCase(), givenName: 'Someone', familyName: 'Else' });
    const cookie = await signedIn(byAddress);
    expect((await me(cookie)).json().data).toMatchObject({ id: linkRegistered.id, first_name: 'Lina', last_name: 'Länk' });
    const after = await t.db.selectFrom('frontend_users').selectAll().where('id', '=', linkRegistered.id).executeTakeFirstOrThrow();
    expect(after.personal_number_hash).toEqual(t.app.authKeys.personalNumberHash(byAddress.personalNumber));
    expect(after.verified_at).toBeInstanceOf(Date);
  });

  it('never links an address whose account is another person’s, nor one the provider has not verified', async () => {
    const first = person();
    await signedIn(first);
    const { id } = await t.db.selectFrom('frontend_users').select('id').where('email', '=', first.email!).executeTakeFirstOrThrow();

    // Another person (another number) with the same mailbox.
    const refused = await signIn(person({ email: first.email }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translator('sv-SE')('errors.oidc.other_person'));
    expect(cookieValue(refused, 'applicant_session')).toBeUndefined();
    expect(await identitiesOf(id)).toHaveLength(1);

    // An address the provider does not vouch for is asked for again, and confirmed by a link.
    const unverified = await signIn(person({ email: first.email, emailVerified: false }));
    expect(unverified.json()).toEqual({ data: { needs_email: true, first_name: 'Åsa', last_name: 'Öberg' } });
    expect(await identitiesOf(id)).toHaveLength(1);
  });

  it('refuses an applicant staff disabled', async () => {
    const who = person();
    await signedIn(who);
    await t.db.updateTable('frontend_users').set({ active: false }).where('email', '=', who.email!).execute();
    const response = await signIn(who);
    expect(response.statusCode).toBe(403);
    expect(cookieValue(response, 'applicant_session')).toBeUndefined();
  });
});

describe('an e-ID without a verified address', () => {
  it('asks for one, mails a login link whose use links the e-ID, and the next e-ID sign-in goes straight in', async () => {
    const who = person({ email: undefined, givenName: 'Nils', familyName: 'Näslund' });
    const response = await signIn(who);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { needs_email: true, first_name: 'Nils', last_name: 'Näslund' } });
    expect(cookieValue(response, 'applicant_session')).toBeUndefined();
    const pending = `oidc_pending=${cookieValue(response, 'oidc_pending')}`;

    const address = `nils-${randomUUID().slice(0, 8)}@test.se`;
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/email',
      cookie: pending,
      payload: { data: { email: address } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.message).toBe(translator('sv-SE')('auth.link_sent'));
    const account = await t.db.selectFrom('frontend_users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ first_name: 'Nils', last_name: 'Näslund', verified_at: null, personal_number_hash: null });
    const [mail] = await mails(address);
    expect(mail.subject).toBe('Din inloggningslänk – Ansökningsportalen');
    const token = mail.body_text.match(/\/logga-in\/([\w-]+)/)![1];
    // Not linked before the address is confirmed.
    expect(await identitiesOf(account.id)).toEqual([]);

    const spent = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token } } });
    expect(spent.statusCode, spent.body).toBe(200);
    expect(await identitiesOf(account.id)).toHaveLength(1);
    const linked = await t.db.selectFrom('frontend_users').selectAll().where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(linked.personal_number_hash).toEqual(t.app.authKeys.personalNumberHash(who.personalNumber));
    expect(linked.verified_at).toBeInstanceOf(Date);
    expect(
      await t.db
        .selectFrom('oidc_pending')
        .select('id')
        .where('subject', '=', (await identitiesOf(account.id))[0].subject)
        .execute(),
    ).toEqual([]);

    const next = await signedIn(who);
    expect((await me(next)).json().data.id).toBe(account.id);
  });

  it('links the e-ID to an applicant already registered with the address given, the same answer as for a new one', async () => {
    const address = `known-${randomUUID().slice(0, 8)}@test.se`;
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/register',
      payload: { data: { email: address, email_confirmation: address, first_name: 'Kim', last_name: 'Känd' } },
    });
    const who = person({ email: undefined });
    const response = await signIn(who);
    const pending = `oidc_pending=${cookieValue(response, 'oidc_pending')}`;
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/email',
      cookie: pending,
      payload: { data: { email: address } },
    });
    expect(sent.json().data.message).toBe(translator('sv-SE')('auth.link_sent'));
    const token = (await mails(address)).at(-1)!.body_text.match(/\/logga-in\/([\w-]+)/)![1];
    const spent = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token } } });
    const cookie = `applicant_session=${cookieValue(spent, 'applicant_session')}`;
    expect((await me(cookie)).json().data).toMatchObject({ email: address, first_name: 'Kim' });
    expect((await me(await signedIn(who))).json().data.email).toBe(address);
  });

  it('refuses an address without a waiting e-ID, or one that waited too long', async () => {
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/email',
      payload: { data: { email: 'x@test.se' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(translator('sv-SE')('errors.oidc.pending_expired'));

    const response = await signIn(person({ email: undefined }));
    const pending = `oidc_pending=${cookieValue(response, 'oidc_pending')}`;
    ahead = 31 * 60_000;
    const late = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/email',
      cookie: pending,
      headers: { 'accept-language': 'en-US' },
      payload: { data: { email: 'late@test.se' } },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(translator('en-US')('errors.oidc.pending_expired'));
    expect(await mails('late@test.se')).toEqual([]);
  });
});

describe('the personal number', () => {
  it('is kept nowhere in clear, and no answer or mail holds it', async () => {
    const who = person({ personalNumber: '19760305-2648' });
    const digits = '197603052648';
    const answers: string[] = [];
    const flow = await start();
    const first = await postCallback(flow.cookie, await provider.signInAtProvider(flow.url, { ...who, email: undefined }));
    answers.push(first.body, JSON.stringify(first.headers));
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/email',
      cookie: `oidc_pending=${cookieValue(first, 'oidc_pending')}`,
      payload: { data: { email: who.email } },
    });
    answers.push(sent.body);
    const token = (await mails(who.email!)).at(-1)!.body_text.match(/\/logga-in\/([\w-]+)/)![1];
    const spent = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token } } });
    const cookie = `applicant_session=${cookieValue(spent, 'applicant_session')}`;
    answers.push((await me(cookie)).body, (await signIn(who)).body);
    const { id } = await t.db.selectFrom('frontend_users').select('id').where('email', '=', who.email!).executeTakeFirstOrThrow();
    answers.push(JSON.stringify((await applicantData(t.db, id, new Date())).data));

    for (const table of ['frontend_users', 'oidc_identities', 'oidc_pending', 'oidc_flows', 'login_links', 'sessions', 'outbox'] as const) {
      const rows = await sql<{ row: string }>`SELECT row_to_json(x)::text AS row FROM ${sql.table(table)} x`.execute(t.db);
      for (const { row } of rows.rows) {
        expect(row, table).not.toContain(digits);
        expect(row, table).not.toContain('19760305-2648');
      }
    }
    for (const answer of answers) {
      expect(answer).not.toContain(digits);
      expect(answer).not.toContain('19760305-2648');
    }
  });
});

describe('a sign-in that fails', () => {
  /** A callback and the cookie it is posted with, made to fail one way. */
  type Prepared = { cookie: string; search: string };
  const failures: [string, string, () => Promise<Prepared>][] = [
    [
      'the callback of another flow than the browser’s',
      'state',
      async () => {
        const [mine, theirs] = [await start(), await start()];
        return { cookie: mine.cookie, search: await provider.signInAtProvider(theirs.url, person()) };
      },
    ],
    [
      'the same callback posted twice',
      'replay',
      async () => {
        const flow = await start();
        const search = await provider.signInAtProvider(flow.url, person());
        expect((await postCallback(flow.cookie, search)).statusCode).toBe(200);
        return { cookie: flow.cookie, search };
      },
    ],
    [
      'a code already used, brought to a new flow',
      'replay',
      async () => {
        const used = await start();
        const search = await provider.signInAtProvider(used.url, person());
        expect((await postCallback(used.cookie, search)).statusCode).toBe(200);
        const flow = await start();
        const replayed = new URLSearchParams(search);
        replayed.set('state', flow.state);
        return { cookie: flow.cookie, search: `?${replayed}` };
      },
    ],
    [
      'an ID token with another nonce than the flow’s',
      'nonce',
      async () => {
        const flow = await start();
        const url = new URL(flow.url);
        url.searchParams.set('nonce', randomBytes(32).toString('base64url'));
        return { cookie: flow.cookie, search: await provider.signInAtProvider(url.href, person()) };
      },
    ],
    [
      'a code whose challenge is another verifier’s (PKCE)',
      'replay',
      async () => {
        const flow = await start();
        const url = new URL(flow.url);
        url.searchParams.set('code_challenge', randomBytes(32).toString('base64url'));
        return { cookie: flow.cookie, search: await provider.signInAtProvider(url.href, person()) };
      },
    ],
    [
      'an ID token expired by the app’s clock',
      'expired',
      async () => {
        ahead = 2 * 3600_000;
        const flow = await start();
        return { cookie: flow.cookie, search: await provider.signInAtProvider(flow.url, person()) };
      },
    ],
    [
      'an iss that is not the provider’s',
      'issuer',
      async () => {
        const flow = await start();
        const search = new URLSearchParams(await provider.signInAtProvider(flow.url, person()));
        search.set('iss', 'https://evil.example');
        return { cookie: flow.cookie, search: `?${search}` };
      },
    ],
    [
      'a sign-in at another provider',
      'issuer',
      async () => {
        const flow = await start();
        const url = new URL(flow.url);
        return { cookie: flow.cookie, search: await other.signInAtProvider(`${other.issuer}${url.pathname}${url.search}`, person()) };
      },
    ],
    [
      'the person cancelling at the provider',
      'cancelled',
      async () => {
        const flow = await start();
        return { cookie: flow.cookie, search: await provider.cancelAtProvider(flow.url) };
      },
    ],
  ];

  let other: OidcServer;
  beforeAll(async () => {
    other = await startOidcServer({ clients: [client] });
  });
  afterAll(() => other?.stop());

  it.each(failures)('refuses %s with its message, and signs nobody in', async (_case, kind, prepare) => {
    for (const locale of ['sv-SE', 'en-US'] as const) {
      ahead = 0;
      const { cookie, search } = await prepare();
      const before = await t.db
        .selectFrom('sessions')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const response = await postCallback(cookie, search, locale);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(translator(locale)(`errors.oidc.${kind}`));
      expect(cookieValue(response, 'applicant_session')).toBeUndefined();
      const after = await t.db
        .selectFrom('sessions')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    }
  });

  it('checks the expired token itself, not only the flow', async () => {
    ahead = 2 * 3600_000;
    const flow = await start();
    const response = await postCallback(flow.cookie, await provider.signInAtProvider(flow.url, person()));
    expect(response.json().message).toBe(translator('sv-SE')('errors.oidc.expired'));
    // The flow was live and spent: the ID token's time was what failed.
    const row = await t.db
      .selectFrom('oidc_flows')
      .select('used_at')
      .where('state_hash', '=', hashToken(flow.state))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeInstanceOf(Date);
  });

  it('refuses a callback without the flow’s cookie, or of a flow that ran out', async () => {
    const flow = await start();
    const search = await provider.signInAtProvider(flow.url, person());
    expect((await postCallback('', search)).json().message).toBe(translator('sv-SE')('errors.oidc.state'));
    ahead = 11 * 60_000;
    expect((await postCallback(flow.cookie, search)).json().message).toBe(translator('sv-SE')('errors.oidc.expired'));
  });
});

describe('deleting the account', () => {
  it('lists the linked providers in the download, and an erasure forgets the identities and the personal number', async () => {
    const who = person();
    const cookie = await signedIn(who);
    const { id } = await t.db.selectFrom('frontend_users').select('id').where('email', '=', who.email!).executeTakeFirstOrThrow();
    const { data } = await applicantData(t.db, id, new Date());
    expect(data.account.sign_in_providers).toEqual([{ provider: provider.issuer, linked_at: expect.any(Date) }]);
    const [{ subject }] = await identitiesOf(id);
    expect(JSON.stringify(data)).not.toContain(subject);

    // An approved application is kept, so the account is closed rather than deleted.
    const period = await createPeriod(t.db, `E-legitimation ${randomUUID()}`);
    await createApplication(t.db, {
      periodId: period.id,
      frontendUserId: id,
      status: enums.application_status.approved,
      approvedMoney: 10_000,
    });
    const erased = await call(t.app, { method: 'DELETE', url: '/api/v1/frontend-users/me', cookie, payload: { data: { confirm: true } } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data.account).toBe('closed');
    expect(await identitiesOf(id)).toEqual([]);
    const closed = await t.db
      .selectFrom('frontend_users')
      .select(['closed_at', 'personal_number_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ closed_at: expect.any(Date), personal_number_hash: null });

    // The same person signing in again is a new applicant.
    const again = await signedIn(who);
    expect((await me(again)).json().data.id).not.toBe(id);
  });
});

describe('without e-ID settings', () => {
  let plain: TestApp;
  let unreachable: TestApp;
  let port: number;
  beforeAll(async () => {
    plain = await createTestApp();
    // A port nobody listens on, until the test starts the provider there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    unreachable = await createTestApp({ config: { applicantOidc: settingsOf(`http://localhost:${port}`) } });
  });
  afterAll(async () => {
    await plain?.close();
    await unreachable?.close();
  });

  it('offers no provider, its routes are not found, and the links work as ever', async () => {
    expect((await call(plain.app, { method: 'GET', url: '/api/v1/frontend-users/oidc' })).json()).toEqual({ data: null });
    for (const [url, data] of [
      ['/frontend-users/oidc/start', {}],
      ['/frontend-users/oidc/callback', { callback: '?code=x&state=y' }],
      ['/frontend-users/oidc/email', { email: 'x@test.se' }],
    ] as const) {
      const response = await call(plain.app, { method: 'POST', url: `/api/v1${url}`, payload: { data } });
      expect(response.statusCode, url).toBe(404);
    }
    const address = 'plain@test.se';
    const registered = await call(plain.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/register',
      payload: { data: { email: address, email_confirmation: address, first_name: 'P', last_name: 'L' } },
    });
    expect(registered.statusCode).toBe(200);
    const [mail] = await plain.db.selectFrom('outbox').selectAll().where('recipient', '=', address).execute();
    const token = mail.body_text.match(/\/logga-in\/([\w-]+)/)![1];
    expect((await call(plain.app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token } } })).statusCode).toBe(
      200,
    );
  });

  it('says the provider cannot be reached, and tries again on the next sign-in', async () => {
    for (const locale of ['sv-SE', 'en-US'] as const) {
      const response = await call(unreachable.app, {
        method: 'POST',
        url: '/api/v1/frontend-users/oidc/start',
        headers: { 'accept-language': locale },
        payload: { data: {} },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(translator(locale)('errors.oidc.unavailable'));
    }
    const late = await startOidcServer({ clients: [client], port });
    try {
      const response = await call(unreachable.app, { method: 'POST', url: '/api/v1/frontend-users/oidc/start', payload: { data: {} } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.url).toMatch(new RegExp(`^http://localhost:${port}/auth\\?`));
    } finally {
      await late.stop();
    }
  });
});
