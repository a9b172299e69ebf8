import { act } from 'react';
import { AuthContext } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpointFor, entityOf, requirementFor } from '../../../resources/index';
import { buttonNamed, pageText, typeInto, waitFor } from '../../components/testing/dom';
import { createAuthProvider } from '../../providers/authProvider';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import { fakeApi, type Recorded } from '../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { browserLocation } from './leavePage';
import { LoginPage } from './LoginPage';

// The sign-in as staff meet it, over the real auth- and dataProvider on a fake API: the password, then the second
// factor's code or a recovery code, or its enrolment where it is required; and the organisation's identity provider.

beforeEach(() => localStorage.clear());
afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const user = { id: 1, first_name: 'Anna', last_name: 'Admin', email: 'anna@stiftelsen.se', role: 'admin', locale: 'sv-SE' };
const ok = (data: unknown) => ({ status: 200, data: { data } });
const wrongCode = (field: string) => ({
  status: 422,
  data: { message: 'Koden stämmer inte.', errors: { [field]: ['Koden stämmer inte.'] } },
});

async function openLogin(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /auth/oidc': () => ok(null),
    'GET /users/me': () => ok(user),
    'GET /users/me/abilities': () => ok([]),
    ...routes,
  });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: (url) => staff.auth.handleUnauthorized(url), fetch: api.fetch });
  const staff = createAuthProvider(http, session, requirementFor, entityOf);
  await mountInAdmin(
    <AuthContext.Provider value={staff.provider}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/" element={<p>Översikten</p>} />
      </Routes>
    </AuthContext.Provider>,
    createDataProvider(http, endpointFor),
    '/login',
  );
  return { api, session, posts: (url: string) => api.calls.filter((c) => c.method !== 'GET' && c.url === url) };
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const click = (element: HTMLElement | null | undefined) => act(async () => element!.click());
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? '';

async function signInWithPassword() {
  await waitFor(() => !!input('email'), 'the form');
  await typeInto(input('email')!, 'anna@stiftelsen.se');
  await typeInto(input('password')!, 'rätt-lösenord');
  await click(buttonNamed('Logga in'));
}

describe('signing in with a second factor', { timeout: 20_000 }, () => {
  it('asks for the code from the app after the password, says when it is wrong, and signs in with the right one', async () => {
    const { api, session, posts } = await openLogin({
      'POST /auth/login': () => ok({ second_factor: 'verify' }),
      'POST /auth/second-factor': (request: Recorded) =>
        (request.body as { data: { code: string } }).data.code === '123456' ? ok({ expires_in: 7200 }) : wrongCode('code'),
    });
    await signInWithPassword();
    await waitFor(() => pageText().includes('Ange koden från din autentiseringsapp.'), 'the second step');
    expect(session.isLoggedIn()).toBe(false);
    // The password is gone from the page; the code field is where the cursor is, digits on a phone, filled by it.
    expect(input('password')).toBeNull();
    const code = input('code')!;
    expect(document.activeElement).toBe(code);
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');

    await typeInto(code, '000000');
    await click(buttonNamed('Logga in'));
    await waitFor(() => input('code')?.getAttribute('aria-invalid') === 'true', 'the field’s error');
    expect(pageText()).toContain('Koden stämmer inte.');

    await typeInto(input('code')!, '123 456');
    await click(buttonNamed('Logga in'));
    await waitFor(() => pageText().includes('Översikten'), 'the dashboard');
    expect(posts('/auth/second-factor').map((c) => c.body)).toEqual([{ data: { code: '000000' } }, { data: { code: '123456' } }]);
    expect(session.read()?.lifetime).toBe(7200);
    expect(api.calls.some((c) => c.url === '/users/me')).toBe(true);
  });

  it('takes a recovery code instead, from the link below the code', async () => {
    const { posts } = await openLogin({
      'POST /auth/login': () => ok({ second_factor: 'verify' }),
      'POST /auth/second-factor': (request: Recorded) =>
        'recovery_code' in (request.body as { data: object }).data ? ok({ expires_in: 7200 }) : wrongCode('code'),
    });
    await signInWithPassword();
    await waitFor(() => !!input('code'), 'the code');
    await click(buttonNamed('Använd en återställningskod'));
    expect(input('code')).toBeNull();
    expect(pageText()).toContain('Ange en av återställningskoderna du sparade');
    expect(document.activeElement).toBe(input('recovery_code'));
    await typeInto(input('recovery_code')!, ' k7m2p-x9q4t ');
    await click(buttonNamed('Logga in'));
    await waitFor(() => pageText().includes('Översikten'), 'the dashboard');
    expect(posts('/auth/second-factor').map((c) => c.body)).toEqual([{ data: { recovery_code: 'k7m2p-x9q4t' } }]);
  });

  it('goes back to the password with the server’s message when the sign-in has expired', async () => {
    const { session } = await openLogin({
      'POST /auth/login': () => ok({ second_factor: 'verify' }),
      'POST /auth/second-factor': () => ({ status: 401, data: { message: 'Inloggningen har gått ut. Logga in igen.' } }),
    });
    await signInWithPassword();
    await waitFor(() => !!input('code'), 'the code');
    await typeInto(input('code')!, '123456');
    await click(buttonNamed('Logga in'));
    await waitFor(() => !!input('password'), 'the password step');
    expect(alertText()).toBe('Inloggningen har gått ut. Logga in igen.');
    expect(input('email')!.value).toBe('anna@stiftelsen.se');
    expect(input('password')!.value).toBe('');
    expect(session.isLoggedIn()).toBe(false);
  });
});

