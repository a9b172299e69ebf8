import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums.js';
import { addDays, stockholmDay } from '../../clock.js';
import { historyOf } from '../../test/handlingFixtures.js';
import { debitNotification, statusReport } from '../../test/bankAnswerXml.js';
import { schemaErrors } from '../../test/paymentXml.js';
import { grantedApplication, payoutOf } from '../../test/payoutFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../../test/testApp.js';

// Paid and returned by the bank's word: its status report (pain.002.001.03) and debit notification (camt.054.001.02),
// each validated against the official schema before it is imported, matched to payouts by their EndToEndId; a return
// marked by hand is asked by one person with the bank's reference and carried out by another.

const { approved, in_batch, sent, paid, returned } = enums.payout_status;
let t: TestApp;
let anna: string;
let bengt: string;
let annaId: number;
let bengtId: number;

beforeAll(async () => {
  t = await createTestApp();
  annaId = await createStaff(t.db, 'admin', 'anna@bank-answers.test');
  bengtId = await createStaff(t.db, 'admin', 'bengt@bank-answers.test');
  anna = await sessionCookie(t.app, 'anna@bank-answers.test');
  bengt = await sessionCookie(t.app, 'bengt@bank-answers.test');
  await t.db
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Exempel', org_number: '802415-3978', bankgiro: '56781234' })
    .execute();
});
afterAll(() => t.close());

const en = { 'accept-language': 'en-US' };
const api = (method: 'GET' | 'POST', url: string, payload?: object, cookie = anna) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, payload: payload && { data: payload }, headers: en });
const importAnswer = (xml: string, cookie = anna) => api('POST', '/bank-answers', { xml }, cookie);
const today = () => stockholmDay(new Date());

