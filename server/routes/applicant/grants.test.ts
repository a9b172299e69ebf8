import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { createApplication, historyOf } from '../../test/handlingFixtures.js';
import { grantedApplication, payoutOf } from '../../test/payoutFixtures.js';
import { call, createTestApp, type TestApp } from '../../test/testApp.js';

// The applicant's grant: shown once the approval has reached them, its conditions accepted once, and each due
// instalment asked for to an account checked by its kind's rules.

const { after_followup } = enums.payout_due;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Grant = Awaited<ReturnType<typeof grantedApplication>>;
const grantUrl = (grant: Grant) => `/api/v1/portal/applications/${grant.uuid}/grant`;
const view = async (grant: Grant) => {
  const response = await call(t.app, { method: 'GET', url: grantUrl(grant), cookie: grant.applicant });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const accept = (
  grant: Grant,
  data: Record<string, unknown> = { signatory_name: 'Karin Kassör', signatory_role: 'Kassör', confirm: true },
) =>
  call(t.app, {
    method: 'POST',
    url: `${grantUrl(grant)}/accept`,
    cookie: grant.applicant,
    payload: { data },
    remoteAddress: '198.51.100.7',
  });
const ask = (grant: Grant, data: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: `/api/v1/portal/applications/${grant.uuid}/payouts`, cookie: grant.applicant, payload: { data } });
const payoutsOf = (grant: Grant) =>
  t.db.selectFrom('payouts').select(['account_type', 'clearing_number', 'account_number']).where('application_id', '=', grant.id).execute();

