import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../../resources/abilities';
import { enums } from '../../../../resources/enums';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../../components/testing/dom';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { PayoutPlan, PayoutRow, Repayments, StaffApplication } from '../../../providers/staffMethods';
import { mountInAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { ShownApplicationDialog } from '../ShownApplicationDialog';

// The application dialog's Payouts tab: the grant, its plan, the payouts asked for and the repayments, for those who
// manage or approve payouts of the application's period; registering a repayment and marking it received.

const uuid = 'app-1';
const application = {
  uuid,
  reference: '2026-0042',
  status: enums.application_status.approved,
  finished: false,
  decision_released_at: '2026-06-01T09:00:00Z',
  applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
  period: { id: 7, uuid: 'p7', name: 'Våren 2026' },
  progress: {
    unhandled: false,
    unread_messages: false,
    followup_at: null,
    followup_sent_in_at: null,
    distribution_mail_sent_at: null,
    finished: false,
    payout: 'in_progress',
  },
} as unknown as StaffApplication;

const plan: PayoutPlan = {
  approved_money: 300_00,
  accepted_at: '2026-06-05T10:00:00Z',
  signatory_name: 'Karin Kassör',
  signatory_role: 'Kassör',
  accepted_with: 'eid',
  eid_name: 'Kerstin Kassör',
  accepted_by: 'Kerstin Kassör',
  deadline: '2027-06-01',
  deadline_extended_to: null,
  deadline_reason: null,
  reminded_at: null,
  instalments: [
    {
      id: 11,
      position: 1,
      amount: 100_00,
      due: enums.payout_due.at_acceptance,
      lapsed_at: null,
      payout_status: enums.payout_status.paid,
      fixed: true,
    },
    { id: 12, position: 2, amount: 200_00, due: enums.payout_due.after_followup, lapsed_at: null, payout_status: null, fixed: false },
  ],
};
const paidPayout = {
  id: 5,
  application: { uuid, reference: '2026-0042' },
  amount: 100_00,
  account: { kind: 'bankgiro', display: '5050-1055' },
  status: enums.payout_status.paid,
  requested_at: '2026-06-06T10:00:00Z',
  paid_on: '2026-06-10',
  reject_reason: null,
  return_reason: null,
  withheld: null,
  receipts: [{ uuid: 'r-1', name: 'kvitto-juni.pdf', size: 2048 }],
} as unknown as PayoutRow;
// Another application whose reference the search also finds.
const otherPayout = {
  ...paidPayout,
  id: 6,
  application: { uuid: 'other', reference: '2026-00421' },
  account: { kind: 'plusgiro', display: '4711-8' },
} as PayoutRow;

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const manager: Ability[] = [{ name: 'manage-payouts', entity_type: 'periods', entity_id: 7 }];
const render = (methods: Partial<StaffDataProvider>, abilities: Ability[] = manager) =>
  mountInAdmin(
    <ShownApplicationDialog />,
    {
      getApplication: async () => application,
      getPayoutPlan: async () => plan,
      getApplicationPayouts: async () => [paidPayout, otherPayout].filter((p) => p.application.uuid === uuid),
      ...methods,
    } as unknown as StaffDataProvider,
    `/applications?show=${uuid}&tab=payouts`,
    abilities,
  );
/** The input a label names (MUI's labels end with a required field's asterisk). */
const field = (label: string) =>
  document.getElementById(
    [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))!.htmlFor,
  ) as HTMLInputElement;
const lastButton = (name: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent === name).at(-1)!;

describe('the payouts tab', { timeout: 15_000 }, () => {
  it('shows the grant, the plan, the payouts and the repayments, and registers a repayment and its receipt', async () => {
    let repayments: Repayments = { repayments: [], paid: 100_00, repayable: 100_00 };
    const registerRepayment = vi.fn(async (_uuid: string, value: { amount: number; reason: string }) => {
      repayments = {
        paid: 100_00,
        repayable: 100_00 - value.amount,
        repayments: [
          {
            id: 9,
            amount: value.amount,
            reason: value.reason,
            registered_at: '2026-11-02T09:00:00Z',
            registered_by: 'Anna Admin',
            received_on: null,
            received_by: null,
            cancelled_at: null,
            cancel_reason: null,
          },
        ],
      };
      return repayments;
    });
    const markRepaymentReceived = vi.fn(async (_id: number, day: string) => {
      repayments = { ...repayments, repayments: [{ ...repayments.repayments[0], received_on: day, received_by: 'Anna Admin' }] };
      return repayments;
    });
    await render({ getRepayments: async () => repayments, registerRepayment, markRepaymentReceived });
    await waitFor(() => text().includes('Utbetalningsplan'), 'the tab');
    expect(text()).toContain('Godkända av Karin Kassör (Kassör)');
    // How the one who accepted had signed in: by e-ID, with the name its broker gave.
    expect(text()).toContain('Inloggning vid godkännandetE-legitimation: Kerstin Kassör');
    expect(text()).toMatch(/Del 1: 100 kr/);
    expect(text()).toContain('När uppföljningen är inskickad · Inte begärd');
    expect(text()).toContain('Bankgiro 5050-1055');
    expect(text()).not.toContain('4711-8');
    // The applicant's receipt, downloadable where the payout is.
    const receipt = [...document.querySelectorAll('a')].find((a) => a.textContent?.startsWith('kvitto-juni.pdf'));
    expect(receipt?.getAttribute('href')).toBe(`/api/v1/applications/${uuid}/files/r-1`);
    expect(text()).toContain('Kvitto från sökanden');
    expect(text()).toContain('Inget ska betalas tillbaka.');

    await act(async () => button('Registrera återbetalning')!.click());
    await waitFor(() => text().includes('Högst 100 kr kan begäras tillbaka'), 'the register dialog');
    await typeInto(field('Belopp'), '40');
    await typeInto(field('Skäl'), 'Överskott');
    await act(async () => lastButton('Registrera').click());
    await waitFor(() => text().includes('40 kr · ska betalas tillbaka'), 'the registered repayment');
    expect(registerRepayment).toHaveBeenCalledWith(uuid, { amount: 40_00, reason: 'Överskott' });

    await act(async () => button('Markera mottagen')!.click());
    await waitFor(() => text().includes('Vilken dag kom återbetalningen på 40 kr?'), 'the confirmation');
    await act(async () => lastButton('Markera mottagen').click());
    await waitFor(() => /40 kr · mottagen \d/.test(text()), 'the received repayment');
    expect(markRepaymentReceived).toHaveBeenCalledWith(9, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
  });

  it('is not offered to those who neither manage nor approve payouts of the period; approvers read without changing', async () => {
    await render({ getRepayments: async () => ({ repayments: [], paid: 0, repayable: 0 }) }, [
      { name: 'manage-payouts', entity_type: 'periods', entity_id: 8 },
      { name: 'manage-applications', entity_type: null, entity_id: null },
    ]);
    await waitFor(() => !!button('Stäng'), 'the dialog');
    expect([...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).not.toContain('Utbetalningar');

    unmountAdmin();
    await render({ getRepayments: async () => ({ repayments: [], paid: 0, repayable: 0 }) }, [
      { name: 'approve-payouts', entity_type: null, entity_id: null },
    ]);
    await waitFor(() => text().includes('Utbetalningsplan'), 'the tab');
    expect(button('Ändra plan')).toBeUndefined();
    expect(button('Registrera återbetalning')).toBeUndefined();
    expect(button('Förläng')).toBeUndefined();
  });
});
