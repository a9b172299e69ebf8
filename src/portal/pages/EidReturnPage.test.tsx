import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import { rememberDestination } from '../afterLogin';
import { Route, Routes, useLocation } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';
import EidReturnPage from './EidReturnPage';

/** Every call the page made to the stubbed API, in order. */
let calls: Call[] = [];

/** Keys the page asked for that the language has no text for. */
let missing: string[] = [];

/** The address the router shows, beside the page: whether the query has left it, and where the page went. */
function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}
const address = () => document.querySelector('[data-testid="address"]')!.textContent;

/** Each test's own callback query: the page posts a query once per page load, whichever test loaded it. */
let round = 0;
const callbackQuery = () => `?code=code-${++round}&state=state-${round}&iss=https%3A%2F%2Fidp.example`;

/** The return page in Swedish at /e-legitimation with `query`, over the stubbed API, with the pages it goes on to. */
async function render(routes: Record<string, Handler>, query: string, { strict = false } = {}) {
  calls = stubApi(routes);
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale('sv-SE');
  const tree = (
    <>
      <Routes>
        <Route path="/e-legitimation" element={<EidReturnPage />} />
        <Route path="/register" element={<h1>Registrera dig eller logga in</h1>} />
        <Route path="*" element={<h1>Någon annanstans</h1>} />
      </Routes>
      <Address />
    </>
  );
  await mountInPortal(tree, i18nProvider, `/e-legitimation${query}`, { strict });
}

