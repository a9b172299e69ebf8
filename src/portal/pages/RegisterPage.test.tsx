import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { API_PREFIX } from '../../providers/config';
import { pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import RegisterPage from './RegisterPage';

/** The bodies the page sent, by path; the API answers every call with its link message. */
let sent: { path: string; body: unknown }[] = [];

afterEach(() => {
  unmountPortal();
  vi.unstubAllGlobals();
});

async function open() {
  sent = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    sent.push({ path: input.slice(API_PREFIX.length), body: JSON.parse(init.body as string) });
    return new Response(JSON.stringify({ data: { message: 'Vi har skickat en länk.' } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const i18nProvider = await createI18nProvider();
  await i18nProvider.changeLocale('sv-SE');
  return mountInPortal(<RegisterPage />, i18nProvider, '/register');
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
