import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { enums } from '../../../resources/enums';
import { pageText as text, waitFor } from '../../components/testing/dom';
import type { HttpClient } from '../../providers/httpClient';
import type { PaymentBatch, PayoutRow } from '../../providers/staffMethods';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';

// The bank's word in the admin: a file from the bank imported from the batches' page, with what each payment did; a
// return marked by hand waiting for a second person, who approves it, while the one who asked cannot.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
  unsetPhone();
  vi.restoreAllMocks();
});

const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });
const treasurer: Ability[] = ['manage-payouts', 'approve-payouts'].map((name) => ({ name, entity_type: null, entity_id: null }));
const batch: Omit<PaymentBatch, 'items'> = {
  id: 9,
  message_id: 'SBS-9',
  execution_date: '2026-06-12',
  created_at: '2026-06-10T10:00:00Z',
  created_by: { id: 2, name: 'Per Persson' },
  sent_at: '2026-06-10T11:00:00Z',
  sent_by: { id: 2, name: 'Per Persson' },
  file_stored_at: null,
  cancelled_at: null,
  bank_status: 'PART',
  bank_status_at: '2026-06-11T08:00:00Z',
  payouts: 2,
  total: 40_000_00,
  paid: 1,
  returned: 1,
  withheld: null,
};
const payout = (fields: Partial<PayoutRow>): PayoutRow => ({
  id: 7,
  application: { uuid: 'u-7', reference: '2026-0007' },
  payee: 'Förening Sju',
  period: { id: 1, name: 'Våren 2026' },
  amount: 20_000_00,
  account: { kind: 'bankgiro', display: '5050-1055' },
  status: enums.payout_status.paid,
  requested_at: '2026-06-01T10:00:00Z',
  prepared_by: { id: 2, name: 'Per Persson' },
  prepared_at: '2026-06-02T10:00:00Z',
  approved_by: { id: 3, name: 'Eva Ek' },
  approved_at: '2026-06-03T10:00:00Z',
  rejected_at: null,
  reject_reason: null,
  batch_id: 9,
  paid_on: '2026-06-12',
  returned_at: null,
  return_reason: null,
  bank_reference: 'SWE-REF-1',
  return_asked: null,
  withheld: null,
  ...fields,
});

function chooseFile(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);

describe('the bank’s answer', { timeout: 60_000 }, () => {
  it('is imported from the batches’ page, which then lists what each payment did', async () => {
    const get = vi.fn(async (url: string) => (url === '/payment-batches' ? ok({ data: [batch], total: 1 }) : ok({ data: [], total: 0 })));
    const post = vi.fn(async (_url: string, _body: unknown) =>
      ok({
        id: 1,
        kind: 'camt.054',
        message_id: 'DBT-1',
        imported_at: '2026-06-12T09:00:00Z',
        outcomes: [
          { end_to_end_id: 'P7', payout_id: 7, outcome: 'paid', detail: 'SWE-REF-1' },
          { end_to_end_id: 'P8', payout_id: 8, outcome: 'not_matching', detail: '199900' },
        ],
      }),
    );
    await mountStaffAdmin('/payment-batches', get as unknown as HttpClient['get'], {
      abilities: treasurer,
      post: post as unknown as HttpClient['post'],
    });
    await waitFor(() => text().includes('SBS-9'), 'the batch');
    expect(text()).toContain('Bankens besked: delvis godkänd');

    await act(async () => button('Läs in bankens svar')!.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the dialog');
    expect(button('Läs in')!.disabled).toBe(true);
    const xml = '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"/>';
    await act(async () =>
      chooseFile(document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]')!, new File([xml], 'camt054.xml')),
    );
    expect(text()).toContain('camt054.xml');
    await act(async () => button('Läs in')!.click());
    await waitFor(() => text().includes('Så läste banken filen'), 'the outcomes');
    expect(post).toHaveBeenCalledWith('/bank-answers', { data: { xml } });
    const dialog = document.querySelector('[role="dialog"]')!.textContent;
    expect(dialog).toContain('P7 · Betald');
    expect(dialog).toContain('SWE-REF-1');
    expect(dialog).toContain('P8 · Beloppet stämmer inte, ingen ändring');
  });
});

describe('a return marked by hand', { timeout: 60_000 }, () => {
  const asked = (by: { id: number; name: string }) =>
    payout({ return_asked: { by, at: '2026-06-13T09:00:00Z', reason: 'Kontot är avslutat', bank_reference: 'RET-77' } });

  it('is approved by another person, on a phone in English', async () => {
    setPhone();
    const row = asked({ id: 2, name: 'Per Persson' });
    const get = vi.fn(async (url: string) => (url === '/payouts/7' ? ok(row) : ok({ data: [row], total: 1 })));
    const post = vi.fn(async () =>
      ok(payout({ status: enums.payout_status.returned, return_reason: 'Kontot är avslutat', bank_reference: 'RET-77' })),
    );
    await mountStaffAdmin('/payouts', get as unknown as HttpClient['get'], {
      abilities: treasurer,
      locale: 'en-US',
      post: post as unknown as HttpClient['post'],
    });
    await waitFor(() => text().includes('2026-0007'), 'the payout');
    await act(async () =>
      [...document.querySelectorAll<HTMLElement>('ul li a, ul li [role="button"]')]
        .find((li) => li.textContent?.includes('2026-0007'))!
        .click(),
    );
    await waitFor(() => text().includes('Waiting for someone else to approve it'), 'the return asked');
    expect(text()).toContain('Return marked by Per Persson');
    expect(text()).toContain('(bank’s reference RET-77)');
    expect(button('Mark returned')).toBeUndefined();
    await act(async () => button('Approve the return')!.click());
    await waitFor(() => text().includes('Approve the return?'), 'the confirmation');
    await act(async () => [...document.querySelectorAll('[role="dialog"]')].at(-1)!.querySelectorAll('button')[1].click());
    await waitFor(() => post.mock.calls.length === 1, 'the approval');
    expect(post).toHaveBeenCalledWith('/payouts/7/returned/approve', undefined);
  });

  it('cannot be approved by the one who asked', async () => {
    const row = asked({ id: 1, name: 'Anna Admin' });
    const get = vi.fn(async (url: string) => (url === '/payouts/7' ? ok(row) : ok({ data: [row], total: 1 })));
    await mountStaffAdmin('/payouts', get as unknown as HttpClient['get'], { abilities: treasurer });
    await waitFor(() => document.querySelectorAll('tbody tr').length === 1, 'the payout');
    await act(async () => document.querySelectorAll<HTMLElement>('tbody tr td')[2].click());
    await waitFor(() => text().includes('Du markerade returen, så någon annan godkänner den.'), 'the own return');
    expect(button('Godkänn returen')!.disabled).toBe(true);
    expect(button('Återta returen')!.disabled).toBe(false);
  });
});
