import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { API_PREFIX } from '../../providers/config';
import { buttonNamed, pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import RegisterPage from './RegisterPage';

/** The bodies the page posted, by path. */
let sent: { path: string; body: unknown }[] = [];

const json = (status: number, data: unknown) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  unmountPortal();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/**
 * /register (at `entry`) in Swedish. The API names the e-ID provider as `provider` answers (none by default), answers
 * the e-ID's start with `start`, and every other post with its link message.
 */
async function open({
  entry = '/register',
  provider = () => json(200, { data: null }),
  start = () => json(503, { message: 'Tjänsten är inte tillgänglig.' }),
}: { entry?: string; provider?: () => Response | Promise<Response>; start?: () => Response } = {}) {
  sent = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = input.slice(API_PREFIX.length);
    if (path === '/frontend-users/oidc') return provider();
    sent.push({ path, body: JSON.parse(init.body as string) });
    return path === '/frontend-users/oidc/start' ? start() : json(200, { data: { message: 'Vi har skickat en länk.' } });
  });
  const i18nProvider = await createI18nProvider();
  await i18nProvider.changeLocale('sv-SE');
  return mountInPortal(<RegisterPage />, i18nProvider, entry);
}

const input = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const helper = (field: HTMLInputElement) => document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;

describe('the registration page’s e-mail rule', { timeout: 20_000 }, () => {
  it('refuses a non-address with the server’s message, sends nothing, and sends an internationalised one trimmed', async () => {
    const container = await open();
    const [registration, link] = [...container.querySelectorAll('form')];
    await typeInto(input(registration, 'first_name'), 'Åsa');
    await typeInto(input(registration, 'last_name'), 'Test');
    for (const bad of ['a@b', 'x']) {
      await typeInto(input(registration, 'email'), bad);
      await typeInto(input(registration, 'email_confirmation'), bad);
      await act(async () => registration.requestSubmit());
      // What the server answers for the same fields (server/routes/applicant/auth.test.ts).
      expect(helper(input(registration, 'email'))).toBe('Fältet e-postadress måste vara en giltig e-postadress.');
      expect(helper(input(registration, 'email_confirmation'))).toBe('Fältet upprepad e-postadress måste vara en giltig e-postadress.');
      await typeInto(input(link, 'email'), bad);
      await act(async () => link.requestSubmit());
      expect(helper(input(link, 'email'))).toBe('Fältet e-postadress måste vara en giltig e-postadress.');
    }
    expect(sent).toEqual([]);

    await typeInto(input(registration, 'email'), ' test.åsa@example.se');
    await typeInto(input(registration, 'email_confirmation'), 'test.åsa@example.se ');
    await act(async () => registration.requestSubmit());
    await waitFor(() => text().includes('Vi har skickat en länk.'), 'the answer');
    expect(sent).toEqual([
      {
        path: '/frontend-users/register',
        body: { data: { first_name: 'Åsa', last_name: 'Test', email: 'test.åsa@example.se', email_confirmation: 'test.åsa@example.se' } },
      },
    ]);
  });
});

describe('the registration page’s sign-in with e-ID', { timeout: 20_000 }, () => {
  it('shows nothing of it while asking nor when the server names no provider: the page is as without one', async () => {
    let answer!: (response: Response) => void;
    await open({ provider: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(text()).toContain('Redan registrerad?');
    expect(text()).not.toContain('BankID');
    expect(text()).not.toContain('eller få en inloggningslänk via e-post');
    await act(async () => answer(json(200, { data: null })));
    expect(text()).not.toContain('BankID');
    expect(text()).not.toContain('eller få en inloggningslänk via e-post');
    expect([...document.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Registrera mig', 'Skicka inloggningslänk']);
  });

  it('offers the provider above the e-mail forms and leaves for its address with the path the applicant was going to', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await open({
      entry: `/register?redirect=${encodeURIComponent('/ansok/7')}`,
      provider: () => json(200, { data: { name: 'BankID' } }),
      start: () => json(200, { data: { url: 'https://idp.example/authorize?state=abc' } }),
    });
    await waitFor(() => !!buttonNamed('Logga in med BankID'), 'the e-ID button');
    const button = buttonNamed('Logga in med BankID')!;
    // Before the forms, with the line that leads on to them.
    const line = [...document.querySelectorAll('p')].find((p) => p.textContent === 'eller få en inloggningslänk via e-post')!;
    expect(button.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(line.compareDocumentPosition(document.querySelector('form')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => button.click());
    await waitFor(() => assign.mock.calls.length > 0, 'leaving for the provider');
    expect(assign.mock.calls).toEqual([['https://idp.example/authorize?state=abc']]);
    expect(sent).toEqual([{ path: '/frontend-users/oidc/start', body: { data: { return_to: '/ansok/7' } } }]);
    // Busy until the browser has left, so a second click starts no second sign-in.
    expect(button.disabled).toBe(true);
  });

  it('says why the sign-in could not start, and may be tried again', async () => {
    await open({ provider: () => json(200, { data: { name: 'BankID' } }) });
    await waitFor(() => !!buttonNamed('Logga in med BankID'), 'the e-ID button');
    await act(async () => buttonNamed('Logga in med BankID')!.click());
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the failure');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Tjänsten är inte tillgänglig.');
    expect(buttonNamed('Logga in med BankID')!.disabled).toBe(false);
    // Without a destination the sign-in returns to the start page.
    expect(sent).toEqual([{ path: '/frontend-users/oidc/start', body: { data: {} } }]);
  });
});
