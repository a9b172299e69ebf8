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

// The signed-in user's own security page: their second factor's state, turning it on, new recovery codes, turning
// it off where the foundation allows it.

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ status: 200, data: { data } });
const on = (changes: Partial<SecondFactorStatus> = {}): SecondFactorStatus => ({
  enabled: true,
  enabled_at: '2026-11-20T10:00:00Z',
  recovery_codes_left: 7,
  required: false,
  ...changes,
});
const off = (required = false): SecondFactorStatus => ({ enabled: false, enabled_at: null, recovery_codes_left: 0, required });
const codes = Array.from({ length: 10 }, (_, i) => `m4v8r-q2k${i}w`);
const codeOf = (request: Recorded) => (request.body as { data: { code: string } }).data.code;
const wrongCode = { status: 422, data: { message: 'Koden stämmer inte.', errors: { code: ['Koden stämmer inte.'] } } };

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
  it('explains the second factor, and turns it on with the sign-in’s enrolment', async () => {
    let enabled = false;
    const { calls } = await openSecurity(() => (enabled ? on() : off()), {
      'POST /auth/second-factor/enrolment': () =>
        ok({ qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://x' }),
      'POST /auth/second-factor/enrolment/confirm': (request) => {
        enabled = codeOf(request) === '123456';
        return enabled ? ok({ recovery_codes: codes }) : wrongCode;
      },
    });
    expect(pageText()).toContain('Med tvåfaktorinloggning räcker inte lösenordet för att logga in.');
    expect(pageText()).toContain('Tvåfaktorinloggning är av.');
    expect(pageText()).not.toContain('Stiftelsen kräver');
    await click(buttonNamed('Slå på tvåfaktorinloggning'));
    await waitFor(() => !!document.querySelector('img[alt="QR-kod att skanna med autentiseringsappen"]'), 'the QR code');
    expect(pageText()).toContain('ABCD EFGH IJKL MNOP');
    await typeInto(input('code')!, '123456');
    await click(buttonNamed('Slå på'));
    await waitFor(() => document.querySelectorAll('ul[aria-label="Dina återställningskoder"] li').length === 10, 'the codes');
    expect(buttonNamed('Klar')!.disabled).toBe(true);
    await click(document.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await click(buttonNamed('Klar'));
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är på sedan 20 nov. 2026.'), 'the new state');
    await waitFor(() => pageText().includes('Tvåfaktorinloggning är påslagen.'), 'the notice');
    // The codes were shown once, and are gone.
    expect(document.querySelector('ul[aria-label="Dina återställningskoder"]')).toBeNull();
    expect(calls('POST', '/auth/second-factor/enrolment')).toHaveLength(1);
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
