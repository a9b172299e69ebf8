import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { formatMoney } from '../../resources/format.js';
import { displayIban } from '../../resources/ibanBic.js';
import { accountDisplay } from '../../resources/payoutAccounts.js';
import { recordHistory } from '../applicationCore/history.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';
import { stockholmDay } from '../clock.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound } from '../errors.js';
import { mailAboutGrant, type PayoutMailDeps } from './grantMails.js';
import { bookRepaymentReceived } from '../bookkeeping/journal.js';

// Money an applicant is to pay back (unused money, a grant not used as agreed): staff register it, up to what was paid
// and not already to be paid back, and the applicant is mailed the amount, the foundation's account and the message
// to give; staff mark it received on the day it arrived.

const staffName = (alias: string) =>
  sql<string>`(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, ''))`;

/** An application's repayments, oldest first, with what was paid and what could still be asked back. */
export async function repaymentsOf(db: Db, applicationId: number) {
  const [repayments, { paid, repaid }] = await Promise.all([repaymentRows(db, applicationId), paidAndRepaid(db, applicationId)]);
  return { repayments, paid, repayable: Math.max(paid - repaid, 0) };
}

function repaymentRows(db: Db, applicationId: number) {
  return db
    .selectFrom('repayments as r')
    .innerJoin('users as reg', 'reg.id', 'r.registered_by')
    .leftJoin('users as rec', 'rec.id', 'r.received_by')
    .select([
      'r.id',
      'r.amount',
      'r.reason',
      'r.registered_at',
      'r.received_on',
      'r.cancelled_at',
      'r.cancel_reason',
      staffName('reg').as('registered_by'),
      sql<string | null>`CASE WHEN rec.id IS NULL THEN NULL ELSE ${staffName('rec')} END`.as('received_by'),
    ])
    .where('r.application_id', '=', applicationId)
    .orderBy('r.id')
    .execute();
}

/** The application's paid sum and its repayments' sum, in öre (under its row lock when registering). */
async function paidAndRepaid(trx: Db, applicationId: number) {
  const row = await trx
    .selectNoFrom((eb) => [
      eb
        .selectFrom('payouts')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('s'))
        .where('application_id', '=', applicationId)
        .where('status', '=', enums.payout_status.paid)
        .as('paid'),
      eb
        .selectFrom('repayments')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('s'))
        .where('application_id', '=', applicationId)
        .where('cancelled_at', 'is', null)
        .as('repaid'),
    ])
    .executeTakeFirstOrThrow();
  return { paid: Number(row.paid), repaid: Number(row.repaid) };
}

/** The foundation's account a repayment is paid to, as the applicant reads it: its bankgiro, else its IBAN. */
async function foundationAccount(trx: Db): Promise<string> {
  const settings = await trx.selectFrom('payment_settings').select(['bankgiro', 'iban']).executeTakeFirst();
  if (settings?.bankgiro) {
    return `Bankgiro ${accountDisplay('bankgiro', settings.bankgiro)}`;
  }
  if (settings?.iban) return `IBAN ${displayIban(settings.iban)}`;
  throw new AppError(422, 'errors.repayment_account_missing');
}

/**
 * Registers that the applicant is to pay back `amount` öre of the application's grant: at most what was paid less what
 * is already to be paid back (422), mailing the applicant in the same transaction. Returns the application's id.
 */
export async function registerRepayment(
  db: Db,
  deps: PayoutMailDeps,
  uuid: string,
  staffId: number,
  input: { amount: number; reason: string },
): Promise<number> {
  const reason = input.reason.trim();
  if (!reason) throw invalid({ reason: ['validation.required'] });
  const id = await db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('applications')
      .select(['id', 'reference'])
      .where('uuid', '=', uuid)
      .where(reachableByStaff())
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw notFound();
    const { paid, repaid } = await paidAndRepaid(trx, application.id);
    if (input.amount > paid - repaid) {
      throw invalid({ amount: ['validation.repayment_above_paid'] });
    }
    const account = await foundationAccount(trx);
    const row = await trx
      .insertInto('repayments')
      .values({ application_id: application.id, amount: input.amount, reason, registered_by: staffId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordHistory(trx, {
      applicationId: application.id,
      userId: staffId,
      action: 'repayment_registered',
      after: { repayment_id: row.id, amount: input.amount, reason },
    });
    await mailAboutGrant(trx, deps, application.id, 'repayment_registered', (locale) => ({
      amount: formatMoney(input.amount, locale),
      account,
      reason,
    }));
    return application.id;
  });
  deps.mailer.deliverSoon();
  return id;
}

/** A repayment's application with its period, for the access check; undefined when there is none staff may reach. */
export function applicationOfRepayment(db: Db, repaymentId: number): Promise<{ id: number; period_id: number } | undefined> {
  return db
    .selectFrom('repayments as r')
    .innerJoin('applications as a', 'a.id', 'r.application_id')
    .select(['a.id', 'a.period_id'])
    .where('r.id', '=', repaymentId)
    .where(reachableByStaff('a'))
    .executeTakeFirst();
}

/**
 * Marks a repayment received on `receivedOn` (a Stockholm day, not after today): once (409). Returns its application's
 * id.
 */
export async function markRepaymentReceived(db: Db, repaymentId: number, staffId: number, receivedOn: string, now: Date): Promise<number> {
  if (receivedOn > stockholmDay(now)) throw invalid({ received_on: ['validation.repayment_received_future'] });
  return db.transaction().execute(async (trx) => {
    const repayment = await trx
      .selectFrom('repayments')
      .select(['id', 'application_id', 'received_on', 'cancelled_at'])
      .where('id', '=', repaymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!repayment) throw notFound();
    if (repayment.received_on) throw new AppError(409, 'errors.repayment_already_received');
    if (repayment.cancelled_at) throw new AppError(409, 'errors.repayment_cancelled');
    await trx.updateTable('repayments').set({ received_on: receivedOn, received_by: staffId }).where('id', '=', repayment.id).execute();
    await bookRepaymentReceived(trx, repayment.id, receivedOn, staffId);
    await recordHistory(trx, {
      applicationId: repayment.application_id,
      userId: staffId,
      action: 'repayment_received',
      after: { repayment_id: repayment.id, received_on: receivedOn },
    });
    return repayment.application_id;
  });
}

/**
 * After a paid payout came back from the bank, what the applicant was asked to pay back may exceed what was paid: the
 * newest repayments not yet received are taken back (in the history, mailed) until it no longer does. Money already
 * received stays booked as received. In the caller's transaction, under the application's row lock.
 */
export async function takeBackRepayments(trx: Db, deps: PayoutMailDeps, applicationId: number, staffId: number, now: Date, reason: string) {
  await trx.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().executeTakeFirst();
  const { paid, repaid } = await paidAndRepaid(trx, applicationId);
  let excess = repaid - paid;
  if (excess <= 0) return;
  const open = await trx
    .selectFrom('repayments')
    .select(['id', 'amount'])
    .where('application_id', '=', applicationId)
    .where('received_on', 'is', null)
    .where('cancelled_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  for (const repayment of open) {
    if (excess <= 0) break;
    excess -= repayment.amount;
    await trx.updateTable('repayments').set({ cancelled_at: now, cancel_reason: reason }).where('id', '=', repayment.id).execute();
    await recordHistory(trx, {
      applicationId,
      userId: staffId,
      action: 'repayment_cancelled',
      after: { repayment_id: repayment.id, amount: repayment.amount, reason },
    });
    await mailAboutGrant(trx, deps, applicationId, 'repayment_cancelled', (locale) => ({ amount: formatMoney(repayment.amount, locale) }));
  }
}