describe('the applicant’s grant', () => {
  it('is shown only to its applicant once the approval has reached them', async () => {
    const grant = await grantedApplication(t.db, { accepted: false });
    const shown = await view(grant);
    expect(shown).toMatchObject({ approved_money: grant.amount, accepted: null, deadline: '2027-06-01' });
    expect(shown.instalments.map((i: { state: string }) => i.state)).toEqual(['waiting']);
    const other = await grantedApplication(t.db);
    expect((await call(t.app, { method: 'GET', url: grantUrl(grant), cookie: other.applicant })).statusCode).toBe(404);

    const untold = await createApplication(t.db, {
      periodId: grant.periodId,
      frontendUserId: grant.applicantId,
      status: enums.application_status.approved,
      approvedMoney: 5_000_00,
      released: false,
    });
    await t.db.insertInto('grants').values({ application_id: untold.id }).execute();
    const hidden = await call(t.app, { method: 'GET', url: `/api/v1/portal/applications/${untold.uuid}/grant`, cookie: grant.applicant });
    expect(hidden.statusCode).toBe(404);
  });

  it('is accepted once, keeping who, when, from where and the conditions as shown', async () => {
    const grant = await grantedApplication(t.db, { accepted: false });
    await t.db
      .updateTable('periods')
      .set({ grant_conditions_sv: 'Pengarna används som ansökan beskriver.' })
      .where('id', '=', grant.periodId)
      .execute();
    const before = await ask(grant, { instalment_id: grant.instalments[0].id, account_type: 'bankgiro', account_number: '5050-1055' });
    expect(before.statusCode).toBe(409);
    const unconfirmed = await accept(grant, { signatory_name: ' ', signatory_role: 'Kassör', confirm: false });
    expect(Object.keys(unconfirmed.json().errors).sort()).toEqual(['confirm', 'signatory_name']);

    const accepted = await accept(grant);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.accepted).toMatchObject({ signatory_name: 'Karin Kassör', signatory_role: 'Kassör' });
    expect(accepted.json().data.instalments[0].state).toBe('due');
    expect((await accept(grant)).statusCode).toBe(409);
    const row = await t.db.selectFrom('grants').selectAll().where('application_id', '=', grant.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      accepted_by: grant.applicantId,
      accepted_from: '198.51.100.7',
      accepted_conditions: 'Pengarna används som ansökan beskriver.',
    });
    const entry = (await historyOf(t.db, grant.id)).find((e) => e.action === 'grant_accepted');
    expect(entry?.after).toMatchObject({ signatory_name: 'Karin Kassör', accepted_from: '198.51.100.7' });
  });

  it('shows the conditions in the reader’s language, else in the other one saying so, and once accepted as they were shown', async () => {
    const grant = await grantedApplication(t.db, { accepted: false });
    const setConditions = (sv: string | null, en: string | null) =>
      t.db.updateTable('periods').set({ grant_conditions_sv: sv, grant_conditions_en: en }).where('id', '=', grant.periodId).execute();
    const conditionsIn = async (locale: string) => {
      const response = await call(t.app, {
        method: 'GET',
        url: grantUrl(grant),
        cookie: grant.applicant,
        headers: { 'accept-language': locale },
      });
      const { conditions, untranslated } = response.json().data;
      return { conditions, untranslated };
    };
    await setConditions('Pengarna används som ansökan beskriver.', 'The money is used as the application describes.');
    expect(await conditionsIn('en-US')).toEqual({ conditions: 'The money is used as the application describes.', untranslated: [] });
    expect(await conditionsIn('sv-SE')).toEqual({ conditions: 'Pengarna används som ansökan beskriver.', untranslated: [] });
    await setConditions('Pengarna används som ansökan beskriver.', ' ');
    expect(await conditionsIn('en-US')).toEqual({ conditions: 'Pengarna används som ansökan beskriver.', untranslated: ['conditions'] });
    await setConditions(null, 'The money is used as the application describes.');
    expect(await conditionsIn('sv-SE')).toEqual({
      conditions: 'The money is used as the application describes.',
      untranslated: ['conditions'],
    });

    expect((await accept(grant)).statusCode).toBe(200);
    await setConditions('Andra villkor.', 'Other conditions.');
    expect(await conditionsIn('en-US')).toEqual({ conditions: 'The money is used as the application describes.', untranslated: [] });
  });

  it('refuses a wrong bankgiro, plusgiro, clearing or account number beside its field, storing nothing', async () => {
    const grant = await grantedApplication(t.db);
    const instalment_id = grant.instalments[0].id;
    const refusals: [Record<string, string>, string, RegExp][] = [
      [{ account_type: 'bankgiro', account_number: '5050-1056' }, 'account_number', /bankgiro/i],
      [{ account_type: 'plusgiro', account_number: '123456-7' }, 'account_number', /plusgiro/i],
      [{ account_type: 'bank', clearing_number: '9999', account_number: '1234567' }, 'clearing_number', /9999/],
      [{ account_type: 'bank', clearing_number: '5000', account_number: '1234561' }, 'account_number', /SEB/],
      [{ account_type: 'bank', account_number: '1234567' }, 'clearing_number', /./],
    ];
    for (const [account, field, message] of refusals) {
      const response = await ask(grant, { instalment_id, ...account });
      expect(response.statusCode, JSON.stringify(account)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      expect(response.json().errors[field][0]).toMatch(message);
    }
    expect(await payoutsOf(grant)).toEqual([]);
    expect(await t.db.selectFrom('outbox').select('id').where('recipient', '=', grant.email).execute()).toEqual([]);
  });

  it('asks for each due instalment once, keeping the kind of account, with a receipt by mail', async () => {
    const grant = await grantedApplication(t.db, {
      amount: 30_000_00,
      instalments: [{ amount: 10_000_00 }, { amount: 10_000_00 }, { amount: 10_000_00 }],
    });
    const [first, second, third] = grant.instalments;
    const bankgiro = await ask(grant, { instalment_id: first.id, account_type: 'bankgiro', account_number: '5050-1055' });
    expect(bankgiro.statusCode, bankgiro.body).toBe(201);
    expect(bankgiro.json().data.payouts[0]).toMatchObject({ account_type: 'bankgiro', account: '5050-1055', status: 10 });
    expect((await ask(grant, { instalment_id: first.id, account_type: 'bankgiro', account_number: '5050-1055' })).statusCode).toBe(409);
    expect((await ask(grant, { instalment_id: second.id, account_type: 'plusgiro', account_number: '123456-6' })).statusCode).toBe(201);
    const bank = await ask(grant, { instalment_id: third.id, account_type: 'bank', clearing_number: '5000', account_number: '1234560' });
    expect(bank.statusCode, bank.body).toBe(201);
    expect(await payoutsOf(grant)).toEqual([
      { account_type: 'bankgiro', clearing_number: null, account_number: '50501055' },
      { account_type: 'plusgiro', clearing_number: null, account_number: '1234566' },
      { account_type: 'bank', clearing_number: '5000', account_number: '1234560' },
    ]);
    expect(bank.json().data.totals).toMatchObject({ approved: 30_000_00, requested: 30_000_00, due: 0 });
    const mails = await t.db.selectFrom('outbox').select('subject').where('recipient', '=', grant.email).execute();
    expect(mails).toHaveLength(3);
    expect((await historyOf(t.db, grant.id)).filter((e) => e.action === 'payout_requested')).toHaveLength(3);
  });

  it('waits for the follow-up with an instalment due after it, and shows the totals on the applications page', async () => {
    const grant = await grantedApplication(t.db, {
      amount: 20_000_00,
      instalments: [{ amount: 15_000_00 }, { amount: 5_000_00, due: after_followup }],
    });
    const [first, last] = grant.instalments;
    await payoutOf(t.db, grant, first, { status: enums.payout_status.rejected });
    const waiting = await ask(grant, { instalment_id: last.id, account_type: 'bankgiro', account_number: '5050-1055' });
    expect(waiting.statusCode).toBe(409);
    await t.db.updateTable('applications').set({ followup_sent_in_at: new Date() }).where('id', '=', grant.id).execute();
    expect((await ask(grant, { instalment_id: last.id, account_type: 'bankgiro', account_number: '5050-1055' })).statusCode).toBe(201);
    // A rejected payout frees its instalment: it can be asked for again.
    expect((await ask(grant, { instalment_id: first.id, account_type: 'bankgiro', account_number: '5050-1055' })).statusCode).toBe(201);

    const summaries = (await call(t.app, { method: 'GET', url: '/api/v1/portal/grants', cookie: grant.applicant })).json().data;
    expect(summaries).toEqual([
      expect.objectContaining({
        uuid: grant.uuid,
        accepted: true,
        totals: expect.objectContaining({ approved: 20_000_00, requested: 20_000_00 }),
      }),
    ]);
  });
});
