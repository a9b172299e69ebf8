import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { isBankDay, nextBankDay } from '../../resources/bankDays.js';
import { stockholmDay } from '../clock.js';
import { historyOf } from '../test/handlingFixtures.js';
import { schemaErrors, texts } from '../test/paymentXml.js';
import { grantedApplication, payoutOf } from '../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// Payment batches: approved payouts into one batch each, the pain.001 file of a batch (validated against the official
// schema with every kind of account), then sent, paid (all or some, with the day) and returned, each mailed.

const { prepared, approved, in_batch, sent, paid, returned } = enums.payout_status;
let t: TestApp;
let cookie: string;
let preparer: number;
let approver: number;

beforeAll(async () => {
  t = await createTestApp();
  preparer = await createStaff(t.db, 'admin', 'preparer@batch.test');
  approver = await createStaff(t.db, 'admin', 'approver@batch.test');
  cookie = await sessionCookie(t.app, 'preparer@batch.test');
  await t.db
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Exempel', org_number: '802415-3978', bankgiro: '56781234' })
    .execute();
});
afterAll(() => t.close());

const en = { 'accept-language': 'en-US' };
const post = (url: string, payload?: object) => call(t.app, { method: 'POST', url: `/api/v1${url}`, cookie, payload, headers: en });
const get = (url: string) => call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie, headers: en });

type Account = NonNullable<Parameters<typeof payoutOf>[3]>['account'];
/** An approved payout of an application of its own, to `account`. */
async function approvedPayout(account?: Account, status: number = approved) {
  const grant = await grantedApplication(t.db, { amount: 12_345_50 });
  const payout = await payoutOf(t.db, grant, grant.instalments[0], {
    status,
    account,
    preparedBy: preparer,
    approvedBy: status === prepared ? undefined : approver,
  });
  return { ...payout, grant };
}
const statuses = async (ids: number[]) =>
  (await t.db.selectFrom('payouts').select(['id', 'status', 'batch_id', 'paid_on']).where('id', 'in', ids).orderBy('id').execute()).map(
    (row) => row.status,
  );

