import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../resources/locales.js';
import { translator } from '../../i18n.js';
import { startOidcServer, type OidcServer, type TestPerson } from '../../test/oidcServer.js';
import { call, cookieValue, createStaff, createTestApp, type TestApp } from '../../test/testApp.js';

// Staff's single sign-on through the organisation's provider, a real OpenID Connect provider in this process.

const staffClient = {
  client_id: 'admin',
  client_secret: 'admin-secret-for-the-tests',
  redirect_uris: ['http://localhost:3000/admin/login/oidc'],
};
const portalClient = {
  client_id: 'portal',
  client_secret: 'portal-secret-for-the-tests',
  redirect_uris: ['http://localhost:3000/e-legitimation'],
};

let provider: OidcServer;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcServer({ clients: [staffClient, portalClient] });
  const settings = (c: typeof staffClient, displayName: string) => ({
    issuer: provider.issuer,
    clientId: c.client_id,
    clientSecret: c.client_secret,
    scopes: 'openid profile email',
    personalNumberClaim: null,
    displayName,
  });
  t = await createTestApp({
    config: { staffOidc: settings(staffClient, 'Stiftelsens konto'), applicantOidc: settings(portalClient, 'BankID') },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

async function start() {
  const response = await call(t.app, { method: 'POST', url: '/api/v1/auth/oidc/start' });
  expect(response.statusCode, response.body).toBe(200);
  return { url: response.json().data.url as string, cookie: `staff_oidc_flow=${cookieValue(response, 'staff_oidc_flow')}` };
}
const postCallback = (cookie: string, search: string, locale: Locale = 'sv-SE') =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/oidc/callback',
    cookie,
    headers: { 'accept-language': locale },
    payload: { data: { callback: search } },
  });
async function signIn(who: TestPerson, locale: Locale = 'sv-SE') {
  const flow = await start();
  return postCallback(flow.cookie, await provider.signInAtProvider(flow.url, who), locale);
}
const me = (cookie: string) => call(t.app, { method: 'GET', url: '/api/v1/users/me', cookie });
const sessionOf = (response: Awaited<ReturnType<typeof signIn>>) => `staff_session=${cookieValue(response, 'staff_session')}`;
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@test.se`;

describe('staff single sign-on', () => {
  it('names the sign-in for the login page', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/oidc' })).json()).toEqual({ data: { name: 'Stiftelsens konto' } });
  });

  it('signs in an active staff user by the address the provider gives, in any case, without the app’s second factor', async () => {
    const email = address('anna');
    const id = await createStaff(t.db, 'admin', email);
    // A second factor enrolled: the organisation's provider asks its own.
    await t.db.updateTable('users').set({ totp_secret: 'sealed', totp_enabled_at: new Date() }).where('id', '=', id).execute();
    const response = await signIn({ email: email.toUpperCase(), givenName: 'Anna' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { expires_in: 7200 } });
    expect(cookieValue(response, 'staff_oidc_flow')).toBe('');
    expect((await me(sessionOf(response))).json().data).toMatchObject({ id, email });
    const identity = await t.db.selectFrom('oidc_identities').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: provider.issuer, frontend_user_id: null });
  });

  it('finds the user by the identity once the address has changed at the provider', async () => {
    const email = address('erik');
    const id = await createStaff(t.db, 'utredare', email);
    const subject = `staff-${randomUUID()}`;
    expect((await signIn({ email, subject })).statusCode).toBe(200);
    const renamed = await signIn({ email: address('erik.new'), subject });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await me(sessionOf(renamed))).json().data.id).toBe(id);
  });

  it('refuses an unknown, an inactive or an unverified address, and an identity of a disabled user, opening no session', async () => {
    const inactive = address('inactive');
    await createStaff(t.db, 'utredare', inactive, false);
    const unverified = address('unverified');
    await createStaff(t.db, 'utredare', unverified);
    const disabled = address('disabled');
    const disabledId = await createStaff(t.db, 'utredare', disabled);
    const subject = `staff-${randomUUID()}`;
    expect((await signIn({ email: disabled, subject })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ active: false }).where('id', '=', disabledId).execute();

    for (const who of [
      { email: address('stranger') },
      { email: inactive },
      { email: unverified, emailVerified: false },
      { email: disabled, subject },
    ]) {
      for (const locale of ['sv-SE', 'en-US'] as const) {
        const response = await signIn(who, locale);
        expect(response.statusCode, who.email).toBe(403);
        expect(response.json().message).toBe(translator(locale)('errors.oidc.no_staff_account'));
        expect(cookieValue(response, 'staff_session')).toBeUndefined();
      }
    }
    expect(await t.db.selectFrom('oidc_identities').select('id').where('user_id', '=', disabledId).execute()).toHaveLength(1);
  });

  it('says when the person cancelled, and takes no applicant’s flow for a staff sign-in', async () => {
    const flow = await start();
    const cancelled = await postCallback(flow.cookie, await provider.cancelAtProvider(flow.url), 'en-US');
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().message).toBe(translator('en-US')('errors.oidc.cancelled'));

    const email = address('portal');
    await createStaff(t.db, 'admin', email);
    const applicantFlow = await call(t.app, { method: 'POST', url: '/api/v1/frontend-users/oidc/start', payload: { data: {} } });
    const url = applicantFlow.json().data.url as string;
    const search = await provider.signInAtProvider(url, { email });
    const response = await postCallback(`staff_oidc_flow=${cookieValue(applicantFlow, 'applicant_oidc_flow')}`, search);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(translator('sv-SE')('errors.oidc.state'));
    expect(cookieValue(response, 'staff_session')).toBeUndefined();
  });
});

describe('without single sign-on settings', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('offers none, and its routes are not found', async () => {
    expect((await call(plain.app, { method: 'GET', url: '/api/v1/auth/oidc' })).json()).toEqual({ data: null });
    expect((await call(plain.app, { method: 'POST', url: '/api/v1/auth/oidc/start' })).statusCode).toBe(404);
    const callback = await call(plain.app, {
      method: 'POST',
      url: '/api/v1/auth/oidc/callback',
      payload: { data: { callback: '?code=x' } },
    });
    expect(callback.statusCode).toBe(404);
  });
});
