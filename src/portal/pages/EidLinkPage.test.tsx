import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { createI18nProvider } from '../../providers/i18nProvider';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { Route, Routes } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';
import EidLinkPage from './EidLinkPage';

/** An e-ID waiting for the owner: signed in at 14:05 Stockholm time (13:05 UTC) on 21 November 2026. */
const waiting = {
  id: '7',
  first_name: 'Sten',
  last_name: 'Främling',
  requested_at: '2026-11-21T13:05:00.000Z',
  expires_at: '2026-11-21T13:35:00.000Z',
};
const state = (changes: Record<string, unknown> = {}) => ({
  data: { provider: 'BankID', linked_at: null, requests: [waiting], history: [], ...changes },
});
const linked = state({
  linked_at: '2026-11-21T13:06:00.000Z',
  requests: [],
  history: [{ event: 'eid_linked', provider: 'BankID', person_name: 'Sten Främling', created_at: '2026-11-21T13:06:00.000Z' }],
});

/** Every call the page made to the stubbed API, in order. */
let calls: Call[] = [];
/** Keys the page asked for that the language has no text for. */
let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
});

/** The page at /e-legitimation/koppla in `locale` over the stubbed API, once it has loaded. */
async function render(routes: Record<string, Handler>, locale: Locale = 'sv-SE') {
  calls = stubApi(routes);
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/e-legitimation/koppla" element={<EidLinkPage />} />
    </Routes>,
    i18nProvider,
    '/e-legitimation/koppla',
  );
  await waitFor(() => !document.querySelector('[role="progressbar"]'), 'the page');
}

const button = (name: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}: ${text()}`);
  return found;
};
const click = (element: HTMLElement) => act(async () => element.click());
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.path);
/** The terms and values of the request's facts, as a screen reader reads the list. */
const facts = () =>
  [...document.querySelectorAll('dl dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent] as const);

describe('the page where the owner links an e-ID', () => {
  it('names the waiting e-ID as the mail did, in Swedish, and links it only when the owner confirms', async () => {
    let answer = state();
    await render({
      'GET /frontend-users/me/eid': () => json(200, answer),
      'POST /frontend-users/me/eid/requests/7/confirm': () => {
        answer = linked;
        return json(200, linked);
      },
    });
    expect(document.title).toMatch(/^Koppla e-legitimation/);
    expect(document.querySelector('h1')!.textContent).toBe('Koppla e-legitimation');
    expect(document.querySelector('h2')!.textContent).toBe('BankID vill kopplas till ditt konto');
    expect(facts()).toEqual([
      ['E-legitimation', 'BankID'],
      ['Namn', 'Sten Främling'],
      ['Tid', '21 nov. 2026 14:05 (svensk tid)'],
    ]);
    expect(text()).toContain('Begäran gäller till 21 nov. 2026 14:35.');
    expect(text()).toContain('Bekräfta bara om det var du som nyss loggade in med BankID');
    // Opening the page answers nothing.
    expect(posts()).toEqual([]);

    await click(button('Koppla till mitt konto'));
    await waitFor(() => text().includes('BankID är nu kopplat till ditt konto.'), 'the confirmation');
    expect(posts()).toEqual(['/frontend-users/me/eid/requests/7/confirm']);
    // What came of it is where the keyboard is, and nothing is left to answer.
    expect(document.activeElement!.textContent).toContain('BankID är nu kopplat till ditt konto.');
    expect(document.querySelector('[role="status"]')!.textContent).toContain('Vi har mejlat dig en bekräftelse.');
    expect([...document.querySelectorAll('button')].map((b) => b.textContent)).toEqual([]);
    expect(text()).toContain('Ditt konto är kopplat till BankID sedan 21 nov. 2026.');
  });

  it('in English: declining links nothing, and says so', async () => {
    await render(
      {
        'GET /frontend-users/me/eid': () => json(200, state({ requests: [{ ...waiting, first_name: null, last_name: null }] })),
        'POST /frontend-users/me/eid/requests/7/decline': () => json(200, state({ requests: [] })),
      },
      'en-US',
    );
    expect(document.querySelector('h2')!.textContent).toBe('BankID asks to be linked to your account');
    expect(facts()).toEqual([
      ['E-ID', 'BankID'],
      ['Name', 'No name given'],
      ['Time', 'Nov 21, 2026, 2:05 PM (Stockholm time)'],
    ]);
    await click(button('It was not me'));
    await waitFor(() => text().includes('Nothing was linked.'), 'the answer');
    expect(posts()).toEqual(['/frontend-users/me/eid/requests/7/decline']);
    expect(document.activeElement!.textContent).toContain('Nothing was linked.');
    expect(text()).toContain('Nothing is waiting for your answer');
  });

  it('shows the server’s refusal and what still waits: a second person’s e-ID stays to be declined', async () => {
    await render({
      'GET /frontend-users/me/eid': () => json(200, state({ linked_at: '2026-10-01T10:00:00.000Z' })),
      'POST /frontend-users/me/eid/requests/7/confirm': () =>
        json(409, { message: 'Ditt konto är redan kopplat till en annan persons e-legitimation.' }),
    });
    await click(button('Koppla till mitt konto'));
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the refusal');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Ditt konto är redan kopplat till en annan persons e-legitimation.');
    expect(document.activeElement!.textContent).toBe('Ditt konto är redan kopplat till en annan persons e-legitimation.');
    await waitFor(() => calls.filter((c) => c.method === 'GET').length === 2, 'what still waits');
    expect(button('Det var inte jag')).toBeTruthy();
  });

  it('leaves a request that ran out meanwhile, with the server’s message', async () => {
    let answer = state();
    await render({
      'GET /frontend-users/me/eid': () => json(200, answer),
      'POST /frontend-users/me/eid/requests/7/confirm': () => {
        answer = state({ requests: [] });
        return json(422, { message: 'Begäran om att koppla e-legitimationen väntar inte längre.' });
      },
    });
    await click(button('Koppla till mitt konto'));
    await waitFor(() => text().includes('Ingenting väntar på ditt svar'), 'the empty page');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Begäran om att koppla e-legitimationen väntar inte längre.');
  });

  it('says when nothing waits, and shows the ways on', async () => {
    await render({ 'GET /frontend-users/me/eid': () => json(200, state({ requests: [] })) });
    expect(document.querySelector('h2')!.textContent).toBe('Ingenting väntar på ditt svar');
    expect(text()).toContain('En begäran gäller i 30 minuter efter inloggningen med e-legitimation');
    const links = [...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Till startsidan', '/'],
      ['Till Mina uppgifter', '/mina-uppgifter'],
    ]);
  });

  it('says when the server cannot be reached', async () => {
    await render({ 'GET /frontend-users/me/eid': () => Promise.reject(new TypeError('Failed to fetch')) }, 'en-US');
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the failure');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(
      'We cannot reach the server right now. Check your internet connection and try again.',
    );
  });
});
