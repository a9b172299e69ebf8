import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { buttonNamed, pageText as text, waitFor } from '../../components/testing/dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import { Route, Routes, useLocation } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';
import InvitationPage from './InvitationPage';

// The invitation's link: opening it accepts nothing (mail scanners open links); the button does, and leads to the
// organisation's page. A link that no longer works, or is another address's, says so and leads back.

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

let calls: Call[] = [];
let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Where the acceptance leads: the organisation's page, with the state it was handed. */
function Organisation() {
  const { pathname, state } = useLocation();
  return <p>{`organisation ${pathname} ${JSON.stringify(state)}`}</p>;
}

async function render(routes: Record<string, Handler>, locale: Locale = 'sv-SE') {
  calls = stubApi(routes);
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/inbjudan/:token" element={<InvitationPage />} />
      <Route path="/organisationer/:id" element={<Organisation />} />
    </Routes>,
    i18nProvider,
    `/inbjudan/${token}`,
  );
}

const click = (element: HTMLElement) => act(async () => element.click());

describe('the invitation’s page', { timeout: 20_000 }, () => {
  it('accepts only when asked, then shows the organisation’s page', async () => {
    await render({ 'POST /portal/invitations/accept': () => json(200, { data: { organisation_id: 7 } }) });
    expect(document.querySelector('h1')!.textContent).toBe('Inbjudan till en organisation');
    expect(text()).toContain('Som medlem ser du organisationens ansökningar');
    expect(calls).toEqual([]);
    await click(buttonNamed('Ta emot inbjudan')!);
    await waitFor(() => text().includes('organisation /organisationer/7'), 'the organisation’s page');
    expect(text()).toContain('{"joined":true}');
    expect(calls.map((c) => [c.method, c.path, c.body, c.headers['X-Requested-With']])).toEqual([
      ['POST', '/portal/invitations/accept', { data: { token } }, 'XMLHttpRequest'],
    ]);
  });

  it('says a spent or expired link no longer works, and leads to the dashboard', async () => {
    await render({
      'POST /portal/invitations/accept': () =>
        json(410, {
          message: 'Inbjudan gäller inte längre: den har redan använts, dragits tillbaka eller gått ut. Be om en ny inbjudan.',
        }),
    });
    await click(buttonNamed('Ta emot inbjudan')!);
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the message');
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe(
      'Inbjudan gäller inte längre: den har redan använts, dragits tillbaka eller gått ut. Be om en ny inbjudan. Till mina ansökningar',
    );
    expect(alert.querySelector('a')!.getAttribute('href')).toBe('/');
    // Trying again cannot help.
    expect(buttonNamed('Ta emot inbjudan')).toBeUndefined();
  });

  it('in English: says an invitation sent to another address is not this account’s', async () => {
    await render(
      {
        'POST /portal/invitations/accept': () =>
          json(403, { message: 'The invitation was sent to another e-mail address. Sign in with the address it was sent to.' }),
      },
      'en-US',
    );
    await click(buttonNamed('Accept the invitation')!);
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the message');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(
      'The invitation was sent to another e-mail address. Sign in with the address it was sent to. To my applications',
    );
    expect(buttonNamed('Accept the invitation')).toBeUndefined();
  });

  it('keeps the button when the server could not be reached', async () => {
    await render({ 'POST /portal/invitations/accept': () => json(503, { message: 'Tjänsten är inte tillgänglig just nu.' }) });
    await click(buttonNamed('Ta emot inbjudan')!);
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the message');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Tjänsten är inte tillgänglig just nu.');
    expect(buttonNamed('Ta emot inbjudan')!.disabled).toBe(false);
  });
});
