import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointFor } from '../../../resources/index';
import { buttonNamed, pageText, typeInto, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import type { SecondFactorStatus } from '../../providers/staffMethods';
import { fakeApi, type Recorded } from '../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { SecurityPage } from './SecurityPage';

// The signed-in user's own security page: their second factor's state, turning it on after the password, new
// recovery codes and turning it off (where the foundation allows it) after a current code or the password.

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ status: 200, data: { data } });
const on = (changes: Partial<SecondFactorStatus> = {}): SecondFactorStatus => ({
  enabled: true,
  enabled_at: '2026-11-20T10:00:00Z',
  recovery_codes_left: 7,
  has_password: true,
  required: false,
  ...changes,
});
const off = (required = false, has_password = true): SecondFactorStatus => ({
  enabled: false,
  enabled_at: null,
  recovery_codes_left: 0,
  has_password,
  required,
});
const codes = Array.from({ length: 10 }, (_, i) => `m4v8r-q2k${i}w`);
const given = (request: Recorded) => (request.body as { data: { code?: string; password?: string } }).data;
const codeOf = (request: Recorded) => given(request).code;
const wrongCode = { status: 422, data: { message: 'Koden stämmer inte.', errors: { code: ['Koden stämmer inte.'] } } };
const wrongPassword = {
  status: 422,
  data: { message: 'Lösenordet stämmer inte.', errors: { password: ['Lösenordet stämmer inte.'] } },
};