const button = (name: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}: ${text()}`);
  return found;
};
const link = (name: string) => [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === name);
const click = (element: HTMLElement) => act(async () => element.click());
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const callbacks = () => calls.filter((c) => c.path === '/frontend-users/oidc/callback');

beforeEach(() => localStorage.clear());
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the e-ID return page', { timeout: 20_000 }, () => {
  it('signs in with the provider’s answer and goes on to the path the sign-in started from', async () => {
    rememberDestination('/ansok');
    const query = callbackQuery();
    await render(
      { 'POST /frontend-users/oidc/callback': () => json(200, { data: { expires_in: 7200, return_to: '/dialog/abc' } }) },
      query,
    );
    await waitFor(() => address() === '/dialog/abc', 'the way on');
    expect(text()).toContain('Någon annanstans');
    expect(callbacks()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/frontend-users/oidc/callback', body: { data: { callback: query } } }),
    ]);
    // Signed in as after the e-mailed link, and the destination /register remembered is used up.
    expect(JSON.parse(localStorage.getItem('applicant_session')!)).toMatchObject({ lifetime: 7200 });
    expect(localStorage.getItem('after_login')).toBeNull();
  });

  it('goes to the start page, never elsewhere, when the answer names no path inside the portal', async () => {
    await render(
      { 'POST /frontend-users/oidc/callback': () => json(200, { data: { expires_in: 7200, return_to: '//evil.example/' } }) },
      callbackQuery(),
    );
    await waitFor(() => address() === '/', 'the start page');
    expect(localStorage.getItem('applicant_session')).not.toBeNull();
  });

  it('posts the callback once even when React runs the page’s effects twice, and takes it out of the address at once', async () => {
    let answer!: (response: Response) => void;
    await render({ 'POST /frontend-users/oidc/callback': () => new Promise<Response>((resolve) => (answer = resolve)) }, callbackQuery(), {
      strict: true,
    });
    await waitFor(() => callbacks().length > 0, 'the post');
    // Out of the address before the answer comes, so a reload meanwhile cannot post it again.
    await waitFor(() => address() === '/e-legitimation', 'the query to leave the address');
    expect(text()).toContain('Ett ögonblick, vi slutför inloggningen …');
    expect(document.querySelector('[role="progressbar"]')).not.toBeNull();
    await act(async () => answer(json(200, { data: { expires_in: 7200, return_to: null } })));
    await waitFor(() => address() === '/', 'the start page');
    expect(callbacks()).toHaveLength(1);
  });

  it('asks for an e-mail address when the e-ID gave none, takes the query away, and says a mail to confirm the link is on its way', async () => {
    await render(
      {
        'POST /frontend-users/oidc/callback': () => json(200, { data: { needs_email: true, first_name: 'Åsa', last_name: 'Öström' } }),
        'POST /frontend-users/oidc/email': () => json(200, { data: { message: 'Vi har skickat en länk.' } }),
      },
      callbackQuery(),
    );
    await waitFor(() => text().includes('Vilken e-postadress vill du använda?'), 'the e-mail form');
    expect(document.querySelector('h1')!.textContent).toBe('Vilken e-postadress vill du använda?');
    expect(text()).toContain('Identifierad som Åsa Öström');
    await waitFor(() => address() === '/e-legitimation', 'the query to leave the address');
    expect(document.title).toMatch(/^Logga in med e-legitimation/);
    expect(document.activeElement).toBe(input('email'));

    // The two addresses must agree, as on /register; nothing is sent until they do.
    await typeInto(input('email'), 'asa@example.se');
    await typeInto(input('email_confirmation'), 'asa@example.com');
    await act(async () => input('email').form!.requestSubmit());
    expect(text()).toContain('E-postadresserna stämmer inte överens.');
    expect(calls.filter((c) => c.path === '/frontend-users/oidc/email')).toEqual([]);

    await typeInto(input('email_confirmation'), ' asa@example.se ');
    await act(async () => input('email').form!.requestSubmit());
    await waitFor(() => !!document.querySelector('[role="status"]'), 'the confirmation');
    expect(document.querySelector('[role="status"]')!.textContent).toBe(
      'Vi har skickat ett mejl till asa@example.se. Öppna länken i det och bekräfta kopplingen inom 30 minuter.',
    );
    expect(calls.filter((c) => c.path === '/frontend-users/oidc/email').map((c) => c.body)).toEqual([
      { data: { email: 'asa@example.se' } },
    ]);
    expect(document.querySelector('form')).toBeNull();
    expect(callbacks()).toHaveLength(1);
    expect(localStorage.getItem('applicant_session')).toBeNull();
  });

  it('shows the server’s field error for the address, and offers the ways on when the e-ID’s sign-in has run out', async () => {
    let reply = json(422, { message: 'Uppgifterna är ogiltiga.', errors: { email: ['Adressen går inte att använda.'] } });
    await render(
      {
        'POST /frontend-users/oidc/callback': () => json(200, { data: { needs_email: true, first_name: 'Åsa', last_name: 'Öström' } }),
        'POST /frontend-users/oidc/email': () => reply,
      },
      callbackQuery(),
    );
    await waitFor(() => !!document.querySelector('form'), 'the e-mail form');
    await typeInto(input('email'), 'asa@example.se');
    await typeInto(input('email_confirmation'), 'asa@example.se');
    await act(async () => input('email').form!.requestSubmit());
    await waitFor(() => text().includes('Adressen går inte att använda.'), 'the field error');
    expect(link('Logga in med e-postlänk i stället')).toBeUndefined();

    reply = json(422, { message: 'Inloggningen med e-legitimation har gått ut. Börja om.' });
    await act(async () => input('email').form!.requestSubmit());
    await waitFor(() => text().includes('Inloggningen med e-legitimation har gått ut. Börja om.'), 'the refusal');
    expect(button('Försök igen')).toBeTruthy();
    expect(link('Logga in med e-postlänk i stället')!.getAttribute('href')).toBe('/register');
  });

  it('shows the server’s refusal with both ways on: a new e-ID sign-in, or the e-mail link', async () => {
    rememberDestination('/ansok/4');
    await render(
      {
        'POST /frontend-users/oidc/callback': () => json(422, { message: 'Du avbröt inloggningen.' }),
        'POST /frontend-users/oidc/start': () => json(200, { data: { url: 'https://idp.example/authorize?state=new' } }),
      },
      callbackQuery(),
    );
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the refusal');
    expect(document.querySelector('h1')!.textContent).toBe('Inloggningen gick inte igenom');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Du avbröt inloggningen.');
    await waitFor(() => address() === '/e-legitimation', 'the query to leave the address');
    expect(localStorage.getItem('applicant_session')).toBeNull();

    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await click(button('Försök igen'));
    await waitFor(() => assign.mock.calls.length > 0, 'leaving for the provider');
    expect(assign.mock.calls).toEqual([['https://idp.example/authorize?state=new']]);
    expect(calls.filter((c) => c.path === '/frontend-users/oidc/start').map((c) => c.body)).toEqual([{ data: { return_to: '/ansok/4' } }]);

    await click(link('Logga in med e-postlänk i stället')!);
    await waitFor(() => address() === '/register', '/register');
    expect(callbacks()).toHaveLength(1);
  });

  it('says when the server cannot be reached, and when there is no answer to complete', async () => {
    await render({ 'POST /frontend-users/oidc/callback': () => Promise.reject(new TypeError('Failed to fetch')) }, callbackQuery());
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the failure');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(
      'Vi kunde inte nå servern. Kontrollera din internetanslutning och försök igen.',
    );
    unmountPortal();

    await render({}, '');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(
      'Det finns ingen pågående inloggning med e-legitimation att slutföra här.',
    );
    expect(button('Försök igen')).toBeTruthy();
    expect(link('Logga in med e-postlänk i stället')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