describe('enrolling the second factor the foundation requires, while signing in', { timeout: 20_000 }, () => {
  const codes = Array.from({ length: 10 }, (_, i) => `k7m2p-x9q${i}t`);

  it('shows the QR code and the key, confirms a first code, and shows the recovery codes once before going on', async () => {
    // react-query reports the refused code on the console too.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, session, posts } = await openLogin({
      'POST /auth/login': () => ok({ second_factor: 'enrol' }),
      'POST /auth/second-factor/enrolment': () =>
        ok({
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          uri: 'otpauth://totp/Stiftelsen:anna%40stiftelsen.se?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Stiftelsen',
        }),
      'POST /auth/second-factor/enrolment/confirm': (request: Recorded) =>
        (request.body as { data: { code: string } }).data.code === '123456' ? ok({ recovery_codes: codes }) : wrongCode('code'),
      'POST /auth/second-factor/enrolment/complete': () => ok({ expires_in: 7200 }),
    });
    await signInWithPassword();
    await waitFor(() => pageText().includes('1. Skanna QR-koden med autentiseringsappen.'), 'the enrolment');
    expect(pageText()).toContain('Stiftelsen kräver tvåfaktorinloggning för personalens konton.');
    const qr = document.querySelector<HTMLImageElement>('img[alt="QR-kod att skanna med autentiseringsappen"]')!;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(qr.src)).toContain('<path d="M0 0h7v7H0z"/>');
    // The key for typing, in groups of four.
    expect(pageText()).toContain('Kan du inte skanna? Ange nyckeln i appen för hand:JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    // The challenge is the proof: no second password during the sign-in.
    expect(posts('/auth/second-factor/enrolment').map((c) => c.body)).toEqual([{ data: {} }]);

    await typeInto(input('code')!, '654321');
    await click(buttonNamed('Slå på'));
    await waitFor(() => pageText().includes('Koden stämmer inte.'), 'the wrong code');
    await typeInto(input('code')!, '123456');
    await click(buttonNamed('Slå på'));
    await waitFor(() => !!document.querySelector('ul[aria-label="Dina återställningskoder"]'), 'the codes');
    const shown = [...document.querySelectorAll('ul[aria-label="Dina återställningskoder"] li')].map((li) => li.textContent);
    expect(shown).toEqual(codes);
    expect(pageText()).toContain('de visas bara nu');
    expect(buttonNamed('Kopiera')).toBeDefined();
    expect(buttonNamed('Ladda ner')).toBeDefined();

    // Not signed in to the app, and nothing switched on, until the codes are marked saved.
    expect(buttonNamed('Fortsätt')!.disabled).toBe(true);
    expect(api.calls.some((c) => c.url === '/users/me')).toBe(false);
    expect(posts('/auth/second-factor/enrolment/complete')).toEqual([]);
    await click(document.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    expect(buttonNamed('Fortsätt')!.disabled).toBe(false);
    await click(buttonNamed('Fortsätt'));
    await waitFor(() => pageText().includes('Översikten'), 'the dashboard');
    expect(session.read()?.lifetime).toBe(7200);
    expect(posts('/auth/second-factor/enrolment/confirm').map((c) => c.body)).toEqual([
      { data: { code: '654321' } },
      { data: { code: '123456' } },
    ]);
    expect(posts('/auth/second-factor/enrolment/complete').map((c) => c.body)).toEqual([{ data: { codes_saved: true } }]);
  });
  it('goes back to the password, signed out, when the sign-in runs out before the codes are marked saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, session, posts } = await openLogin({
      'POST /auth/login': () => ok({ second_factor: 'enrol' }),
      'POST /auth/second-factor/enrolment': () =>
        ok({ qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' }),
      'POST /auth/second-factor/enrolment/confirm': () => ok({ recovery_codes: codes }),
      'POST /auth/second-factor/enrolment/complete': () => ({ status: 401, data: { message: 'Inloggningen har gått ut. Logga in igen.' } }),
    });
    await signInWithPassword();
    await waitFor(() => !!input('code'), 'the enrolment');
    await typeInto(input('code')!, '123456');
    await click(buttonNamed('Slå på'));
    await waitFor(() => !!document.querySelector('ul[aria-label="Dina återställningskoder"]'), 'the codes');
    await click(document.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await click(buttonNamed('Fortsätt'));
    await waitFor(() => alertText() === 'Inloggningen har gått ut. Logga in igen.', 'the password again');
    expect(input('password')).not.toBeNull();
    expect(posts('/auth/second-factor/enrolment/complete')).toHaveLength(1);
    expect(api.calls.some((c) => c.url === '/users/me')).toBe(false);
    expect(session.isLoggedIn()).toBe(false);
  });
});

