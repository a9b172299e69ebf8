import { textIn } from '../../resources/contentLanguage.js';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { accountDisplay } from '../../resources/payoutAccounts.js';
import { isReleased, toldColumns } from '../applicationCore/told.js';
import { reachedBy } from '../applicationCore/ownApplications.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import { deadlineFacts, pastDeadline, payoutDeadline } from './deadline.js';
import { instalmentsOf, type PlannedInstalment } from './plan.js';
import { receiptsOfPayouts } from './receipts.js';

// One grant as its applicant sees it: the amount, the conditions in their language, the plan with each instalment's
// state, the deadline, the payouts asked for, and what is to be paid back, with the account to pay to.

/** Where an instalment stands for the applicant. */
export type InstalmentState = 'waiting' | 'due' | 'requested' | 'paid' | 'lapsed';

const { paid } = enums.payout_status;

/** What decides whether an instalment can be asked for. */
export interface GrantFacts {
  accepted: boolean;
  followupSentIn: boolean;
  deadline: string | null;
}

/**
 * The instalment's state: with a live payout, requested (or further) until paid; without one, lapsed after the
 * deadline, due once the conditions are accepted (and, for an instalment after the follow-up, the report is sent in),
 * else waiting.
 */
export function instalmentState(instalment: PlannedInstalment, facts: GrantFacts, now: Date): InstalmentState {
  if (instalment.payout_status !== null) return instalment.payout_status === paid ? 'paid' : 'requested';
  if (instalment.lapsed_at || pastDeadline(facts.deadline, now)) return 'lapsed';
  if (!facts.accepted) return 'waiting';
  if (instalment.due === enums.payout_due.after_followup && !facts.followupSentIn) return 'waiting';
  return 'due';
}

