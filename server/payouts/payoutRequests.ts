import { enums } from '../../resources/enums.js';
import { formatMoney } from '../../resources/format.js';
import { readPayoutAccount, type PayoutAccount, type PayoutAccountKind } from '../../resources/payoutAccounts.js';
import { recordHistory } from '../applicationCore/history.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { deadlineFacts, payoutDeadline } from './deadline.js';
import { instalmentState, releasedGrantOf } from './grants.js';
import { mailAboutGrant, type PayoutMailDeps } from './grantMails.js';
import { instalmentsOf } from './plan.js';

export interface PayoutRequestInput {
  instalment_id: number;
  account_type: PayoutAccountKind;
  clearing_number?: string;
  account_number: string;
}

/** Problems of a bank account's clearing number, which belong beside that field rather than the account number's. */
const clearingProblems = ['validation.bank_clearing_length', 'validation.bank_clearing_unknown'];

/** The account as typed, checked by its kind's rules: the account, or the problems beside their fields. */
export function readRequestedAccount(
  input: Omit<PayoutRequestInput, 'instalment_id'>,
): { account: PayoutAccount } | { errors: FieldErrors } {
  const number = input.account_number.trim();
  const clearing = (input.clearing_number ?? '').trim();
  if (input.account_type !== 'bank') {
    if (!number) return { errors: { account_number: ['validation.required'] } };
    const reading = readPayoutAccount(input.account_type, number);
    return reading.account ? { account: reading.account } : { errors: { account_number: [reading.problem] } };
  }
  const errors: FieldErrors = {};
  if (!clearing) errors.clearing_number = ['validation.required'];
  if (!number) errors.account_number = ['validation.required'];
  if (Object.keys(errors).length) return { errors };
  // A comma cannot be part of either, so it separates them for the reader whatever was typed.
  if (clearing.includes(',')) return { errors: { clearing_number: [{ key: 'validation.payout_account_characters' }] } };
  if (number.includes(',')) return { errors: { account_number: [{ key: 'validation.payout_account_characters' }] } };
  const reading = readPayoutAccount('bank', `${clearing},${number}`);
  if (reading.account) return { account: reading.account };
  const { problem } = reading;
  if (problem.key === 'validation.payout_account_characters') {
    const field = readPayoutAccount('bankgiro', clearing).problem?.key === problem.key ? 'clearing_number' : 'account_number';
    return { errors: { [field]: [problem] } };
  }
  return { errors: { [clearingProblems.includes(problem.key) ? 'clearing_number' : 'account_number']: [problem] } };
}

/**
 * The applicant asks for one instalment to an account: only once the conditions are accepted, for an instalment that
 * is due and has no live payout, up to the deadline (409 otherwise, in the caller's language). The account is checked
 * by its kind's rules (422 beside the field, nothing saved); its kind and digits are kept. The request is in the
 * history, and its mail queued in the same transaction; `after` runs in it too, with the payout's id (the signals of
 * its account, server/signals/, which this wing does not know). Answers the payout's id.
 */
export async function requestPayout(
  db: Db,
  deps: PayoutMailDeps,
  applicationId: number,
  applicantId: number,
  input: PayoutRequestInput,
  now: Date,
  after: (trx: Db, payoutId: number) => Promise<unknown> = async () => {},
): Promise<number> {
  const reading = readRequestedAccount(input);
  if ('errors' in reading) throw invalid(reading.errors);
  const { account } = reading;
  const id = await db.transaction().execute(async (trx) => {
    // The application's row, as a decision and an approval take it: the plan cannot change under the request.
    await trx.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().executeTakeFirstOrThrow();
    const grant = await releasedGrantOf(trx, applicationId);
    if (!grant.accepted_at) throw new AppError(409, 'errors.grant_not_accepted');
    const instalment = (await instalmentsOf(trx, applicationId)).find((i) => i.id === input.instalment_id);
    if (!instalment) throw invalid({ instalment_id: ['validation.payout_instalment_unknown'] });
    const facts = {
      accepted: true,
      followupSentIn: grant.followup_sent_in_at !== null,
      deadline: payoutDeadline((await deadlineFacts(trx, applicationId))!),
    };
    const state = instalmentState(instalment, facts, now);
    if (state === 'requested' || state === 'paid') throw new AppError(409, 'errors.payout_already_requested');
    if (state === 'lapsed') throw new AppError(409, 'errors.payout_deadline_passed');
    if (state === 'waiting') throw new AppError(409, 'errors.payout_waits_for_followup');
    const payout = await trx
      .insertInto('payouts')
      .values({
        instalment_id: instalment.id,
        application_id: applicationId,
        amount: instalment.amount,
        account_type: account.kind,
        clearing_number: account.bank?.clearing ?? null,
        account_number: account.bank?.account ?? account.digits,
        status: enums.payout_status.requested,
        requested_at: now,
        requested_by: applicantId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordHistory(trx, {
      applicationId,
      userId: null,
      action: 'payout_requested',
      after: {
        payout_id: payout.id,
        instalment: instalment.position,
        amount: instalment.amount,
        account_type: account.kind,
        account: account.display,
      },
    });
    await mailAboutGrant(trx, deps, applicationId, 'payout_requested', (locale) => ({
      amount: formatMoney(instalment.amount, locale),
      account: account.display,
    }));
    await after(trx, payout.id);
    return payout.id;
  });
  deps.mailer.deliverSoon();
  return id;
}
