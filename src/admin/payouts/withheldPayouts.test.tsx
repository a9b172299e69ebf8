import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { enums } from '../../../resources/enums';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { ApiError, type HttpClient } from '../../providers/httpClient';
import type { PaymentBatch, PayoutRow } from '../../providers/staffMethods';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';

// The payouts of an application the user stood aside from (jäv): listed with "–" for the amount and the marker rather
// than the account, opened to the server's reason, left out of a new batch; and a batch holding one.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
  unsetPhone();
  vi.restoreAllMocks();
});

const { approved } = enums.payout_status;
const payout = (id: number, fields: Partial<PayoutRow> = {}): PayoutRow => ({
  id,
  application: { uuid: `u-${id}`, reference: `2026-000${id}` },
  payee: `Förening ${id}`,
  period: { id: 7, name: 'Våren 2026' },
  amount: 20_000_00,
  account: { kind: 'bankgiro', display: '5050-1055' },
  status: approved,
  requested_at: '2026-06-06T10:00:00Z',
  prepared_by: { id: 2, name: 'Per Persson' },
  prepared_at: '2026-06-07T10:00:00Z',
  approved_by: { id: 3, name: 'Karin Kassör' },
  approved_at: '2026-06-08T10:00:00Z',
  rejected_at: null,
  reject_reason: null,
  batch_id: null,
  paid_on: null,
  returned_at: null,
  return_reason: null,
  bank_reference: null,
  return_asked: null,
  withheld: null,
  ...fields,
});
/** Of an application the user stood aside from: no amount, no account. */
const aside = payout(1, { amount: null, account: null, withheld: 'stood_aside' });
const refusal = 'Du har anmält jäv för ansökan och kan varken läsa den eller delta i beslut om den.';
const batch = (id: number, fields: Partial<PaymentBatch> = {}) => ({
  id,
  message_id: `SBS-${id}`,
  execution_date: '2026-06-12',
  created_at: '2026-06-10T10:00:00Z',
  created_by: { id: 2, name: 'Per Persson' },
  sent_at: null,
  sent_by: null,
  payouts: 2,
  total: 40_000_00,
  paid: 0,
  returned: 0,
  withheld: null,
  ...fields,
});
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });
const treasurer: Ability[] = ['manage-payouts', 'approve-payouts'].map((name) => ({ name, entity_type: null, entity_id: null }));

async function render(path: string) {
  const get = vi.fn(async (url: string) => {
    if (url === '/payouts') return ok({ data: [aside, payout(2)], total: 2 });
    if (url === '/payouts/1' || url === '/payment-batches/8') throw new ApiError(refusal, 403, { message: refusal });
    if (url === '/payment-batches') return ok({ data: [batch(8, { total: null, withheld: 'stood_aside' }), batch(9)], total: 2 });
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], { abilities: treasurer });
}
const rows = () => [...document.querySelectorAll('tbody tr')];
const cellText = (row: Element) => [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
const column = (name: string) => [...document.querySelectorAll('thead th')].findIndex((th) => th.textContent === name);
const marker = (element: Element, label = 'Du har anmält jäv för ansökan') => element.querySelector(`[role="img"][aria-label="${label}"]`);

describe('a payout withheld from the user', { timeout: 60_000 }, () => {
  it('is listed with "–" and the marker, cannot go into a batch, and opens to the server’s reason', async () => {
    // The refused read is logged by the query library; what the page says is what is tested.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render('/payouts');
    await waitFor(() => rows().length === 2, 'the payouts');
    const [withheld, other] = rows();
    expect(cellText(withheld)[column('Belopp')]).toBe('–');
    expect(marker(withheld.querySelectorAll('td')[column('Konto')])?.textContent).toBe('Jäv');
    expect(cellText(other)[column('Belopp')]).toBe('20 000 kr');
    expect(cellText(other)[column('Konto')]).toBe('Bankgiro 5050-1055');
    // Approved like the other, but a colleague puts it into a batch.
    expect(withheld.querySelector<HTMLInputElement>('input[type="checkbox"]')!.disabled).toBe(true);
    expect(other.querySelector<HTMLInputElement>('input[type="checkbox"]')!.disabled).toBe(false);

    await act(async () => withheld.querySelectorAll('td')[column('Belopp')].click());
    await waitFor(() => !!document.querySelector('[role="dialog"] .MuiAlert-standardInfo'), 'the refusal');
    expect(document.querySelector('[role="dialog"] .MuiAlert-standardInfo')!.textContent).toBe(refusal);
    expect(document.querySelector('[role="dialog"]')!.textContent).not.toContain('Försök igen');
  });

  it('is said in a phone’s list, and a new batch on a phone takes the others, saying how many are left', async () => {
    setPhone();
    await render('/payouts');
    await waitFor(() => text().includes('2026-0002'), 'the payouts');
    const item = [...document.querySelectorAll('ul li')].find((li) => li.textContent?.includes('2026-0001'))!;
    expect(item.textContent).toContain('2026-0001 · –');
    expect(marker(item)?.textContent).toBe('Jäv');

    const create = document.querySelector<HTMLButtonElement>('button[aria-label="Skapa betalfil"]')!;
    await act(async () => create.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation');
    const dialog = document.querySelector('[role="dialog"]')!.textContent.replace(/[\u00a0\u202f]/g, ' ');
    expect(dialog).toContain('Samla 1 godkänd utbetalning, 20 000 kr, i en ny betalfil?');
    expect(dialog).toContain('1 där du anmält jäv lämnas till en kollega.');
  });

  it('leaves a batch holding one without a total: "–" and the marker, and its page says why it is closed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render('/payment-batches');
    await waitFor(() => rows().length === 2, 'the batches');
    const [withheld, other] = rows();
    const label = 'Du har anmält jäv för en ansökan i betalfilen, så en kollega hanterar den';
    expect(cellText(withheld)[column('Summa')]).toMatch(/^– ?Jäv$/);
    expect(marker(withheld, label)).not.toBeNull();
    expect(cellText(other)[column('Summa')]).toBe('40 000 kr');

    await act(async () => withheld.querySelectorAll('td')[0].click());
    await waitFor(() => !!document.querySelector('.MuiAlert-standardInfo'), 'the refusal');
    expect(document.querySelector('.MuiAlert-standardInfo')!.textContent).toBe(refusal);
  });
});
