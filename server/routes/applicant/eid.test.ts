import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import type { Locale } from '../../../resources/locales.js';
import { hashToken } from '../../tokens.js';
import { applicantData } from '../../dataProtection/dataExport.js';
import { translator } from '../../i18n.js';
import { createApplication, createPeriod } from '../../test/handlingFixtures.js';
import { eidSettings, eidSignIns, person, portalClient, spendLink } from '../../test/eidSignIns.js';
import { startOidcServer, type OidcServer } from '../../test/oidcServer.js';
import { call, cookieValue, createTestApp, type TestApp } from '../../test/testApp.js';

// Applicants' sign-in by e-ID, against a real OpenID Connect provider in this process: nothing mocked.

let provider: OidcServer;
let t: TestApp;
/** How far the app's clock is ahead of the real one. */
let ahead = 0;
beforeAll(async () => {
  provider = await startOidcServer({ clients: [portalClient] });
  t = await createTestApp({ clock: { now: () => new Date(Date.now() + ahead) }, config: { applicantOidc: eidSettings(provider.issuer) } });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});
beforeEach(async () => {
  ahead = 0;
  await t.db.deleteFrom('login_attempts').execute();
});

const { start, postCallback, signIn, signedIn, waiting, giveAddress } = eidSignIns(
  () => t.app,
  () => provider,
);
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
    // The link is the account's first event, and its owner hears of it.
    expect((await accountEid(cookie)).json().data.history).toEqual([
      { event: 'eid_linked', provider: 'BankID', person_name: 'Åsa Öberg', created_at: expect.any(String) },
    ]);
    expect((await mails(who.email!)).map((mail) => mail.subject)).toEqual([
      'En e-legitimation har kopplats till ditt konto – Ansökningsportalen',
    ]);

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
    expect((await accountEid(other)).json().data.history.map((entry: { event: string }) => entry.event)).toEqual([
      'eid_linked',
      'eid_linked',
    ]);

    // An applicant registered by link, signing in by e-ID with that address verified: linked, and given the number.
    const address = `linked-${randomUUID().slice(0, 8)}@test.se`;
    const registration = await call(t.app, {
      method: 'POST',
      url: '/api/v1/frontend-users/register',
      payload: { data: { email: address, email_confirmation: address, first_name: 'Lina', last_name: 'Länk' } },
    });
    expect(registration.statusCode).toBe(200);
    const linkRegistered = await t.db.selectFrom('frontend_users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
    const byAddress = person({ email: address.toUpperCase(), givenName: 'Someone', familyName: 'Else' });
    const cookie = await signedIn(byAddress);
    expect((await me(cookie)).json().data).toMatchObject({ id: linkRegistered.id, first_name: 'Lina', last_name: 'Länk' });
    const after = await t.db.selectFrom('frontend_users').selectAll().where('id', '=', linkRegistered.id).executeTakeFirstOrThrow();
    expect(after.personal_number_hash).toEqual(t.app.authKeys.personalNumberHash(byAddress.personalNumber));
    expect(after.verified_at).toBeInstanceOf(Date);
    expect((await mails(address)).at(-1)!.body_text).toContain('Namn: Someone Else');
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

/** The signed-in applicant's e-ID as the confirmation page and My data read it. */
const accountEid = (cookie: string, locale: Locale = 'sv-SE') =>
  call(t.app, { method: 'GET', url: '/api/v1/frontend-users/me/eid', cookie, headers: { 'accept-language': locale } });
/** The owner's answer to a waiting e-ID on the confirmation page. */
const answer = (cookie: string, id: string, action: 'confirm' | 'decline', locale: Locale = 'sv-SE') =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/frontend-users/me/eid/requests/${id}/${action}`,
    cookie,
    headers: { 'accept-language': locale },
  });
/** Removes the account's e-ID link, confirmed, as My data does. */
const removeLink = (cookie: string, locale: Locale = 'sv-SE') =>
  call(t.app, {
    method: 'DELETE',
    url: '/api/v1/frontend-users/me/eid',
    cookie,
    headers: { 'accept-language': locale },
    payload: { data: { confirm: true } },
  });
/** Registers an applicant with the address by its e-mailed link, in `locale`; answers their session's cookie. */
async function registered(address: string, names: { first_name: string; last_name: string }, locale: Locale = 'sv-SE') {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/v1/frontend-users/register',
    headers: { 'accept-language': locale },
    payload: { data: { email: address, email_confirmation: address, ...names } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return spendLink(t.app, (await mails(address)).at(-1)!.body_text);
}
const accountOf = (address: string) => t.db.selectFrom('frontend_users').selectAll().where('email', '=', address).executeTakeFirstOrThrow();

describe('an e-ID without a verified address', () => {
  it('asks for one, mails its owner what asks to be linked, and only their confirmation on the page links the e-ID', async () => {
    const who = person({ email: undefined, givenName: 'Nils', familyName: 'Näslund' });
    const response = await signIn(who);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { needs_email: true, first_name: 'Nils', last_name: 'Näslund' } });
    expect(cookieValue(response, 'applicant_session')).toBeUndefined();
    const pending = `oidc_pending=${cookieValue(response, 'oidc_pending')}`;

    const address = `nils-${randomUUID().slice(0, 8)}@test.se`;
    const sent = await giveAddress(pending, address);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.message).toBe(translator('sv-SE')('auth.link_sent'));
    // A new address is registered with the e-ID's names, as /register would, and is nobody's until its link is opened.
    const account = await accountOf(address);
    expect(account).toMatchObject({ first_name: 'Nils', last_name: 'Näslund', verified_at: null, personal_number_hash: null });
    const [mail] = await mails(address);
    expect(mail.subject).toBe('Vill du koppla BankID till ditt konto? – Ansökningsportalen');
    expect(mail.body_text).toContain('Namn: Nils Näslund');
    expect(mail.body_text).toMatch(/\/logga-in\/[\w-]+\?next=%2Fe-legitimation%2Fkoppla\n/);

    // The link signs in and verifies the address, and links nothing.
    const cookie = await spendLink(t.app, mail.body_text);
    expect(await identitiesOf(account.id)).toEqual([]);
    expect(await accountOf(address)).toMatchObject({ verified_at: expect.any(Date), personal_number_hash: null });
    const shown = (await accountEid(cookie)).json().data;
    expect(shown).toMatchObject({ provider: 'BankID', linked_at: null, history: [] });
    expect(shown.requests).toEqual([
      {
        id: expect.any(String),
        first_name: 'Nils',
        last_name: 'Näslund',
        requested_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);

    const confirmed = await answer(cookie, shown.requests[0].id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      linked_at: expect.any(String),
      requests: [],
      history: [{ event: 'eid_linked', provider: 'BankID', person_name: 'Nils Näslund', created_at: expect.any(String) }],
    });
    expect(await identitiesOf(account.id)).toHaveLength(1);
    expect((await accountOf(address)).personal_number_hash).toEqual(t.app.authKeys.personalNumberHash(who.personalNumber));
    expect(await t.db.selectFrom('oidc_pending').select('id').where('frontend_user_id', '=', account.id).execute()).toEqual([]);
    expect((await mails(address)).at(-1)!.subject).toBe('En e-legitimation har kopplats till ditt konto – Ansökningsportalen');

    const next = await signedIn(who);
    expect((await me(next)).json().data.id).toBe(account.id);
  });

  it('asks one address’s owner per sign-in', async () => {
    const pending = await waiting(person({ email: undefined }));
    const first = `first-${randomUUID().slice(0, 8)}@test.se`;
    const second = `second-${randomUUID().slice(0, 8)}@test.se`;
    expect((await giveAddress(pending, first)).statusCode).toBe(200);
    const again = await giveAddress(pending, second, 'en-US');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(translator('en-US')('errors.oidc.pending_expired'));
    expect(await mails(second)).toEqual([]);
  });

  it('refuses an address without a waiting e-ID, or one that waited too long', async () => {
    const refused = await giveAddress('', 'x@test.se');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(translator('sv-SE')('errors.oidc.pending_expired'));

    const pending = await waiting(person({ email: undefined }));
    ahead = 31 * 60_000;
    const late = await giveAddress(pending, 'late@test.se', 'en-US');
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(translator('en-US')('errors.oidc.pending_expired'));
    expect(await mails('late@test.se')).toEqual([]);
  });

  it('links nothing once the request has waited its 30 minutes, and the page says nothing waits', async () => {
    const address = `owner-${randomUUID().slice(0, 8)}@test.se`;
    const cookie = await registered(address, { first_name: 'Olle', last_name: 'Ägare' });
    const who = person({ email: undefined });
    await giveAddress(await waiting(who), address);
    const [request] = (await accountEid(cookie)).json().data.requests;
    expect(request).toBeDefined();

    ahead = 31 * 60_000;
    expect((await accountEid(cookie)).json().data.requests).toEqual([]);
    for (const [locale, action] of [
      ['sv-SE', 'confirm'],
      ['en-US', 'decline'],
    ] as const) {
      const late = await answer(cookie, request.id, action, locale);
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toBe(translator(locale)('errors.oidc.link_expired'));
    }
    expect(await identitiesOf((await accountOf(address)).id)).toEqual([]);
    // The e-ID still asks for an address: nothing was linked.
    ahead = 0;
    await waiting(who);
  });

  it('answers a request only to the account it asks', async () => {
    const asked = `asked-${randomUUID().slice(0, 8)}@test.se`;
    const other = `other-${randomUUID().slice(0, 8)}@test.se`;
    await registered(asked, { first_name: 'Asta', last_name: 'Frågad' });
    const otherCookie = await registered(other, { first_name: 'Otto', last_name: 'Annan' });
    await giveAddress(await waiting(person({ email: undefined })), asked);
    const { id } = await t.db
      .selectFrom('oidc_pending')
      .select('id')
      .where('frontend_user_id', '=', (await accountOf(asked)).id)
      .executeTakeFirstOrThrow();
    expect((await accountEid(otherCookie)).json().data.requests).toEqual([]);
    const refused = await answer(otherCookie, id, 'confirm');
    expect(refused.statusCode).toBe(422);
    expect(await identitiesOf((await accountOf(other)).id)).toEqual([]);
    expect(await identitiesOf((await accountOf(asked)).id)).toEqual([]);
  });
});

/** A moment as the mails and the confirmation page name it: Stockholm's clock, in the language's way. */
const stockholmTime = (at: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' }).format(new Date(at));

/** What the owner reads in each language: the mails' subjects and lines. */
const read = {
  'sv-SE': {
    request: 'Vill du koppla BankID till ditt konto? – Ansökningsportalen',
    provider: 'E-legitimation: BankID',
    name: (name: string) => `Namn: ${name}`,
    time: (at: string) => `Tid: ${stockholmTime(at, 'sv-SE')} (svensk tid)`,
    notYou: 'Var det inte du? Bortse från det här meddelandet. Ingenting kopplas utan att du bekräftar det',
    linked: 'En e-legitimation har kopplats till ditt konto – Ansökningsportalen',
    removed: 'En e-legitimation har tagits bort från ditt konto – Ansökningsportalen',
    removedLine: (at: string) =>
      `Kopplingen mellan BankID och ditt konto i Ansökningsportalen togs bort ${stockholmTime(at, 'sv-SE')} (svensk tid).`,
    loginLink: 'Din inloggningslänk – Ansökningsportalen',
  },
  'en-US': {
    request: 'Link BankID to your account? – Ansökningsportalen',
    provider: 'E-ID: BankID',
    name: (name: string) => `Name: ${name}`,
    time: (at: string) => `Time: ${stockholmTime(at, 'en-US')} (Stockholm time)`,
    notYou: 'Was it not you? Ignore this e-mail. Nothing is linked unless you confirm it',
    linked: 'An e-ID was linked to your account – Ansökningsportalen',
    removed: 'An e-ID link was removed from your account – Ansökningsportalen',
    removedLine: (at: string) =>
      `The link between BankID and your account in Ansökningsportalen was removed on ${stockholmTime(at, 'en-US')} (Stockholm time).`,
    loginLink: 'Your sign-in link – Ansökningsportalen',
  },
} as const;

describe.each(['sv-SE', 'en-US'] as const)('an e-ID sign-in never takes over an account (%s)', (locale) => {
  it('mails the owner what asks to be linked, links nothing by the mail’s link, links only what they confirm, refuses a second person’s e-ID, and records and mails each link and unlink', async () => {
    const t_ = translator(locale);
    const words = read[locale];
    // The victim: an applicant registered by e-mailed link, in their language.
    const address = `victim-${randomUUID().slice(0, 8)}@test.se`;
    const owner = await registered(address, { first_name: 'Vera', last_name: 'Ägare' }, locale);
    const { id: accountId } = await accountOf(address);
    const before = (await mails(address)).length;

    // A stranger signs in with an e-ID whose e-mail the broker has not verified, and gives the victim's address.
    const stranger = person({ email: address, emailVerified: false, givenName: 'Sten', familyName: 'Främling' });
    const signedInAt = Date.now();
    const asked = await giveAddress(await waiting(stranger, locale), address, locale);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.message).toBe(t_('auth.link_sent'));

    // The victim's mail says what it is: the provider, the e-ID's name, the time in Stockholm, and to ignore it.
    const [mail, ...more] = (await mails(address)).slice(before);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(words.request);
    expect(mail.subject).not.toBe(words.loginLink);
    const [request] = (await accountEid(owner, locale)).json().data.requests;
    expect(request).toMatchObject({ first_name: 'Sten', last_name: 'Främling' });
    expect(new Date(request.requested_at).getTime()).toBeGreaterThanOrEqual(signedInAt - 1000);
    expect(new Date(request.requested_at).getTime()).toBeLessThanOrEqual(Date.now());
    for (const line of [words.provider, words.name('Sten Främling'), words.time(request.requested_at), words.notYou])
      expect(mail.body_text).toContain(line);

    // The mail's link alone signs the victim in and links nothing: the stranger's e-ID still cannot sign in.
    const victim = await spendLink(t.app, mail.body_text);
    expect(await identitiesOf(accountId)).toEqual([]);
    const stillOutside = await signIn(stranger, undefined, locale);
    expect(stillOutside.json().data).toMatchObject({ needs_email: true });
    expect(cookieValue(stillOutside, 'applicant_session')).toBeUndefined();

    // The owner's own e-ID asks too; the page shows both, each with its name and time.
    const own = person({ email: undefined, givenName: 'Vera', familyName: 'Ägare' });
    await giveAddress(await waiting(own, locale), address, locale);
    const page = (await accountEid(victim, locale)).json().data;
    expect(page).toMatchObject({ provider: 'BankID', linked_at: null, history: [] });
    expect(page.requests.map((r: { first_name: string }) => r.first_name)).toEqual(['Sten', 'Vera']);
    const [strangers, owners] = page.requests as { id: string }[];

    // Only the owner's confirmation links: their e-ID now signs in to the account, the stranger's still does not.
    const confirmed = await answer(victim, owners.id, 'confirm', locale);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ linked_at: expect.any(String), requests: [{ id: strangers.id }] });
    expect((await me(await signedIn(own))).json().data.id).toBe(accountId);
    expect((await signIn(stranger, undefined, locale)).json().data).toMatchObject({ needs_email: true });
    const linkedMail = (await mails(address)).at(-1)!;
    expect(linkedMail.subject).toBe(words.linked);
    expect(linkedMail.body_text).toContain(words.name('Vera Ägare'));

    // A second, different e-ID is refused for the linked account, even confirmed: nothing is linked.
    const refused = await answer(victim, strangers.id, 'confirm', locale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(t_('errors.oidc.link_other_person'));
    expect(await identitiesOf(accountId)).toHaveLength(1);
    expect((await signIn(stranger, undefined, locale)).json().data).toMatchObject({ needs_email: true });
    const declined = await answer(victim, strangers.id, 'decline', locale);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.requests).toEqual([]);

    // Removing the link: the owner's e-ID no longer signs in, and they are mailed.
    const removed = await removeLink(victim, locale);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ linked_at: null });
    expect(await identitiesOf(accountId)).toEqual([]);
    expect((await accountOf(address)).personal_number_hash).toBeNull();
    await waiting(own, locale);
    const removedMail = (await mails(address)).at(-1)!;
    expect(removedMail.subject).toBe(words.removed);
    const history = removed.json().data.history as { event: string; person_name: string | null; created_at: string }[];
    expect(removedMail.body_text).toContain(words.removedLine(history[0].created_at));

    // The account's history holds the link, the refusal's decline and the removal, newest first; the download too.
    expect(history.map((entry) => [entry.event, entry.person_name])).toEqual([
      ['eid_unlinked', null],
      ['eid_link_declined', 'Sten Främling'],
      ['eid_linked', 'Vera Ägare'],
    ]);
    const { data } = await applicantData(t.db, accountId, new Date());
    expect(data.account.sign_in_history.map((entry) => entry.event)).toEqual(
      ['eid_unlinked', 'eid_link_declined', 'eid_linked'].map((event) => t_(`data_export.eid_events.${event}`)),
    );

    // Nothing more is mailed for a refusal or a decline: the request, the link and the removal.
    expect((await mails(address)).slice(before).map((m) => m.subject)).toEqual([words.request, words.request, words.linked, words.removed]);
  });
});

describe('one person’s e-ID to an account', () => {
  it('refuses another identity of the same provider when neither gave a personal number, on every way of linking', async () => {
    const address = `nonumber-${randomUUID().slice(0, 8)}@test.se`;
    const first = { subject: `first-${randomUUID()}`, email: address, givenName: 'Ebba', familyName: 'Ett' };
    const cookie = await signedIn(first);
    const { id } = await accountOf(address);
    // Another subject at the same provider, with the same verified address: another person (a shared mailbox).
    const shared = await signIn({ subject: `second-${randomUUID()}`, email: address, givenName: 'Tore', familyName: 'Två' });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe(translator('sv-SE')('errors.oidc.other_person'));
    // The same, waiting for an address and confirmed by the owner.
    const second = { subject: `second-${randomUUID()}`, email: undefined, givenName: 'Tore', familyName: 'Två' };
    await giveAddress(await waiting(second), address);
    const [request] = (await accountEid(cookie)).json().data.requests;
    const refused = await answer(cookie, request.id, 'confirm', 'en-US');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translator('en-US')('errors.oidc.link_other_person'));
    expect(await identitiesOf(id)).toHaveLength(1);
  });

  it('refuses an e-ID that became another account’s while it waited', async () => {
    const address = `waited-${randomUUID().slice(0, 8)}@test.se`;
    const cookie = await registered(address, { first_name: 'Vide', last_name: 'Väntande' });
    const who = person({ email: undefined });
    await giveAddress(await waiting(who), address);
    // Meanwhile the same e-ID signs in with an address its broker verified: linked to that new account.
    await signedIn({ ...who, email: `verified-${randomUUID().slice(0, 8)}@test.se` });
    const [request] = (await accountEid(cookie)).json().data.requests;
    const refused = await answer(cookie, request.id, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(translator('sv-SE')('errors.oidc.link_taken'));
    expect(await identitiesOf((await accountOf(address)).id)).toEqual([]);
  });
});

describe('removing the e-ID link', () => {
  it('needs a confirmation and a link to remove, each refusal translated', async () => {
    const who = person();
    const cookie = await signedIn(who);
    const unconfirmed = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/frontend-users/me/eid',
      cookie,
      headers: { 'accept-language': 'en-US' },
      payload: { data: { confirm: false } },
    });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors.confirm).toEqual([translator('en-US')('errors.confirm_required')]);
    expect((await removeLink(cookie)).statusCode).toBe(200);
    const again = await removeLink(cookie);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(translator('sv-SE')('errors.oidc.none_linked'));
    expect((await call(t.app, { method: 'GET', url: '/api/v1/frontend-users/me/eid' })).statusCode).toBe(401);
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
    const sent = await giveAddress(`oidc_pending=${cookieValue(first, 'oidc_pending')}`, who.email!);
    answers.push(sent.body);
    const cookie = await spendLink(t.app, (await mails(who.email!)).at(-1)!.body_text);
    const shown = await accountEid(cookie);
    const confirmed = await answer(cookie, shown.json().data.requests[0].id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    answers.push(shown.body, confirmed.body, (await me(cookie)).body, (await signIn(who)).body);
    const { id } = await accountOf(who.email!);
    answers.push(JSON.stringify((await applicantData(t.db, id, new Date())).data));

    for (const table of [
      'frontend_users',
      'oidc_identities',
      'oidc_pending',
      'oidc_flows',
      'login_links',
      'sessions',
      'outbox',
      'applicant_account_history',
    ] as const) {
      const rows = await sql<{ row: string }>`SELECT row_to_json(x)::text AS row FROM ${sql.table(table)} x`.execute(t.db);
      for (const { row } of rows.rows) {
        expect(row, table).not.toContain(digits);
        expect(row, table).not.toContain('19760305-2648');
      }
    }
    for (const text of answers) {
      expect(text).not.toContain(digits);
      expect(text).not.toContain('19760305-2648');
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
    other = await startOidcServer({ clients: [portalClient] });
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

/** The rows of the account's history, as the database keeps them. */
const historyRows = (frontendUserId: number) =>
  t.db.selectFrom('applicant_account_history').selectAll().where('frontend_user_id', '=', frontendUserId).execute();

describe('deleting the account', () => {
  it('lists the linked providers and the history in the download, and an erasure closing the account forgets them all', async () => {
    const who = person();
    const cookie = await signedIn(who);
    const { id } = await accountOf(who.email!);
    // An e-ID that waits for this account's owner names a person too.
    await giveAddress(await waiting(person({ email: undefined, givenName: 'Vilma', familyName: 'Väntar' })), who.email!);
    const { data } = await applicantData(t.db, id, new Date());
    expect(data.account.sign_in_providers).toEqual([{ provider: provider.issuer, linked_at: expect.any(Date) }]);
    expect(data.account.sign_in_history).toEqual([
      { event: 'E-legitimation kopplad', provider: 'BankID', name: 'Åsa Öberg', at: expect.any(Date) },
    ]);
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
    expect(await historyRows(id)).toEqual([]);
    expect(await t.db.selectFrom('oidc_pending').select('id').where('frontend_user_id', '=', id).execute()).toEqual([]);
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

  it('deletes an account with nothing kept together with its history', async () => {
    const who = person();
    const cookie = await signedIn(who);
    const { id } = await accountOf(who.email!);
    expect(await historyRows(id)).toHaveLength(1);
    const erased = await call(t.app, { method: 'DELETE', url: '/api/v1/frontend-users/me', cookie, payload: { data: { confirm: true } } });
    expect(erased.json().data.account).toBe('deleted');
    expect(await historyRows(id)).toEqual([]);
    expect(await t.db.selectFrom('frontend_users').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});

describe('the account’s history', () => {
  it('takes no change and no deletion but its account’s erasure', async () => {
    const who = person();
    await signedIn(who);
    const { id } = await accountOf(who.email!);
    const refusals = [
      () => t.db.updateTable('applicant_account_history').set({ person_name: null }).where('frontend_user_id', '=', id).execute(),
      () => t.db.deleteFrom('applicant_account_history').where('frontend_user_id', '=', id).execute(),
      () => t.db.deleteFrom('frontend_users').where('id', '=', id).execute(),
      () => sql`TRUNCATE applicant_account_history`.execute(t.db),
      // Naming another applicant's erasure lets none of this one's go.
      () =>
        t.db.transaction().execute(async (trx) => {
          await sql`select set_config('app.erasing_applicant', ${String(id + 1)}, true)`.execute(trx);
          await trx.deleteFrom('applicant_account_history').where('frontend_user_id', '=', id).execute();
        }),
    ];
    for (const refused of refusals) await expect(refused()).rejects.toMatchObject({ code: '23001' });
    expect(await historyRows(id)).toHaveLength(1);
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
    unreachable = await createTestApp({ config: { applicantOidc: eidSettings(`http://localhost:${port}`) } });
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
    const cookie = await spendLink(plain.app, mail.body_text);
    // My data's e-ID section has nothing to offer, and nothing can be linked or removed.
    const eid = await call(plain.app, { method: 'GET', url: '/api/v1/frontend-users/me/eid', cookie });
    expect(eid.json()).toEqual({ data: { provider: null, linked_at: null, requests: [], history: [] } });
    for (const [method, url] of [
      ['POST', '/frontend-users/me/eid/requests/1/confirm'],
      ['POST', '/frontend-users/me/eid/requests/1/decline'],
      ['DELETE', '/frontend-users/me/eid'],
    ] as const) {
      const response = await call(plain.app, { method, url: `/api/v1${url}`, cookie, payload: { data: { confirm: true } } });
      expect(response.statusCode, url).toBe(404);
    }
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
    const late = await startOidcServer({ clients: [portalClient], port });
    try {
      const response = await call(unreachable.app, { method: 'POST', url: '/api/v1/frontend-users/oidc/start', payload: { data: {} } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.url).toMatch(new RegExp(`^http://localhost:${port}/auth\\?`));
    } finally {
      await late.stop();
    }
  });
});
