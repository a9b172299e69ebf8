import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { grantedApplication, paidPayout, payoutOf } from '../test/payoutFixtures.js';
import { createStaff, createTestApp, type TestApp } from '../test/testApp.js';
import { anonymiseApplications } from './anonymise.js';
import { applicantData } from './dataExport.js';

// The grant's personal data: the signatory, the address the conditions were accepted from and the accounts money went
// to are in the applicant's download, and go when the application is anonymised; the amounts stay for the books.

let t: TestApp;
let staff: { preparer: number; approver: number };

beforeAll(async () => {
  t = await createTestApp();
  staff = {
    preparer: await createStaff(t.db, 'admin', 'p@payout-data.test'),
    approver: await createStaff(t.db, 'admin', 'a@payout-data.test'),
  };
});
afterAll(() => t.close());

/** A grant of two instalments: one paid to a bank account, one asked for to a plusgiro; a repayment registered. */
async function paidGrant() {
  const grant = await grantedApplication(t.db, { amount: 300_00, instalments: [{ amount: 100_00 }, { amount: 200_00 }] });
  await paidPayout(t.db, grant, grant.instalments[0], '2026-06-10', staff);
  await t.db
    .updateTable('payouts')
    .set({ account_type: 'bank', clearing_number: '84244', account_number: '9831892246' })
    .where('instalment_id', '=', grant.instalments[0].id)
    .execute();
  await payoutOf(t.db, grant, grant.instalments[1], { account: { type: 'plusgiro', number: '47118' } });
  await t.db
    .insertInto('repayments')
    .values({ application_id: grant.id, amount: 50_00, reason: 'Överskott', registered_by: staff.approver })
    .execute();
  return grant;
}

describe('the grant’s personal data', () => {
  it('is in the applicant’s download: the signatory, the address, the plan, the payouts’ accounts and the repayments', async () => {
    const grant = await paidGrant();
    const { data } = await applicantData(t.db, grant.applicantId, new Date());
    expect(data.applications[0].grant).toMatchObject({
      signatory_name: 'Karin Kassör',
      signatory_role: 'Kassör',
      accepted_from: '192.0.2.1',
      instalments: [
        { position: 1, amount: 100_00, due: 'När villkoren är godkända' },
        { position: 2, amount: 200_00 },
      ],
      payouts: [
        { amount: 100_00, account_type: 'bank', status: 'Utbetald', paid_on: '2026-06-10' },
        { amount: 200_00, account_type: 'plusgiro', account: '4711-8', status: 'Begärd' },
      ],
      repayments: [{ amount: 50_00, reason: 'Överskott', received_on: null }],
    });
    expect(data.applications[0].grant!.payouts[0].account).toBe('8424-4, 983 189 224-6');
  });

  it('is blanked when the application is anonymised, keeping the amounts, days and statuses', async () => {
    const grant = await paidGrant();
    await t.db.transaction().execute((trx) => anonymiseApplications(trx, [grant.id], new Date()));

    const kept = await t.db.selectFrom('grants').selectAll().where('application_id', '=', grant.id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ signatory_name: null, signatory_role: null, accepted_from: null, accepted_by: null });
    expect(kept.accepted_at).not.toBeNull();
    const payouts = await t.db
      .selectFrom('payouts')
      .select(['amount', 'status', 'paid_on', 'account_type', 'account_number', 'clearing_number', 'requested_by'])
      .where('application_id', '=', grant.id)
      .orderBy('id')
      .execute();
    expect(payouts).toEqual([
      {
        amount: 100_00,
        status: enums.payout_status.paid,
        paid_on: '2026-06-10',
        account_type: 'bank',
        account_number: '',
        clearing_number: null,
        requested_by: null,
      },
      {
        amount: 200_00,
        status: enums.payout_status.requested,
        paid_on: null,
        account_type: 'plusgiro',
        account_number: '',
        clearing_number: null,
        requested_by: null,
      },
    ]);
  });
});