describe('signing in through the organisation’s identity provider', { timeout: 20_000 }, () => {
  it('offers no such button when the server offers none', async () => {
    const { api } = await openLogin({});
    await waitFor(() => api.calls.some((c) => c.url === '/auth/oidc'), 'the question');
    await waitFor(() => !!input('email'), 'the form');
    expect([...document.querySelectorAll('button')].filter((b) => b.textContent?.startsWith('Logga in med'))).toEqual([]);
    expect(pageText()).not.toContain('eller med e-post och lösenord');
  });

  it('offers it above the password when set up, and sends the browser to the provider', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { posts } = await openLogin({
      'GET /auth/oidc': () => ok({ name: 'Stiftelsens konto' }),
      'POST /auth/oidc/start': () => ok({ url: 'https://idp.example/authorize?client_id=portal&state=s1' }),
    });
    await waitFor(() => !!buttonNamed('Logga in med Stiftelsens konto'), 'the button');
    expect(pageText()).toContain('eller med e-post och lösenord');
    await click(buttonNamed('Logga in med Stiftelsens konto'));
    await waitFor(() => assign.mock.calls.length > 0, 'leaving for the provider');
    expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?client_id=portal&state=s1');
    expect(posts('/auth/oidc/start')).toHaveLength(1);
  });
});