describe('payment batches', () => {
  it('gathers approved payouts into a batch whose file validates, with every kind of account', async () => {
    const payouts = [
      await approvedPayout({ type: 'bankgiro', number: '50501055' }),
      await approvedPayout({ type: 'plusgiro', number: '1234566' }),
      await approvedPayout({ type: 'bank', clearing: '6000', number: '123456789' }),
    ];
    const created = await post('/payment-batches', { data: { payout_ids: payouts.map((p) => p.id) } });
    expect(created.statusCode).toBe(200);
    const batch = created.json().data;
    expect(batch).toMatchObject({ payouts: 3, total: 3 * 12_345_50, sent_at: null });
    expect(batch.items.map((item: { status: number }) => item.status)).toEqual([in_batch, in_batch, in_batch]);
    expect(batch.items.map((item: { account: { display: string } }) => item.account.display)).toEqual([
      '5050-1055',
      '123456-6',
      '6000, 123 456 789',
    ]);

    const file = await get(`/payment-batches/${batch.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${batch.message_id}.xml"; filename*=UTF-8''${batch.message_id}.xml`,
    );
    expect(schemaErrors(file.body)).toBe('');
    expect(texts(file.body, 'MsgId')).toEqual([batch.message_id]);
    expect(texts(file.body, 'EndToEndId')).toEqual(payouts.map((p) => `P${p.id}`));
    expect(texts(file.body, 'Ustrd')).toEqual(payouts.map((p) => p.grant.reference));
    expect(texts(file.body, 'InstdAmt')).toEqual(['12345.50', '12345.50', '12345.50']);
    expect(texts(file.body, 'Id')).toEqual(expect.arrayContaining(['1234566', '6000123456789']));

    // In one batch only: a second batch of any of them is refused whole.
    const again = await post('/payment-batches', { data: { payout_ids: [payouts[0].id] } });
    expect(again.statusCode).toBe(409);
    const history = await historyOf(t.db, payouts[0].grant.id);
    expect(history.filter((entry) => entry.action === 'payout_batched')).toHaveLength(1);
  });

  it('refuses a payout not approved, changing nothing; of two batches racing for one payout one wins', async () => {
    const ok = await approvedPayout();
    const notYet = await approvedPayout(undefined, prepared);
    const refused = await post('/payment-batches', { data: { payout_ids: [ok.id, notYet.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Only approved payouts/);
    expect(await statuses([ok.id, notYet.id])).toEqual([approved, prepared]);
    expect((await t.db.selectFrom('payouts').select('batch_id').where('id', '=', ok.id).executeTakeFirstOrThrow()).batch_id).toBeNull();

    const race = await Promise.all([
      post('/payment-batches', { data: { payout_ids: [ok.id] } }),
      post('/payment-batches', { data: { payout_ids: [ok.id] } }),
    ]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('marks the batch sent, then payouts paid with the day (mailing each applicant), then one returned', async () => {
    const payouts = [await approvedPayout(), await approvedPayout(), await approvedPayout()];
    const ids = payouts.map((p) => p.id);
    const batch = (await post('/payment-batches', { data: { payout_ids: ids } })).json().data;
    // Not before it is sent.
    expect((await post(`/payment-batches/${batch.id}/paid`, { data: { paid_on: '2026-01-10' } })).statusCode).toBe(409);
    const sentAnswer = await post(`/payment-batches/${batch.id}/sent`);
    expect(sentAnswer.statusCode).toBe(200);
    expect(sentAnswer.json().data.sent_by).toMatchObject({ id: preparer });
    expect(await statuses(ids)).toEqual([sent, sent, sent]);
    expect((await post(`/payment-batches/${batch.id}/sent`)).statusCode).toBe(409);

    // A day in the future is refused beside the field.
    const future = await post(`/payment-batches/${batch.id}/paid`, { data: { paid_on: '2999-01-01' } });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.paid_on).toBeDefined();
    // One first, then the rest.
    const one = await post(`/payment-batches/${batch.id}/paid`, { data: { paid_on: '2026-01-10', payout_ids: [ids[0]] } });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.paid).toBe(1);
    expect((await post(`/payment-batches/${batch.id}/paid`, { data: { paid_on: '2026-01-11', payout_ids: [ids[0]] } })).statusCode).toBe(
      409,
    );
    const rest = await post(`/payment-batches/${batch.id}/paid`, { data: { paid_on: '2026-01-11' } });
    expect(rest.json().data.paid).toBe(3);
    expect(await statuses(ids)).toEqual([paid, paid, paid]);
    const paidDays = await t.db.selectFrom('payouts').select('paid_on').where('id', 'in', ids).orderBy('id').execute();
    expect(paidDays.map((row) => row.paid_on)).toEqual(['2026-01-10', '2026-01-11', '2026-01-11']);
    const mail = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body_text'])
      .where('recipient', '=', payouts[0].grant.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(payouts[0].grant.reference);
    expect(mail.body_text).toMatch(/12\s345,50/);

    // A return marked by hand: asked with the bank's reference, carried out by another person.
    expect(
      (await post(`/payouts/${ids[1]}/returned`, { data: { reason: 'Kontot är avslutat.', bank_reference: 'RET-1' } })).statusCode,
    ).toBe(200);
    const back = await call(t.app, {
      method: 'POST',
      url: `/api/v1/payouts/${ids[1]}/returned/approve`,
      cookie: await sessionCookie(t.app, 'approver@batch.test'),
      headers: en,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: returned, return_reason: 'Kontot är avslutat.', bank_reference: 'RET-1' });
    expect((await post(`/payouts/${ids[1]}/returned`, { data: { reason: 'Igen', bank_reference: 'RET-2' } })).statusCode).toBe(409);
    const mails = await t.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', payouts[1].grant.email)
      .orderBy('id')
      .execute();
    expect(mails.at(-1)!.body_text).toContain('Kontot är avslutat.');
    expect((await historyOf(t.db, payouts[1].grant.id)).map((entry) => entry.action)).toEqual([
      'payout_batched',
      'payout_sent',
      'payout_paid',
      'payout_return_asked',
      'payout_returned',
    ]);
    const list = await get('/payment-batches');
    expect(list.json().data.data.find((row: { id: number }) => row.id === batch.id)).toMatchObject({ payouts: 3, paid: 2, returned: 1 });
  });

  it('says what the settings lack before a file can be made', async () => {
    const batch = (await post('/payment-batches', { data: { payout_ids: [(await approvedPayout()).id] } })).json().data;
    const saved = await t.db.selectFrom('payment_settings').selectAll().executeTakeFirstOrThrow();
    await t.db.updateTable('payment_settings').set({ org_number: '' }).execute();
    const answer = await get(`/payment-batches/${batch.id}/file`);
    await t.db.updateTable('payment_settings').set({ org_number: saved.org_number }).execute();
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(/Settings → Payments/);
    expect((await get('/payment-batches/99999999/file')).statusCode).toBe(404);
  });

  it('is paid on the next bank day unless told, and only on a bank day', async () => {
    const today = stockholmDay(new Date());
    const made = await post('/payment-batches', { data: { payout_ids: [(await approvedPayout()).id] } });
    expect(made.json().data.execution_date).toBe(nextBankDay(today));
    // Midsummer Eve and a Sunday are no bank days; the payout stays approved.
    const year = Number(today.slice(0, 4)) + 1;
    const payout = await approvedPayout();
    for (const day of [
      `${year}-06-${[18, 19, 20, 21, 22, 23, 24, 25].find((d) => new Date(Date.UTC(year, 5, d)).getUTCDay() === 5)}`,
      `${year}-01-03`,
    ]) {
      if (isBankDay(day)) continue;
      const refused = await post('/payment-batches', { data: { payout_ids: [payout.id], execution_date: day } });
      expect(refused.statusCode, day).toBe(422);
      expect(refused.json().errors.execution_date[0]).toMatch(/bank day/);
    }
    expect(await statuses([payout.id])).toEqual([approved]);
  });

  it('stores its file at the first download: later downloads give the same bytes, whatever changed since', async () => {
    const batch = (await post('/payment-batches', { data: { payout_ids: [(await approvedPayout()).id] } })).json().data;
    const first = await get(`/payment-batches/${batch.id}/file`);
    expect(first.statusCode).toBe(200);
    await t.db.updateTable('payment_settings').set({ name: 'Stiftelsen Nytt Namn' }).execute();
    const second = await get(`/payment-batches/${batch.id}/file`);
    await t.db.updateTable('payment_settings').set({ name: 'Sparbanksstiftelsen Exempel' }).execute();
    expect(second.body).toBe(first.body);
    expect((await get(`/payment-batches/${batch.id}`)).json().data.file_stored_at).toEqual(expect.any(String));

    // A batch whose payment day passed before its first download is not given to the bank.
    const late = (await post('/payment-batches', { data: { payout_ids: [(await approvedPayout()).id] } })).json().data;
    await t.db.updateTable('payment_batches').set({ execution_date: '2020-01-02' }).where('id', '=', late.id).execute();
    const refused = await get(`/payment-batches/${late.id}/file`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/payment day has passed/);
  });

  it('is cancelled before it is sent: its payouts go back to approved and into a new batch with a new message id', async () => {
    const payouts = [await approvedPayout(), await approvedPayout()];
    const ids = payouts.map((p) => p.id);
    const batch = (await post('/payment-batches', { data: { payout_ids: ids } })).json().data;
    const cancelled = await post(`/payment-batches/${batch.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ cancelled_at: expect.any(String), payouts: 0 });
    expect(await statuses(ids)).toEqual([approved, approved]);
    expect((await historyOf(t.db, payouts[0].grant.id)).map((h) => h.action)).toContain('payout_unbatched');
    // Nothing more of it: no file, not sent, not cancelled twice.
    expect((await get(`/payment-batches/${batch.id}/file`)).statusCode).toBe(409);
    expect((await post(`/payment-batches/${batch.id}/sent`)).statusCode).toBe(409);
    expect((await post(`/payment-batches/${batch.id}/cancel`)).statusCode).toBe(409);

    const again = (await post('/payment-batches', { data: { payout_ids: ids } })).json().data;
    expect(again.message_id).not.toBe(batch.message_id);
    expect(await statuses(ids)).toEqual([in_batch, in_batch]);
    expect((await post(`/payment-batches/${again.id}/sent`)).statusCode).toBe(200);
    expect((await post(`/payment-batches/${again.id}/cancel`)).statusCode).toBe(409);
  });

  it('checks every account’s check digits again when the file is made', async () => {
    const payout = await approvedPayout({ type: 'bankgiro', number: '50501056' });
    const batch = (await post('/payment-batches', { data: { payout_ids: [payout.id] } })).json().data;
    const refused = await get(`/payment-batches/${batch.id}/file`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `The account of payout P${payout.id} fails its check (its length or check digit). Reject the payout so the applicant can ask again with the right account.`,
    );
    expect((await get(`/payment-batches/${batch.id}`)).json().data.file_stored_at).toBeNull();
  });
});
