import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointFor } from '../../../resources/index';
import { pageText, typeInto, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import type { Signal } from '../../providers/staffMethods';
import { fakeApi, type Recorded } from '../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';
import { SignalChip } from './SignalChip';
import { SignalsSection } from './SignalsSection';

// The signals of an application as staff see them: the chip on its row with the unchecked count, and the dialog's
// section saying what matched with links to what the reader may read, counting what they may not, and a signal marked
// checked with a reason (the server's refusal beside it).

afterEach(() => {
  unmountAdmin();
  unsetPhone();
  vi.restoreAllMocks();
});

const uuid = '0b7e6c1a-8f2d-4c3e-9a5b-1d2e3f4a5b6c';
const other = '5f0c2a9e-1b3d-4e6f-8a7b-9c0d1e2f3a4b';
const ok = (data: unknown) => ({ status: 200, data: { data } });
const base = { created_at: '2026-11-02T09:00:00Z', withheld: 0, checked: null } as const;
const noDetails = { similarity: null, account_type: null, day: null, accounts: null };
const organisation: Signal = {
  ...base,
  id: 7,
  kind: 'organisation_accounts',
  matched: [{ uuid: other, reference: '2026-0123' }],
  details: noDetails,
};
const description: Signal = {
  ...base,
  id: 8,
  kind: 'similar_description',
  matched: [],
  withheld: 1,
  details: noDetails,
};
const payout: Signal = {
  ...base,
  id: 9,
  kind: 'payout_account',
  matched: [{ uuid: other, reference: '2026-0123' }],
  details: { ...noDetails, account_type: 'bankgiro' },
  checked: { at: '2026-11-03T10:00:00Z', by: 'Anna Admin', reason: 'Samma förening, två avdelningar.' },
};

type Handler = (request: Recorded) => { status: number; data?: unknown };

async function open(signals: Signal[], routes: Record<string, Handler> = {}) {
  const api = fakeApi({ [`GET /applications/${uuid}/signals`]: () => ok(signals), ...routes });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(
    <>
      <SignalChip count={signals.filter((s) => !s.checked).length} />
      <SignalsSection uuid={uuid} />
    </>,
    createDataProvider(http, endpointFor),
    '/applications',
    [{ name: 'manage-applications', entity_id: null, entity_type: null }],
    { id: 1, fullName: 'Anna Admin' },
  );
  await waitFor(() => api.calls.length > 0 && !document.querySelector('[role="progressbar"]'), 'the signals read');
  if (signals.length) await waitFor(() => !!document.querySelector('section[aria-labelledby="signals-heading"] li'), 'the signals');
  return api;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const buttons = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].filter((b) => b.textContent === name);
const click = (element: HTMLElement) => act(async () => element.click());
const reasonField = () => dialog()!.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden])')!;
const helper = () => document.getElementById(reasonField().getAttribute('aria-describedby')!.split(' ')[0])?.textContent;
const posts = (api: { calls: Recorded[] }) => api.calls.filter((c) => c.method === 'POST');

describe('the signal chip', () => {
  it('says how many signals are unchecked, in words for a screen reader, and nothing where none are', async () => {
    await open([organisation, description, payout]);
    const chip = document.querySelector<HTMLElement>('.MuiChip-root')!;
    expect(chip.textContent).toBe('Signal 2');
    expect(chip.getAttribute('aria-label')).toBe('2 okontrollerade signaler');
    unmountAdmin();
    await open([]);
    expect(document.querySelector('.MuiChip-root')).toBeNull();
  });
});

describe('the signals section of the application dialog', { timeout: 20_000 }, () => {
  it('tells each signal as a sentence with links to what the reader may read, counts what they may not, and who checked', async () => {
    await open([organisation, description, payout]);
    await waitFor(() => pageText().includes('Signaler'), 'the section');
    const items = [...document.querySelectorAll('section[aria-labelledby="signals-heading"] li')].map((li) => plain(li.textContent));
    expect(items[0]).toBe(
      'Samma organisationsnummer söker från ett annat konto i perioden: 2026-0123OkontrolleradMarkera som kontrollerad',
    );
    expect(items[1]).toBe(
      'Nästan samma beskrivning som en annan ansökan i perioden: med en ansökan du inte kan läsa' + 'OkontrolleradMarkera som kontrollerad',
    );
    expect(items[2]).toMatch(
      /^Samma bankgiro anges för utbetalningar till en annan organisation: 2026-0123Kontrollerad .+ av Anna Admin: Samma förening, två avdelningar\.$/,
    );
    const link = document.querySelector<HTMLAnchorElement>('section[aria-labelledby="signals-heading"] a')!;
    expect(link.getAttribute('href')).toBe(`/applications?show=${other}`);
    // Nothing to check on a signal already checked; nothing names the application withheld.
    expect(buttons('Markera som kontrollerad')).toHaveLength(2);
    expect(pageText()).not.toContain('undefined');
  });

  it('shows nothing for an application without signals', async () => {
    await open([]);
    expect(document.querySelector('section[aria-labelledby="signals-heading"]')).toBeNull();
  });

  it('marks a signal checked with the reason the dialog asks for, showing the server’s refusal beside it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = true;
    const api = await open([organisation], {
      [`POST /applications/${uuid}/signals/7/check`]: () =>
        refuse
          ? { status: 422, data: { message: 'Uppgifterna är ogiltiga.', errors: { reason: ['Fältet är obligatoriskt.'] } } }
          : ok([{ ...organisation, checked: { at: '2026-11-04T08:00:00Z', by: 'Anna Admin', reason: 'Kontrollerad.' } }]),
    });
    await click(buttons('Markera som kontrollerad')[0]);
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Markera signalen som kontrollerad');
    await click(buttons('Markera som kontrollerad', dialog()!)[0]);
    await waitFor(() => helper() === 'Fältet är obligatoriskt.', 'the server’s error beside the reason');
    expect(reasonField().getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await typeInto(reasonField(), 'Två avdelningar av samma förening.');
    const before = api.calls.filter((c) => c.method === 'GET').length;
    await click(buttons('Markera som kontrollerad', dialog()!)[0]);
    await waitFor(() => pageText().includes('Signalen är markerad som kontrollerad.'), 'the notice');
    expect(posts(api).map((c) => c.body)).toEqual([{ data: { reason: '' } }, { data: { reason: 'Två avdelningar av samma förening.' } }]);
    await waitFor(() => !dialog() && api.calls.filter((c) => c.method === 'GET').length > before, 'closed and read again');
  });

  it('fits a phone: the section and its dialog are reached by keyboard', async () => {
    setPhone();
    await open([organisation]);
    const check = buttons('Markera som kontrollerad')[0];
    check.focus();
    expect(document.activeElement).toBe(check);
    await click(check);
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.querySelector('textarea')).not.toBeNull();
  });
});