/** `count` approved payouts of applications of their own, batched together (not yet marked sent unless told). */
async function batchOf(count: number, { markSent = false, amount = 2_000_00 } = {}) {
  const payouts = [];
  for (let i = 0; i < count; i++) {
    const grant = await grantedApplication(t.db, { amount });
    const payout = await payoutOf(t.db, grant, grant.instalments[0], { status: approved, preparedBy: annaId, approvedBy: bengtId });
    payouts.push({ ...payout, grant });
  }
  const batch = (await api('POST', '/payment-batches', { payout_ids: payouts.map((p) => p.id) })).json().data;
  if (markSent) expect((await api('POST', `/payment-batches/${batch.id}/sent`)).statusCode).toBe(200);
  return { batch, payouts };
}
const payoutState = (id: number) =>
  t.db
    .selectFrom('payouts')
    .select(['status', 'batch_id', 'paid_on', 'bank_reference', 'return_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const vouchers = (payoutId: number) =>
  t.db
    .selectFrom('journal_vouchers')
    .select(['kind', 'day as voucher_date'])
    .where('source_id', '=', payoutId)
    .where('kind', 'in', ['payout_paid', 'payout_returned'])
    .orderBy('id')
    .execute();

describe('the bank’s status report', () => {
  it('sends a batch the bank took, returns the payment it rejected with its reason, and is imported once', async () => {
    const { batch, payouts } = await batchOf(3);
    const [taken, rejected, other] = payouts;
    const xml = statusReport({
      messageId: `STS-${randomUUID().slice(0, 30)}`,
      originalMessageId: batch.message_id,
      groupStatus: 'PART',
      payments: [
        { endToEndId: `P${taken.id}`, status: 'ACCP' },
        { endToEndId: `P${rejected.id}`, status: 'RJCT', reason: 'AC04' },
        { endToEndId: 'P2147483000', status: 'ACCP' },
      ],
    });
    expect(schemaErrors(xml, 'pain.002.001.03')).toBe('');

    const answer = await importAnswer(xml);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      kind: 'pain.002',
      outcomes: [
        { payout_id: taken.id, outcome: 'accepted', detail: 'ACCP' },
        { payout_id: rejected.id, outcome: 'rejected', detail: 'AC04' },
        { payout_id: null, end_to_end_id: 'P2147483000', outcome: 'unknown' },
      ],
    });
    // The bank has the file: the batch is sent, by the one who imported the answer.
    const read = (await api('GET', `/payment-batches/${batch.id}`)).json().data;
    expect(read).toMatchObject({ bank_status: 'PART', sent_by: { id: annaId } });
    expect((await payoutState(taken.id)).status).toBe(sent);
    expect((await payoutState(other.id)).status).toBe(sent);
    expect(await payoutState(rejected.id)).toMatchObject({ status: returned, return_reason: 'Banken: kontot är avslutat (AC04)' });
    // The applicant is told why, and may ask again to another account.
    const mail = await t.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', rejected.grant.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('kontot är avslutat');
    expect((await historyOf(t.db, rejected.grant.id)).map((h) => h.action)).toEqual(['payout_batched', 'payout_sent', 'payout_returned']);
    // Nothing was paid, so nothing is booked back.
    expect(await vouchers(rejected.id)).toEqual([]);

    // The same file again changes nothing, and says when and by whom it was imported.
    const again = await importAnswer(xml, bengt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This file from the bank was imported already on ${today()} by Anna Test. Nothing was changed.`);
    const stored = await t.db.selectFrom('bank_answers').select(['kind', 'imported_by']).where('file_xml', '=', xml).execute();
    expect(stored).toEqual([{ kind: 'pain.002', imported_by: annaId }]);
    // Written once.
    await expect(t.db.deleteFrom('bank_answers').where('file_xml', '=', xml).execute()).rejects.toThrow(/written once/);
  });

  it('gives the payouts of a file rejected whole back to be batched anew', async () => {
    const { batch, payouts } = await batchOf(2);
    const xml = statusReport({
      messageId: `STS-${randomUUID().slice(0, 30)}`,
      originalMessageId: batch.message_id,
      groupStatus: 'RJCT',
      groupReason: 'FF01',
    });
    expect(schemaErrors(xml, 'pain.002.001.03')).toBe('');
    const answer = await importAnswer(xml);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.outcomes.map((o: { outcome: string }) => o.outcome)).toEqual(['unbatched', 'unbatched']);
    for (const payout of payouts) expect(await payoutState(payout.id)).toMatchObject({ status: approved, batch_id: null });
    expect((await api('GET', `/payment-batches/${batch.id}`)).json().data).toMatchObject({ bank_status: 'RJCT', sent_at: null });
    expect((await api('GET', `/payment-batches/${batch.id}`)).json().data.cancelled_at).not.toBeNull();
    const anew = await api('POST', '/payment-batches', { payout_ids: payouts.map((p) => p.id) });
    expect(anew.statusCode).toBe(200);
    expect(anew.json().data.message_id).not.toBe(batch.message_id);
  });
});

describe('the bank’s debit notification', () => {
  it('pays on the booking day with the bank’s reference, then returns and books back what came back, taking back a repayment', async () => {
    const { payouts } = await batchOf(2, { markSent: true });
    const [payout, wrongAmount] = payouts;
    const booked = addDays(today(), -2);
    const xml = debitNotification({
      messageId: `DBT-${randomUUID().slice(0, 30)}`,
      payments: [
        { endToEndId: `P${payout.id}`, amount: 2_000_00, bookedOn: booked, bankReference: 'SWE-REF-1' },
        { endToEndId: `P${wrongAmount.id}`, amount: 1_999_00, bookedOn: booked, bankReference: 'SWE-REF-2' },
      ],
    });
    expect(schemaErrors(xml, 'camt.054.001.02')).toBe('');
    const answer = await importAnswer(xml);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.outcomes).toMatchObject([
      { payout_id: payout.id, outcome: 'paid', detail: 'SWE-REF-1' },
      { payout_id: wrongAmount.id, outcome: 'not_matching' },
    ]);
    expect(await payoutState(payout.id)).toMatchObject({ status: paid, paid_on: booked, bank_reference: 'SWE-REF-1' });
    expect((await payoutState(wrongAmount.id)).status).toBe(sent);
    expect(await vouchers(payout.id)).toEqual([{ kind: 'payout_paid', voucher_date: booked }]);

    // The applicant is asked to pay some back; then the bank says the payment came back: nothing was received, so
    // nothing is to be paid back.
    const registered = await api('POST', `/applications/${payout.grant.uuid}/repayments`, { amount: 500_00, reason: 'Överskott' });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    // A notification (each its own message) that the payment came back.
    const cameBack = () =>
      debitNotification({
        messageId: `DBT-${randomUUID().slice(0, 30)}`,
        payments: [
          {
            endToEndId: `P${payout.id}`,
            amount: 2_000_00,
            direction: 'CRDT',
            bookedOn: today(),
            bankReference: 'SWE-RET-1',
            returnReason: 'AC04',
          },
        ],
      });
    const back = cameBack();
    expect(schemaErrors(back, 'camt.054.001.02')).toBe('');
    const returnedAnswer = await importAnswer(back, bengt);
    expect(returnedAnswer.statusCode, returnedAnswer.body).toBe(200);
    expect(returnedAnswer.json().data.outcomes).toMatchObject([{ payout_id: payout.id, outcome: 'returned', detail: 'SWE-RET-1' }]);
    expect(await payoutState(payout.id)).toMatchObject({ status: returned, bank_reference: 'SWE-RET-1' });
    expect(await vouchers(payout.id)).toEqual([
      { kind: 'payout_paid', voucher_date: booked },
      { kind: 'payout_returned', voucher_date: today() },
    ]);
    const repayments = (await api('GET', `/applications/${payout.grant.uuid}/repayments`)).json().data;
    expect(repayments.repayments).toMatchObject([{ amount: 500_00, cancel_reason: 'Banken: kontot är avslutat (AC04)' }]);
    expect(repayments.repayments[0].cancelled_at).not.toBeNull();
    const grant = await call(t.app, {
      method: 'GET',
      url: `/api/v1/portal/applications/${payout.grant.uuid}/grant`,
      cookie: payout.grant.applicant,
    });
    expect(grant.json().data.totals.to_pay_back, grant.body).toBe(0);
    const subjects = await t.db.selectFrom('outbox').select('subject').where('recipient', '=', payout.grant.email).execute();
    expect(subjects.map((s) => s.subject)).toContainEqual(expect.stringMatching(/^Du behöver inte betala tillbaka/));
    expect((await historyOf(t.db, payout.grant.id)).map((h) => h.action)).toEqual(
      expect.arrayContaining(['payout_paid', 'repayment_registered', 'payout_returned', 'repayment_cancelled']),
    );
    // The same word twice does nothing more.
    const later = cameBack();
    expect((await importAnswer(later)).json().data.outcomes).toMatchObject([{ outcome: 'already' }]);
  });

  it('sends the batch of a payment it booked that nobody marked sent', async () => {
    const { batch, payouts } = await batchOf(2);
    const xml = debitNotification({
      messageId: `DBT-${randomUUID().slice(0, 30)}`,
      payments: [{ endToEndId: `P${payouts[0].id}`, amount: 2_000_00, bookedOn: today(), bankReference: 'SWE-REF-9' }],
    });
    expect((await importAnswer(xml, bengt)).json().data.outcomes).toMatchObject([{ outcome: 'paid' }]);
    expect((await api('GET', `/payment-batches/${batch.id}`)).json().data).toMatchObject({ sent_by: { id: bengtId }, paid: 1 });
    expect((await payoutState(payouts[1].id)).status).toBe(sent);
    expect((await historyOf(t.db, payouts[0].grant.id)).map((h) => h.action)).toEqual(['payout_batched', 'payout_sent', 'payout_paid']);
  });

  it('refuses what is no bank answer, in the caller’s language, and anyone who does not manage payouts', async () => {
    const unreadable = await importAnswer('<Document><not closed></Document>');
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().message).toMatch(/^The file cannot be read as the bank’s answer/);
    const doctype = await importAnswer('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "y">]><Document/>');
    expect(doctype.statusCode).toBe(422);
    const { batch } = await batchOf(1);
    const paymentFile = (await api('GET', `/payment-batches/${batch.id}/file`)).body;
    const wrongKind = await call(t.app, {
      method: 'POST',
      url: '/api/v1/bank-answers',
      cookie: anna,
      payload: { data: { xml: paymentFile } },
      headers: { 'accept-language': 'sv-SE' },
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().message).toMatch(/^Filen är inget av bankens svar/);
    const unknownBatch = await importAnswer(
      statusReport({ messageId: `STS-${randomUUID().slice(0, 30)}`, originalMessageId: 'SPB-NOWHERE', groupStatus: 'ACCP' }),
    );
    expect(unknownBatch.statusCode).toBe(422);
    expect(unknownBatch.json().message).toContain('SPB-NOWHERE');

    await createStaff(t.db, 'utredare', 'erik@bank-answers.test');
    const investigator = await sessionCookie(t.app, 'erik@bank-answers.test');
    const refused = await importAnswer(
      statusReport({ messageId: `STS-${randomUUID().slice(0, 30)}`, originalMessageId: batch.message_id, groupStatus: 'RJCT' }),
      investigator,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await payoutState((await t.db.selectFrom('payouts').select('id').where('batch_id', '=', batch.id).executeTakeFirstOrThrow()).id))
        .status,
    ).toBe(in_batch);
    expect(await t.db.selectFrom('bank_answers').select('id').where('message_id', '=', 'SPB-NOWHERE').execute()).toEqual([]);
  });
});

describe('a return marked by hand', () => {
  it('is asked by one person with the bank’s reference and carried out by another', async () => {
    const { batch, payouts } = await batchOf(1, { markSent: true });
    const [payout] = payouts;
    expect((await api('POST', `/payment-batches/${batch.id}/paid`, { paid_on: today() })).statusCode).toBe(200);

    const noReference = await api('POST', `/payouts/${payout.id}/returned`, { reason: 'Kontot är avslutat.', bank_reference: ' ' });
    expect(noReference.statusCode).toBe(422);
    const asked = await api('POST', `/payouts/${payout.id}/returned`, { reason: 'Kontot är avslutat.', bank_reference: 'RET-77' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({
      status: paid,
      return_asked: { by: { id: annaId }, reason: 'Kontot är avslutat.', bank_reference: 'RET-77' },
    });
    expect((await api('POST', `/payouts/${payout.id}/returned`, { reason: 'Igen', bank_reference: 'RET-78' })).statusCode).toBe(409);
    // Not by the one who asked.
    const own = await api('POST', `/payouts/${payout.id}/returned/approve`);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toMatch(/^You marked the return, so someone else approves it/);
    expect((await payoutState(payout.id)).status).toBe(paid);

    const done = await api('POST', `/payouts/${payout.id}/returned/approve`, undefined, bengt);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: returned,
      return_reason: 'Kontot är avslutat.',
      bank_reference: 'RET-77',
      return_asked: null,
    });
    expect((await vouchers(payout.id)).map((v) => v.kind)).toEqual(['payout_paid', 'payout_returned']);
    expect((await historyOf(t.db, payout.grant.id)).map((h) => h.action).slice(-2)).toEqual(['payout_return_asked', 'payout_returned']);
    expect((await api('POST', `/payouts/${payout.id}/returned/approve`, undefined, bengt)).statusCode).toBe(409);
  });

  it('can be withdrawn, leaving the payout as it was', async () => {
    const { payouts } = await batchOf(1, { markSent: true });
    const [payout] = payouts;
    expect((await api('POST', `/payouts/${payout.id}/returned`, { reason: 'Fel konto', bank_reference: 'RET-9' })).statusCode).toBe(200);
    const withdrawn = await api('POST', `/payouts/${payout.id}/returned/withdraw`, undefined, bengt);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: sent, return_asked: null });
    expect((await api('POST', `/payouts/${payout.id}/returned/withdraw`)).statusCode).toBe(409);
    expect((await api('POST', `/payouts/${payout.id}/returned/approve`, undefined, bengt)).statusCode).toBe(409);
  });
});
