import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { enums } from '../../../resources/enums';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import { Route, Routes } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi } from '../testing/stubApi';
import GrantPage from './GrantPage';
import type { Grant } from './types';

// The grant of an organisation's application: its signatories accept the conditions and ask for the money; its other
// members see the grant without those forms, and are told who does it.

const grant = (changes: Partial<Grant> = {}): Grant => ({
  uuid: 'a-1',
  reference: '2026-0042',
  approved_money: 2_000_000,
  conditions: 'Bidraget får bara användas till projektet.',
  untranslated: [],
  accepted: null,
  deadline: '2027-06-30',
  followup_sent_in: false,
  signs: true,
  instalments: [
    { id: 1, position: 1, amount: 1_500_000, due: enums.payout_due.at_acceptance, payout_status: null, state: 'waiting' },
    { id: 2, position: 2, amount: 500_000, due: enums.payout_due.after_followup, payout_status: null, state: 'waiting' },
  ],
  repayments: [],
  totals: { approved: 2_000_000, paid: 0, requested: 0, due: 0, waiting: 2_000_000, lapsed: 0, to_pay_back: 0 },
  payouts: [],
  repayment_account: null,
  upload_max_bytes: 10 * 1024 * 1024,
  ...changes,
});
const accepted = {
  accepted: { at: '2026-10-01T08:00:00Z', signatory_name: 'Karin Kassör', signatory_role: 'Kassör' },
  instalments: [
    { id: 1, position: 1, amount: 1_500_000, due: enums.payout_due.at_acceptance, payout_status: null, state: 'due' as const },
    { id: 2, position: 2, amount: 500_000, due: enums.payout_due.after_followup, payout_status: null, state: 'waiting' as const },
  ],
};

let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function render(answer: Grant, locale: Locale = 'sv-SE') {
  stubApi({ 'GET /portal/applications/a-1/grant': () => json(200, { data: answer }) });
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/bidrag/:applicationUuid" element={<GrantPage />} />
    </Routes>,
    i18nProvider,
    '/bidrag/a-1',
  );
  await waitFor(() => text().includes('Bidraget får bara användas till projektet.'), 'the grant');
}

const payoutForms = () => [...document.querySelectorAll('form')].filter((f) => f.getAttribute('aria-label')?.startsWith('Begär'));

describe('the grant page of one who does not sign for the organisation', { timeout: 20_000 }, () => {
  it('shows the grant and its conditions, but no acceptance: a signatory accepts', async () => {
    await render(grant({ signs: false }));
    expect(document.querySelector('h1')!.textContent).toBe('Bidrag för ansökan 2026-0042');
    expect(text()).toContain('Villkor');
    expect(text()).not.toContain('Godkänn villkoren');
    expect(document.querySelectorAll('form')).toHaveLength(0);
    expect(text()).toContain(
      'En firmatecknare för organisationen godkänner villkoren och begär pengarna. Här ser du bidraget och vad som har betalats ut.',
    );
    expect(text()).toContain('Del 1: 15 000 kr');
    expect(text()).toContain('Väntar på att en firmatecknare godkänner villkoren.');
    expect(text()).not.toContain('Godkänn villkoren ovan');
  });

  it('shows who accepted and what is due, but no payout request: a signatory asks', async () => {
    await render(grant({ signs: false, ...accepted }));
    expect(text()).toContain('Villkoren godkändes av Karin Kassör (Kassör)');
    expect(payoutForms()).toEqual([]);
    expect(text()).toContain('En firmatecknare för organisationen kan begära den här delen.');
  });

  it('shows one who signs the forms to accept and to ask', async () => {
    await render(grant());
    expect(text()).toContain('Godkänn villkorenVillkoren godkänns av den som får skriva under');
    expect(text()).not.toContain('En firmatecknare för organisationen');
    unmountPortal();
    await render(grant(accepted));
    expect(payoutForms()).toHaveLength(1);
    expect(text()).not.toContain('En firmatecknare för organisationen kan begära');
  });

  it('in English: says a signatory accepts the conditions', async () => {
    await render(grant({ signs: false, conditions: 'Bidraget får bara användas till projektet.' }), 'en-US');
    expect(text()).toContain('A signatory of the organisation accepts the conditions and asks for the money.');
    expect(text()).toContain('Waiting for a signatory to accept the conditions.');
  });
});