/** The application of the signed-in applicant whose approval has reached them, or 404. */
export async function releasedGrantOf(db: Db, applicationId: number) {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('grants as g', 'g.application_id', 'a.id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select(toldColumns.map((column) => `a.${column}` as const))
    .select([
      'a.id',
      'a.uuid',
      'a.reference',
      'a.followup_sent_in_at',
      'g.accepted_at',
      'g.signatory_name',
      'g.signatory_role',
      'g.accepted_conditions',
      'p.grant_conditions_sv',
      'p.grant_conditions_en',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
  if (!row || row.status !== enums.application_status.approved || !isReleased(row)) throw notFound();
  return row;
}

/** The period's conditions in the reader's language, the other language's (`fallback`) when that one is empty. */
export function conditionsIn(period: { grant_conditions_sv: string | null; grant_conditions_en: string | null }, locale: Locale) {
  return textIn(locale, period.grant_conditions_sv, period.grant_conditions_en);
}

/** The instalments with their states and the totals, of a grant whose facts are known. */
export async function planWithStates(db: Db, applicationId: number, facts: GrantFacts, approvedMoney: number, now: Date) {
  const instalments = (await instalmentsOf(db, applicationId)).map((instalment) => ({
    id: instalment.id,
    position: instalment.position,
    amount: instalment.amount,
    due: instalment.due,
    payout_status: instalment.payout_status,
    state: instalmentState(instalment, facts, now),
  }));
  const repayments = await db
    .selectFrom('repayments')
    .select(['id', 'amount', 'reason', 'registered_at', 'received_on', 'cancelled_at'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
  const of = (state: InstalmentState) => instalments.filter((i) => i.state === state).reduce((sum, i) => sum + i.amount, 0);
  const totals = {
    approved: approvedMoney,
    paid: of('paid'),
    requested: of('requested'),
    due: of('due'),
    waiting: of('waiting'),
    lapsed: of('lapsed'),
    to_pay_back: repayments.filter((r) => r.received_on === null && r.cancelled_at === null).reduce((sum, r) => sum + r.amount, 0),
  };
  return { instalments, repayments, totals };
}

/** The facts of the grant of a released application row. */
async function factsOf(db: Db, row: { id: number; accepted_at: Date | null; followup_sent_in_at: Date | null }): Promise<GrantFacts> {
  return {
    accepted: row.accepted_at !== null,
    followupSentIn: row.followup_sent_in_at !== null,
    deadline: payoutDeadline((await deadlineFacts(db, row.id))!),
  };
}

/** The foundation's account for money paid back, with the reference to give; null until the settings name one. */
async function repaymentAccount(db: Db, reference: string | null) {
  const settings = await db.selectFrom('payment_settings').select(['name', 'bankgiro', 'iban', 'bic']).executeTakeFirst();
  if (!settings || (!settings.bankgiro && !settings.iban)) return null;
  return {
    name: settings.name,
    bankgiro: settings.bankgiro && accountDisplay('bankgiro', settings.bankgiro),
    iban: settings.iban,
    bic: settings.bic,
    message: reference ?? '',
  };
}

/**
 * The grant of the application as its applicant sees it (404 unless approved and released to them), with the largest
 * receipt they may upload.
 */
export async function grantView(db: Db, applicationId: number, locale: Locale, now: Date, uploadMaxBytes: number) {
  const row = await releasedGrantOf(db, applicationId);
  const facts = await factsOf(db, row);
  const approvedMoney = row.approved_money ?? 0;
  const plan = await planWithStates(db, applicationId, facts, approvedMoney, now);
  const payouts = await db
    .selectFrom('payouts')
    .select([
      'id',
      'instalment_id',
      'amount',
      'status',
      'account_type',
      'clearing_number',
      'account_number',
      'requested_at',
      'paid_on',
      'reject_reason',
      'return_reason',
    ])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
  const payoutIds = payouts.map((payout) => payout.id);
  const receipts = await receiptsOfPayouts(db, payoutIds);
  // Once accepted, the text as it was shown then, whatever its language.
  const conditions = row.accepted_conditions === null ? conditionsIn(row, locale) : { text: row.accepted_conditions, fallback: false };
  return {
    uuid: row.uuid,
    reference: row.reference,
    approved_money: approvedMoney,
    conditions: conditions.text,
    untranslated: conditions.fallback ? ['conditions' as const] : [],
    accepted: row.accepted_at
      ? { at: row.accepted_at, signatory_name: row.signatory_name ?? '', signatory_role: row.signatory_role ?? '' }
      : null,
    deadline: facts.deadline,
    followup_sent_in: facts.followupSentIn,
    ...plan,
    payouts: payouts.map((payout) => ({
      id: payout.id,
      instalment_id: payout.instalment_id,
      amount: payout.amount,
      status: payout.status,
      account_type: payout.account_type,
      account: accountDisplay(payout.account_type, payout.account_number, payout.clearing_number),
      requested_at: payout.requested_at,
      paid_on: payout.paid_on,
      reason: payout.reject_reason ?? payout.return_reason,
      receipts: receipts.get(payout.id) ?? [],
    })),
    repayment_account: await repaymentAccount(db, row.reference),
    upload_max_bytes: uploadMaxBytes,
  };
}

/** Each released grant the applicant reaches (their own, their organisations'), with its totals, for the applications page. */
export async function grantsOfApplicant(db: Db, applicantId: number, now: Date) {
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('grants as g', 'g.application_id', 'a.id')
    .select(toldColumns.map((column) => `a.${column}` as const))
    .select(['a.id', 'a.uuid', 'a.reference', 'a.followup_sent_in_at', 'g.accepted_at'])
    .where(reachedBy(applicantId))
    .where('a.status', '=', enums.application_status.approved)
    .orderBy('a.id', 'desc')
    .execute();
  const grants = [];
  for (const row of rows.filter(isReleased)) {
    const { totals, instalments } = await planWithStates(db, row.id, await factsOf(db, row), row.approved_money ?? 0, now);
    grants.push({
      uuid: row.uuid,
      reference: row.reference,
      accepted: row.accepted_at !== null,
      due_instalments: instalments.filter((i) => i.state === 'due').length,
      totals,
    });
  }
  return grants;
}
