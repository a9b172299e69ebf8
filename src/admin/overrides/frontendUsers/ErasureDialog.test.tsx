import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../../resources/enums';
import { createDataProvider } from '../../../providers/dataProvider';
import { ApiError, type HttpClient } from '../../../providers/httpClient';
import type { ErasureDone, ErasurePreview } from '../../../providers/erasure';
import { buttonNamed as button, pageText as text, waitFor } from '../../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { ErasureDialog } from './ErasureDialog';

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const applicant = { id: 5, email: 'maria@example.se', first_name: 'Maria', last_name: 'Nilsson' };
const preview: ErasurePreview = {
  account: 'closed',
  kept_until: '2032-05-01',
  organisations: [],
  drafts: [{ uuid: 'd1', period: 'Ansökningsomgång 2026', application_type: 'Föreningsbidrag', updated_at: '2026-11-20T10:00:00Z' }],
  kept: [
    {
      uuid: 'k1',
      reference: '2025-0001',
      status: enums.application_status.approved,
      period: 'Ansökningsomgång 2025',
      application_type: 'Föreningsbidrag',
      anonymised_from: '2032-05-01',
    },
  ],
  anonymised: [
    {
      uuid: 'a1',
      reference: '2026-0004',
      status: enums.application_status.received,
      period: 'Ansökningsomgång 2026',
      application_type: null,
      withdrawn: true,
    },
    {
      uuid: 'a2',
      reference: '2025-0009',
      status: enums.application_status.rejected,
      period: 'Ansökningsomgång 2025',
      application_type: 'Stipendium',
      withdrawn: false,
    },
  ],
};
const done: ErasureDone = { account: 'closed', drafts_deleted: 1, anonymised: 2, kept: 1, kept_until: '2032-05-01' };
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });

const checkbox = () => document.querySelector<HTMLInputElement>('[role="dialog"] input[type="checkbox"]')!;

/** The dialog in Swedish on the applicant's page, over the real dataProvider on an HTTP client given `get` and `post`. */
async function open(get: (url: string) => Promise<unknown>, post: (url: string, body?: unknown) => Promise<unknown> = vi.fn()) {
  const onClose = vi.fn();
  const http = { get, post } as unknown as HttpClient;
  await mountInAdmin(
    <Routes>
      <Route path="/frontend-users/5" element={<ErasureDialog applicant={applicant} onClose={onClose} />} />
      <Route path="/frontend-users" element={<p>Listan över sökande</p>} />
    </Routes>,
    createDataProvider(http),
    '/frontend-users/5',
  );
  return onClose;
}

describe('carrying out an applicant’s erasure request', () => {
  it('states what happens, erases only once confirmed, then returns to the list with a notice', async () => {
    const get = vi.fn(async () => ok(preview));
    const post = vi.fn(async () => ok(done));
    await open(get, post);
    await waitFor(() => text().includes('Anonymiseras från och med 1 maj 2032'), 'what happens');
    expect(get).toHaveBeenCalledWith('/frontend-users/5/erasure');
    expect(text()).toContain('Begäran om radering – Maria Nilsson');
    // The draft deleted at once, with its period and type.
    expect(text()).toContain('1 utkast som aldrig skickats in:');
    expect(text()).toContain('Ansökningsomgång 2026 – Föreningsbidrag');
    // Anonymised at once: what was not approved, the one still being handled withdrawn first.
    expect(text()).toContain('2 ansökningar anonymiseras:');
    expect(text()).toContain('2026-0004 · Obehandlad · Ansökningsomgång 2026 – ingen ansökningstyp valdInte beslutad: återkallas');
    expect(text()).toContain('2025-0009 · Avslagen · Ansökningsomgång 2025 – Stipendium');
    // The approved one kept for the bookkeeping: reference, status, period and type, and until when.
    expect(text()).toContain('2025-0001 · Beviljad · Ansökningsomgång 2025 – Föreningsbidrag');
    expect(text()).toContain('Kontot stängs direkt');
    expect(text()).toContain('när den sista sparade ansökan har anonymiserats, från och med 1 maj 2032.');

    // Not before the checkbox says it has been read.
    expect(button('Genomför raderingen')!.disabled).toBe(true);
    await act(async () => checkbox().click());
    expect(button('Genomför raderingen')!.disabled).toBe(false);
    await act(async () => button('Genomför raderingen')!.click());
    await waitFor(() => text().includes('Listan över sökande'), 'the list');
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/frontend-users/5/erase', { data: { confirm: true } });
    await waitFor(
      () =>
        text().includes(
          'Begäran om radering är genomförd. Kontot är stängt. Raderade utkast: 1. Anonymiserade ansökningar: 2. 1 beviljad ansökan sparas för bokföringen till 1 maj 2032.',
        ),
      'the notice',
    );
  });

  it('says so when the account is already closed, with nothing to confirm', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const get = vi.fn(() => Promise.reject(new ApiError('Det vi letade efter kunde inte hittas.', 404)));
    await open(get);
    await waitFor(() => text().includes('Sökandens konto är redan stängt eller raderat'), 'the message');
    expect(checkbox()).toBeNull();
    expect(button('Genomför raderingen')).toBeUndefined();
    expect(button('Stäng')).toBeDefined();
  });
});
