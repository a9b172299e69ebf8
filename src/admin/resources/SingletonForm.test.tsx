import { act } from 'react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { SingletonForm } from './SingletonForm';

// The one form of the settings singletons, from their declarations: the fields that apply, the same checks as the
// server's before anything is sent, the server's refusal beside its field, who changed it last, and a keyed
// singleton's save sending only the keys changed.

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const admin: Ability[] = [
  { name: 'manage-payouts', entity_type: null, entity_id: null },
  { name: 'manage-data-protection', entity_type: null, entity_id: null },
];
/** The field labelled `label` (its required mark aside), and what is said under it. */
const input = (label: string) => {
  const found = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace(/[\s*]+$/, '') === label);
  return (found ? document.getElementById(found.htmlFor) : null) as HTMLInputElement | HTMLTextAreaElement;
};
const under = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;
const settings = {
  name: 'Sparbanksstiftelsen',
  org_number: '802415-3978',
  account_kind: 'bankgiro',
  bankgiro: '5050-1055',
  iban: null,
  bic: null,
  bank_customer_number: null,
  account_grants: '6990',
  account_payable: '2890',
  account_bank: '1930',
  account_returned: '3990',
  financial_year_first_month: 1,
  updated_at: null,
  updated_by: null,
};

describe('a settings singleton’s form', () => {
  it('asks for the account chosen, checks it before sending, and shows the server’s refusal beside its field', async () => {
    const saveSingleton = vi.fn().mockRejectedValue(
      new HttpError('Uppgifterna är ogiltiga.', 422, {
        message: 'Uppgifterna är ogiltiga.',
        errors: { iban: ['En utbetalning som väntar går till det här kontot.'] },
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountInAdmin(
      <SingletonForm name="payment-settings" />,
      { getSingleton: vi.fn().mockResolvedValue(settings), saveSingleton } as unknown as StaffDataProvider,
      '/payment-settings',
      admin,
    );
    await waitFor(() => !!input('Namn'), 'the form');
    expect(input('Namn').value).toBe('Sparbanksstiftelsen');
    expect(input('Bankgironummer').value).toBe('5050-1055');
    expect(input('IBAN')).toBeNull();
    expect(text()).toContain('Ingen har ändrat betalningsinställningarna ännu.');

    // An IBAN instead: its two fields in place of the bankgiro, checked by the banks' rules before anything is sent.
    const iban = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((radio) => radio.value === 'iban')!;
    await act(async () => iban.click());
    await waitFor(() => !!input('IBAN'), 'the IBAN field');
    expect(input('Bankgironummer')).toBeNull();
    await typeInto(input('IBAN'), 'SE45 5000 0000 0583 9825 7467');
    await typeInto(input('BIC'), 'ESSESESS');
    await act(async () => button('Spara betalningsinställningarna')!.click());
    await waitFor(() => text().includes('IBAN'), 'the IBAN’s problem');
    expect(under('IBAN')).toMatch(/IBAN/);
    expect(saveSingleton).not.toHaveBeenCalled();

    // A right one is sent with the bankgiro emptied; the server's refusal stands beside the field it names.
    await typeInto(input('IBAN'), 'SE45 5000 0000 0583 9825 7466');
    await act(async () => button('Spara betalningsinställningarna')!.click());
    await waitFor(() => saveSingleton.mock.calls.length === 1, 'the save');
    expect(saveSingleton).toHaveBeenCalledWith(
      'payment-settings',
      expect.objectContaining({
        account_kind: 'iban',
        iban: 'SE45 5000 0000 0583 9825 7466',
        bic: 'ESSESESS',
        name: 'Sparbanksstiftelsen',
      }),
    );
    await waitFor(() => under('IBAN') === 'En utbetalning som väntar går till det här kontot.', 'the refusal beside the IBAN');
  });

  it('sends only the languages changed of the privacy notice, and says who changed it last', async () => {
    const notices = {
      'sv-SE': { body: 'Vi sparar utkast i %{draft_months} månader.', updated_at: null, updated_by: null },
      'en-US': { body: 'We keep drafts.', updated_at: '2026-05-04T08:30:00Z', updated_by: { id: 1, name: 'Anna Lindqvist' } },
    };
    const saveSingleton = vi.fn().mockResolvedValue(notices);
    await mountInAdmin(
      <SingletonForm name="privacy-notices" />,
      { getSingleton: vi.fn().mockResolvedValue(notices), saveSingleton } as unknown as StaffDataProvider,
      '/data-protection',
      admin,
    );
    await waitFor(() => !!input('Svensk text'), 'the form');
    expect(text()).toContain('Senast ändrad av Anna Lindqvist, 4 maj 2026');
    expect(button('Spara integritetspolicyn')!.disabled).toBe(true);

    await typeInto(input('Svensk text'), 'Vi sparar utkast kortare.');
    await act(async () => button('Spara integritetspolicyn')!.click());
    await waitFor(() => saveSingleton.mock.calls.length === 1, 'the save');
    expect(saveSingleton).toHaveBeenCalledWith('privacy-notices', { 'sv-SE': 'Vi sparar utkast kortare.' });
    await waitFor(() => text().includes('Integritetspolicyn är sparad.'), 'the notice');
  });
});
