import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Locale } from '../../resources/locales.js';
import type { OidcSettings } from '../config.js';
import type { OidcServer, TestPerson } from './oidcServer.js';
import { call, cookieValue } from './testApp.js';

// What the applicants' e-ID tests share: the portal as a client of the test provider, people of their own, and a
// sign-in from the start through the provider's page to the callback, as the browser and the return page make it.

export const portalClient = {
  client_id: 'portal',
  client_secret: 'portal-secret-for-the-tests',
  redirect_uris: ['http://localhost:3000/e-legitimation'],
};

/** The app's e-ID settings for a provider at `issuer`, named BankID. */
export const eidSettings = (issuer: string): OidcSettings => ({
  issuer,
  clientId: portalClient.client_id,
  clientSecret: portalClient.client_secret,
  scopes: 'openid profile email personal_number',
  personalNumberClaim: 'personal_number',
  displayName: 'BankID',
});

let people = 0;
/** A person of their own: a personal number nobody else in the file has, their names and a verified address. */
export function person(extra: Partial<TestPerson> = {}): TestPerson & { personalNumber: string } {
  people += 1;
  return {
    personalNumber: `19850101-${String(1000 + people)}`,
    givenName: 'Åsa',
    familyName: 'Öberg',
    email: `eid-${people}-${randomUUID().slice(0, 8)}@test.se`,
    ...extra,
  };
}

/** The e-ID sign-ins of the app and provider the getters give (both are made in the test file's beforeAll). */
export function eidSignIns(app: () => FastifyInstance, provider: () => OidcServer) {
  async function start(return_to?: string) {
    const response = await call(app(), {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/start',
      payload: { data: return_to === undefined ? {} : { return_to } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ data: { url: string } }>().data;
    return {
      url,
      state: new URL(url).searchParams.get('state')!,
      cookie: `applicant_oidc_flow=${cookieValue(response, 'applicant_oidc_flow')}`,
    };
  }
  const postCallback = (cookie: string, search: string, locale: Locale = 'sv-SE') =>
    call(app(), {
      method: 'POST',
      url: '/api/v1/frontend-users/oidc/callback',
      cookie,
      headers: { 'accept-language': locale },
      payload: { data: { callback: search } },
    });
  async function signIn(who: TestPerson, return_to?: string, locale: Locale = 'sv-SE') {
    const flow = await start(return_to);
    return postCallback(flow.cookie, await provider().signInAtProvider(flow.url, who), locale);
  }
  return {
    start,
    postCallback,
    signIn,
    /** Signs in and answers the applicant's session cookie. */
    async signedIn(who: TestPerson) {
      const response = await signIn(who);
      expect(response.statusCode, response.body).toBe(200);
      return `applicant_session=${cookieValue(response, 'applicant_session')}`;
    },
    /** Signs in an e-ID that gives no verified address: answers the cookie of the sign-in waiting for one. */
    async waiting(who: TestPerson, locale: Locale = 'sv-SE') {
      const response = await signIn(who, undefined, locale);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: unknown }>().data).toMatchObject({ needs_email: true });
      expect(cookieValue(response, 'applicant_session')).toBeUndefined();
      return `oidc_pending=${cookieValue(response, 'oidc_pending')}`;
    },
    /** Gives the address for a waiting e-ID, as the return page's form does. */
    giveAddress: (pending: string, address: string, locale: Locale = 'sv-SE') =>
      call(app(), {
        method: 'POST',
        url: '/api/v1/frontend-users/oidc/email',
        cookie: pending,
        headers: { 'accept-language': locale },
        payload: { data: { email: address } },
      }),
  };
}

/** The login link's token in a mail's text. */
export const tokenIn = (text: string) => /\/logga-in\/([\w-]+)/.exec(text)![1];

/** Spends a mailed login link as the Continue page does; answers the session's cookie. */
export async function spendLink(app: FastifyInstance, text: string) {
  const response = await call(app, { method: 'POST', url: '/api/v1/frontend-users/login', payload: { data: { token: tokenIn(text) } } });
  expect(response.statusCode, response.body).toBe(200);
  return `applicant_session=${cookieValue(response, 'applicant_session')}`;
}
