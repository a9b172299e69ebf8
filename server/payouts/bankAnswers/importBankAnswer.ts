import { sql } from 'kysely';
import { enums } from '../../../resources/enums.js';
import { personName } from '../../../resources/users.js';
import { stockholmDay } from '../../clock.js';
import type { Db } from '../../db/connect.js';
import type { BankAnswerOutcome } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { translator } from '../../i18n.js';
import { endOpenBatchIn, payPayouts, sending } from '../batches.js';
import type { PayoutMailDeps } from '../grantMails.js';
import { movePayouts, payoutStatusGroups, payoutTransitions } from '../lifecycle.js';
import { returnPayoutIn } from '../returns.js';
import { readBankAnswer, type DebitNotification, type StatusReport } from './readBankAnswer.js';

// A payout is paid or returned when the bank says so: its answers are imported here, each file once, and each payment in
// it is matched to a payout by the EndToEndId the payment file gave it (`P` and the payout's id). What each did is kept
// with the file. A payment that matches nothing, or says what is already so, changes nothing and is listed as such.

const { in_batch, sent } = enums.payout_status;
const { atBank } = payoutStatusGroups;
/** What the bank's word may return: a payout in a file it has, sent, or paid. */
const bankReturnable = payoutTransitions.payout_returned.from;
/** The statuses a bank gives a file or payment it took (ISO 20022's ExternalPaymentGroupStatus / TransactionStatus). */
const ACCEPTED = new Set(['ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'PART']);

/** The payout an EndToEndId of this system's payment file names, or null. */
export function payoutIdOf(endToEndId: string): number | null {
  const match = /^P(\d{1,10})$/.exec(endToEndId);
  const id = match ? Number(match[1]) : NaN;
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The payouts a bank's answer in `xml` names (its batch's, for a status report), for the access check; [] when unreadable. */
export async function payoutsNamedBy(db: Db, xml: string): Promise<number[]> {
  let answer;
  try {
    answer = readBankAnswer(xml);
  } catch {
    return [];
  }
  if (answer.kind === 'pain.002') {
    const rows = await db
      .selectFrom('payouts as p')
      .innerJoin('payment_batches as b', 'b.id', 'p.batch_id')
      .select('p.id')
      .where('b.message_id', '=', answer.originalMessageId)
      .execute();
    return rows.map((r) => r.id);
  }
  return [...new Set(answer.payments.map((p) => payoutIdOf(p.endToEndId)).filter((id): id is number => id !== null))];
}

/** The bank's reason told to the applicant and kept: in the foundation's language, with the bank's code. */
function bankReason(code: string | null): string {
  const t = translator('sv-SE');
  const key = `bank_answers.reasons.${code ?? ''}`;
  const known = code ? t(key) : key;
  return known !== key ? `${known} (${code})` : t('bank_answers.reasons.other', { code: code ?? '–' });
}

/**
 * Imports a bank's answer: pain.002.001.03 or camt.054.001.02 (422 for anything else or unreadable; 409 when the same
 * message was imported before, saying when and by whom). In one transaction with what it does to the payouts.
 */
export async function importBankAnswer(db: Db, deps: PayoutMailDeps, xml: string, staffId: number, now: Date) {
  const answer = readBankAnswer(xml);
  const imported = await db.transaction().execute(async (trx) => {
    // Two imports of one file at once: the second waits, then finds the first.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`bank-answer:${answer.kind}:${answer.messageId}`}))`.execute(trx);
    const earlier = await trx
      .selectFrom('bank_answers as b')
      .innerJoin('users as u', 'u.id', 'b.imported_by')
      .select(['b.imported_at', 'u.first_name', 'u.last_name'])
      .where('b.kind', '=', answer.kind)
      .where('b.message_id', '=', answer.messageId)
      .executeTakeFirst();
    if (earlier) {
      throw new AppError(409, 'errors.bank_answer_imported', {
        params: { name: personName(earlier.first_name, earlier.last_name), date: stockholmDay(earlier.imported_at) },
      });
    }
    const outcomes =
      answer.kind === 'pain.002'
        ? await actOnStatusReport(trx, deps, answer, staffId, now)
        : await actOnDebitNotification(trx, deps, answer, staffId, now);
    const row = await trx
      .insertInto('bank_answers')
      .values({ kind: answer.kind, message_id: answer.messageId, file_xml: xml, outcomes: JSON.stringify(outcomes), imported_by: staffId })
      .returning(['id', 'imported_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, kind: answer.kind, message_id: answer.messageId, imported_at: row.imported_at, outcomes };
  });
  deps.mailer.deliverSoon();
  return imported;
}

/** The payout in `batchId` (any batch when null) that an EndToEndId names, locked. */
function lockedPayout(trx: Db, endToEndId: string, batchId: number | null) {
  const id = payoutIdOf(endToEndId);
  if (id === null) return Promise.resolve(undefined);
  return trx
    .selectFrom('payouts')
    .select(['id', 'application_id', 'status', 'amount', 'batch_id'])
    .where('id', '=', id)
    .$if(batchId !== null, (q) => q.where('batch_id', '=', batchId))
    .$if(batchId === null, (q) => q.where('batch_id', 'is not', null))
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The status report: the batch it answers gets the bank's word on the file. A file rejected whole gives its payouts
 * back to be batched anew (nothing was paid); a file taken that was not yet marked sent is sent now; a payment
 * rejected alone is returned with the bank's reason, for the applicant to give another account.
 */
async function actOnStatusReport(trx: Db, deps: PayoutMailDeps, report: StatusReport, staffId: number, now: Date) {
  const batch = await trx
    .selectFrom('payment_batches')
    .select(['id', 'sent_at', 'cancelled_at'])
    .where('message_id', '=', report.originalMessageId)
    .forUpdate()
    .executeTakeFirst();
  if (!batch) throw new AppError(422, 'errors.bank_answer_batch_unknown', { params: { message: report.originalMessageId } });
  if (batch.cancelled_at) throw new AppError(409, 'errors.payment_batch_cancelled');
  const rejectedWhole = report.groupStatus === 'RJCT';
  const status = report.groupStatus ?? (report.payments.length ? report.payments[0].status : null);
  await trx
    .updateTable('payment_batches')
    .set({
      ...(status && { bank_status: status, bank_status_at: now }),
      // A file the bank refused whole and nobody marked sent is done with: its payouts go into a new one.
      ...(rejectedWhole && !batch.sent_at && { cancelled_at: now, cancelled_by: staffId }),
    })
    .where('id', '=', batch.id)
    .execute();
  if (rejectedWhole) return unbatch(trx, batch.id, bankReason(report.groupReason), staffId);
  if (!batch.sent_at && (report.payments.some((p) => ACCEPTED.has(p.status)) || ACCEPTED.has(report.groupStatus ?? ''))) {
    await endOpenBatchIn(trx, batch.id, staffId, sending(staffId, now));
  }
  const outcomes: BankAnswerOutcome[] = [];
  for (const payment of report.payments) {
    const payout = await lockedPayout(trx, payment.endToEndId, batch.id);
    const base = { end_to_end_id: payment.endToEndId, payout_id: payout?.id ?? null };
    if (!payout) outcomes.push({ ...base, outcome: 'unknown' });
    else if (payment.status !== 'RJCT')
      outcomes.push({ ...base, outcome: ACCEPTED.has(payment.status) ? 'accepted' : 'pending', detail: payment.status });
    else if (!atBank.includes(payout.status)) outcomes.push({ ...base, outcome: 'already' });
    else {
      await returnPayoutIn(trx, deps, payout.id, {
        reason: bankReason(payment.reason),
        bankReference: report.messageId,
        from: atBank,
        staffId,
        now,
        recorded: { bank_message: report.messageId, bank_code: payment.reason },
      });
      outcomes.push({ ...base, outcome: 'rejected', detail: payment.reason ?? undefined });
    }
  }
  return outcomes;
}

/** The payouts of a batch the bank refused whole, back to approved and out of it, each in its history. */
async function unbatch(trx: Db, batchId: number, reason: string, staffId: number): Promise<BankAnswerOutcome[]> {
  const payouts = await movePayouts(trx, 'payout_unbatched', {
    batchId,
    set: { batch_id: null },
    userId: staffId,
    before: { batch: batchId },
    after: { reason },
  });
  return payouts.map((p) => ({ end_to_end_id: `P${p.id}`, payout_id: p.id, outcome: 'unbatched' }));
}

/**
 * The debit notification: a payment booked from the account pays its payout on the booking day, one that came back
 * returns it (booked back when the books hold it paid, with what was asked back of it taken back). An amount that is
 * not the payout's changes nothing.
 */
async function actOnDebitNotification(trx: Db, deps: PayoutMailDeps, notification: DebitNotification, staffId: number, now: Date) {
  const outcomes: BankAnswerOutcome[] = [];
  const today = stockholmDay(now);
  for (const payment of notification.payments) {
    const payout = await lockedPayout(trx, payment.endToEndId, null);
    const base = { end_to_end_id: payment.endToEndId, payout_id: payout?.id ?? null };
    if (!payout) {
      outcomes.push({ ...base, outcome: 'unknown' });
      continue;
    }
    if (payment.amount !== payout.amount) {
      outcomes.push({ ...base, outcome: 'not_matching', detail: String(payment.amount) });
      continue;
    }
    if (payment.entryStatus !== 'BOOK') {
      outcomes.push({ ...base, outcome: 'pending', detail: payment.entryStatus });
      continue;
    }
    const bankReference = payment.bankReference ?? notification.messageId;
    const recorded = { bank_message: notification.messageId, bank_reference: bankReference };
    if (payment.direction === 'DBIT' && !payment.returnReason) {
      if (!atBank.includes(payout.status)) {
        outcomes.push({ ...base, outcome: 'already' });
        continue;
      }
      // The bank booked a payment of a file nobody marked sent: the file went to the bank, so its batch is sent now.
      if (payout.status === in_batch) {
        await endOpenBatchIn(trx, payout.batch_id!, staffId, sending(staffId, now));
        payout.status = sent;
      }
      // The bank's booking day, never after today (a file from the future is a clock's fault, not a payment's).
      const day = payment.bookedOn && payment.bookedOn <= today ? payment.bookedOn : today;
      await payPayouts(trx, deps, { ids: [payout.id] }, day, staffId, { reference: bankReference, recorded });
      outcomes.push({ ...base, outcome: 'paid', detail: bankReference });
    } else {
      if (!bankReturnable.includes(payout.status)) {
        outcomes.push({ ...base, outcome: 'already' });
        continue;
      }
      await returnPayoutIn(trx, deps, payout.id, {
        reason: bankReason(payment.returnReason),
        bankReference,
        from: bankReturnable,
        staffId,
        now,
        recorded: { ...recorded, bank_code: payment.returnReason },
      });
      outcomes.push({ ...base, outcome: 'returned', detail: bankReference });
    }
  }
  return outcomes;
}