/** The page over the real dataProvider on a fake API; `status` answers each read of the second factor in turn. */
async function openSecurity(status: () => SecondFactorStatus, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /auth/second-factor': () => ok(status()), ...routes });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(<SecurityPage />, createDataProvider(http, endpointFor), '/security', []);
  await waitFor(() => api.calls.length > 0 && !document.querySelector('[role="progressbar"]'), 'the status');
  return { calls: (method: string, url: string) => api.calls.filter((c) => c.method === method && c.url === url) };
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const click = (element: HTMLElement | null | undefined) => act(async () => element!.click());
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const inDialog = (name: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

describe('the security page', { timeout: 20_000 }, () => {
  it('explains the second factor, and turns it on after the password with the sign-in’s enrolment, once the codes are saved', async () => {
    // The refused password's error is reported on the console too.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let enabled = false;
    const { calls } = await openSecurity(() => (enabled ? on() : off()), {
      'POST /auth/second-factor/enrolment': (request) =>
        given(request).password === 'rätt-lösenord'
          ? ok({ qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://x' })
          : wrongPassword,
      'POST /auth/second-factor/enrolment/confirm': (request) => (codeOf(request) === '123456' ? ok({ recovery_codes: codes }) : wrongCode),
      'POST /auth/second-factor/enrolment/complete': () => ((enabled = true), ok({})),
    });
    expect(pageText()).toContain('Med tvåfaktorinloggning räcker inte lösenordet för att logga in.');
    expect(pageText()).toContain('Tvåfaktorinloggning är av.');
    expect(pageText()).not.toContain('Stiftelsen kräver');
    await click(buttonNamed('Slå på tvåfaktorinloggning'));

    // The password again first, with the focus in its field; a wrong one is named beside it.
    await waitFor(() => !!input('password'), 'the password');
    expect(pageText()).toContain('Ange ditt lösenord för att bekräfta att det är du.');
    expect(document.activeElement).toBe(input('password'));
    expect(input('password')!.type).toBe('password');
    expect(input('password')!.autocomplete).toBe('current-password');
    expect(buttonNamed('Fortsätt')!.disabled).toBe(true);
    await typeInto(input('password')!, 'fel-lösenord');
    await click(buttonNamed('Fortsätt'));
    await waitFor(() => input('password')?.getAttribute('aria-invalid') === 'true', 'the wrong password');
    expect(document.getElementById(input('password')!.getAttribute('aria-describedby')!)!.textContent).toBe('Lösenordet stämmer inte.');
    await typeInto(input('password')!, 'rätt-lösenord');
    await click(buttonNamed('Fortsätt'));

    await waitFor(() => !!document.querySelector('img[alt="QR-kod att skanna med autentiseringsappen"]'), 'the QR code');
    expect(pageText()).toContain('ABCD EFGH IJKL MNOP');
    await typeInto(input('code')!, '123456');
    await click(buttonNamed('Slå på'));
    await waitFor(() => document.querySelectorAll('ul[aria-label="Dina återställningskoder"] li').length === 10, 'the codes');
    // Still off until the codes are marked saved: Done waits for the tick.
    expect(buttonNamed('Klar')!.disabled).toBe(true);
    expect(calls('POST', '/auth/second-factor/enrolment/complete')).toEqual([]);
    await click(document.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await click(buttonNamed('Klar'));
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är på sedan 20 nov. 2026.'), 'the new state');
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är påslagen.'), 'the notice');
    // The codes were shown once, and are gone.
    expect(document.querySelector('ul[aria-label="Dina återställningskoder"]')).toBeNull();
    expect(calls('POST', '/auth/second-factor/enrolment').map((c) => c.body)).toEqual([
      { data: { password: 'fel-lösenord' } },
      { data: { password: 'rätt-lösenord' } },
    ]);
    expect(calls('POST', '/auth/second-factor/enrolment/complete').map((c) => c.body)).toEqual([{ data: { codes_saved: true } }]);
  });

  it('tells one without a password (single sign-on only) how to get one, rather than offering to turn it on', async () => {
    await openSecurity(() => off(true, false));
    expect(pageText()).toContain('Tvåfaktorinloggning är av.');
    expect(pageText()).toContain('Ditt konto har inget lösenord: du loggar in via organisationens inloggning');
    expect(pageText()).toContain('välj först ”Glömt lösenordet?” på inloggningssidan');
    expect(buttonNamed('Slå på tvåfaktorinloggning')).toBeUndefined();
  });

  it('asks one without a password for a code only, to renew the codes', async () => {
    await openSecurity(() => on({ has_password: false }));
    await click(buttonNamed('Nya återställningskoder'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Bekräfta att det är du med koden från din autentiseringsapp.');
    expect(input('code')).not.toBeNull();
    expect(inDialog('Använd lösenordet i stället')).toBeUndefined();
  });

  it('says when the foundation requires it and it is still off', async () => {
    await openSecurity(() => off(true));
    expect(pageText()).toContain('Tvåfaktorinloggning är av.');
    expect(pageText()).toContain('Stiftelsen kräver tvåfaktorinloggning för personalens konton. Slå på den nu');
    expect(buttonNamed('Slå på tvåfaktorinloggning')).toBeDefined();
  });

  it('when on: since when, the codes left, and turning it off with a current code after saying what happens', async () => {
    // The refused code's error is reported on the console too.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let enabled = true;
    const { calls } = await openSecurity(() => (enabled ? on() : off()), {
      'DELETE /auth/second-factor': (request) => {
        enabled = codeOf(request) !== '123456';
        return enabled ? wrongCode : { status: 204 };
      },
    });
    expect(pageText()).toContain('Tvåfaktorinloggning är på sedan 20 nov. 2026.');
    expect(pageText()).toContain('7 återställningskoder kvar');
    expect(pageText()).not.toContain('få återställningskoder');
    await click(buttonNamed('Stäng av tvåfaktorinloggning'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Efter det räcker ditt lösenord för att logga in');
    expect(document.activeElement).toBe(input('code'));
    await typeInto(input('code')!, '111111');
    await click(inDialog('Stäng av'));
    await waitFor(() => input('code')?.getAttribute('aria-invalid') === 'true', 'the wrong code');
    expect(dialog()!.textContent).toContain('Koden stämmer inte.');
    await typeInto(input('code')!, '123456');
    await click(inDialog('Stäng av'));
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är av.'), 'the new state');
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är avstängd.'), 'the notice');
    expect(calls('DELETE', '/auth/second-factor').map((c) => c.body)).toEqual([{ data: { code: '111111' } }, { data: { code: '123456' } }]);
  });

  it('turns it off with the password instead of a code, the wrong one named beside its field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let enabled = true;
    const { calls } = await openSecurity(() => (enabled ? on() : off()), {
      'DELETE /auth/second-factor': (request) => {
        enabled = given(request).password !== 'rätt-lösenord';
        return enabled ? wrongPassword : { status: 204 };
      },
    });
    await click(buttonNamed('Stäng av tvåfaktorinloggning'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Bekräfta att det är du med koden från din autentiseringsapp.');
    await click(inDialog('Använd lösenordet i stället'));
    expect(input('code')).toBeNull();
    expect(document.activeElement).toBe(input('password'));
    expect(dialog()!.textContent).toContain('Bekräfta att det är du med ditt lösenord.');
    await typeInto(input('password')!, 'fel-lösenord');
    await click(inDialog('Stäng av'));
    await waitFor(() => input('password')?.getAttribute('aria-invalid') === 'true', 'the wrong password');
    expect(dialog()!.textContent).toContain('Lösenordet stämmer inte.');
    // Back to the code and again to the password: each from an empty field.
    await click(inDialog('Använd koden från appen i stället'));
    expect(input('code')!.value).toBe('');
    await click(inDialog('Använd lösenordet i stället'));
    expect(input('password')!.value).toBe('');
    await typeInto(input('password')!, 'rätt-lösenord');
    await click(inDialog('Stäng av'));
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är av.'), 'the new state');
    expect(calls('DELETE', '/auth/second-factor').map((c) => c.body)).toEqual([
      { data: { password: 'fel-lösenord' } },
      { data: { password: 'rätt-lösenord' } },
    ]);
  });

  it('when required: no turning off, a warning when few codes are left, and new codes shown once', async () => {
    let left = 2;
    const { calls } = await openSecurity(() => on({ required: true, recovery_codes_left: left }), {
      'POST /auth/second-factor/recovery-codes': () => ((left = 10), ok({ recovery_codes: codes })),
    });
    expect(pageText()).toContain('2 återställningskoder kvar');
    expect(pageText()).toContain('Du har få återställningskoder kvar.');
    expect(pageText()).toContain('så den kan inte stängas av');
    expect(buttonNamed('Stäng av tvåfaktorinloggning')).toBeUndefined();

    await click(buttonNamed('Nya återställningskoder'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('De nya koderna ersätter de gamla');
    // The password may confirm it instead.
    expect(inDialog('Använd lösenordet i stället')).toBeDefined();
    await typeInto(input('code')!, '123456');
    await click(inDialog('Skapa nya koder'));
    await waitFor(() => dialog()?.querySelectorAll('ul li').length === 10, 'the codes');
    expect([...dialog()!.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(codes);
    expect(calls('POST', '/auth/second-factor/recovery-codes').map((c) => c.body)).toEqual([{ data: { code: '123456' } }]);
    // Escape does not close it before they are saved; Done only once ticked.
    await act(async () => dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).not.toBeNull();
    expect(inDialog('Klar')!.disabled).toBe(true);
    await click(dialog()!.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await click(inDialog('Klar'));
    await waitFor(() => !dialog() && pageText().includes('10 återställningskoder kvar'), 'the page again');
  });
});
