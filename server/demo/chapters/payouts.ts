import { enums } from '../../../resources/enums.js';
import { isoDate, type DemoCalendar } from './calendar.js';
import type { Db } from '../../db/connect.js';
import type { SeededApplication } from './applications.js';
import { createSetting } from './createSetting.js';
import { demoLogins } from './staff.js';
import { kr } from './money.js';
import { orgNumber } from './orgNumber.js';
import type { PeriodIds } from './periods.js';
import type { HistoryAction } from '../../../resources/history.js';

const { payout_status: status, payout_due: due } = enums;

/** Who pays the grants: the administrator prepares, the treasurer approves (for both periods: an ability per period). */
async function seedTreasurer(trx: Db, periodIds: PeriodIds, passwordHash: string) {
  const id = await createSetting(trx, 'users', {
    ...demoLogins[2],
    first_name: 'Karin',
    last_name: 'Nordin',
    payout_approval_period_ids: [periodIds.open, periodIds.closed],
  });
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  return id;
}

type Account = { type: 'bankgiro' | 'plusgiro' | 'bank'; clearing?: string; number: string };
const accounts = {
  bankgiro: { type: 'bankgiro', number: '50501055' },
  plusgiro: { type: 'plusgiro', number: '9012345' },
  bank: { type: 'bank', clearing: '81299', number: '0433867116' },
} satisfies Record<string, Account>;

/**
 * The grants of the demo's approvals in every state of paying them: paid (one with money to pay back), lapsed, an
 * instalment in a payment file not yet sent, one approved by two and waiting for a file, one requested and waiting to
 * be prepared, one accepted with its second part waiting for the follow-up, and one not yet told. Written directly
 * with their past times, as the decisions are: the app's own steps take effect now.
 */
export async function seedPayouts(
  trx: Db,
  applications: SeededApplication[],
  periodIds: PeriodIds,
  { daysAgo, moment }: DemoCalendar,
  passwordHash: string,
) {
  const admin = (await trx.selectFrom('users').select('id').where('email', '=', 'admin@demo.se').executeTakeFirstOrThrow()).id;
  const treasurer = await seedTreasurer(trx, periodIds, passwordHash);
  await trx
    .updateTable('payment_settings')
    .set({ name: 'Sparbanksstiftelsen Norrbygden', org_number: orgNumber('802412345'), bankgiro: '55555551', updated_by: admin })
    .execute();

  const approval = (by: string, approved: number) => {
    const found = applications.find((a) => a.plan.applied.by === by && a.plan.handled?.approved === approved);
    if (!found) throw new Error(`No demo approval of ${approved} kr by ${by}`);
    return found;
  };
  const history = (applicationId: number, action: HistoryAction, at: Date, userId: number | null, after: Record<string, unknown>) =>
    trx
      .insertInto('application_history')
      .values({ application_id: applicationId, user_id: userId, action, after: JSON.stringify(after), created_at: at })
      .execute();

  /** The grant and its plan (kr, due at acceptance unless told), accepted at `acceptedAt` unless null. */
  async function grant(application: SeededApplication, plan: { amount: number; due?: number }[], acceptedAt: Date | null) {
    await trx.deleteFrom('grants').where('application_id', '=', application.id).execute();
    await trx
      .insertInto('grants')
      .values({
        application_id: application.id,
        created_at: application.times.decidedAt ?? undefined,
        ...(acceptedAt && {
          accepted_at: acceptedAt,
          accepted_by: (
            await trx.selectFrom('applications').select('frontend_user_id').where('id', '=', application.id).executeTakeFirstOrThrow()
          ).frontend_user_id,
          accepted_from: '192.0.2.44',
          signatory_name: 'Kerstin Kassör',
          signatory_role: 'Kassör',
          accepted_conditions: (
            await trx
              .selectFrom('periods')
              .innerJoin('applications', 'applications.period_id', 'periods.id')
              .select('grant_conditions_sv')
              .where('applications.id', '=', application.id)
              .executeTakeFirstOrThrow()
          ).grant_conditions_sv,
        }),
      })
      .execute();
    if (acceptedAt)
      await history(application.id, 'grant_accepted', acceptedAt, null, { signatory_name: 'Kerstin Kassör', signatory_role: 'Kassör' });
    return trx
      .insertInto('payout_instalments')
      .values(
        plan.map((part, i) => ({
          application_id: application.id,
          position: i + 1,
          amount: kr(part.amount),
          due: part.due ?? due.at_acceptance,
        })),
      )
      .returning(['id', 'amount'])
      .execute();
  }

  /** A payout of the instalment, taken through its steps at the given times, as far as `until`. */
  async function payout(
    application: SeededApplication,
    instalment: { id: number; amount: number },
    account: Account,
    steps: { requested: Date; prepared?: Date; approved?: Date; batch?: { id: number; sent: Date | null; paidOn?: string } },
  ) {
    const reached = steps.batch
      ? steps.batch.paidOn
        ? status.paid
        : steps.batch.sent
          ? status.sent
          : status.in_batch
      : steps.approved
        ? status.approved
        : steps.prepared
          ? status.prepared
          : status.requested;
    const row = await trx
      .insertInto('payouts')
      .values({
        instalment_id: instalment.id,
        application_id: application.id,
        amount: instalment.amount,
        account_type: account.type,
        clearing_number: account.clearing ?? null,
        account_number: account.number,
        status: reached,
        requested_at: steps.requested,
        requested_by: (
          await trx.selectFrom('applications').select('frontend_user_id').where('id', '=', application.id).executeTakeFirstOrThrow()
        ).frontend_user_id,
        prepared_by: steps.prepared ? admin : null,
        prepared_at: steps.prepared ?? null,
        approved_by: steps.approved ? treasurer : null,
        approved_at: steps.approved ?? null,
        batch_id: steps.batch?.id ?? null,
        paid_on: steps.batch?.paidOn ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const facts = { payout_id: row.id, amount: instalment.amount };
    await history(application.id, 'payout_requested', steps.requested, null, { ...facts, account_type: account.type });
    if (steps.prepared) await history(application.id, 'payout_prepared', steps.prepared, admin, facts);
    if (steps.approved) await history(application.id, 'payout_approved', steps.approved, treasurer, facts);
    if (steps.batch?.paidOn)
      await history(application.id, 'payout_paid', moment([6, 8], 9, 0), admin, { ...facts, paid_on: steps.batch.paidOn });
  }

  async function batch(createdAt: Date, sentAt: Date | null, executionDate: string) {
    return (
      await trx
        .insertInto('payment_batches')
        .values({
          message_id: `DEMO-${isoDate(createdAt)}-${createdAt.getHours()}${createdAt.getMinutes()}`,
          execution_date: executionDate,
          created_by: admin,
          created_at: createdAt,
          sent_at: sentAt,
          sent_by: sentAt ? admin : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  // Last year's grants, told in May: paid in June from one payment file, sent and paid.
  const june = await batch(moment([6, 5], 9, 30), moment([6, 5], 9, 45), isoDate(moment([6, 8], 9, 0)));
  const paidOn = isoDate(moment([6, 8], 9, 0));
  const football = approval('maria', 45_000);
  const [footballPart] = await grant(football, [{ amount: 45_000 }], moment([5, 28], 19, 12));
  await payout(football, footballPart, accounts.bankgiro, {
    requested: moment([6, 2], 8, 40),
    prepared: moment([6, 3], 10, 5),
    approved: moment([6, 4], 13, 20),
    batch: { id: june, sent: moment([6, 5], 9, 45), paidOn },
  });
  // The follow-up showed money left over: to be paid back.
  const repaid = await trx
    .insertInto('repayments')
    .values({
      application_id: football.id,
      amount: kr(5_000),
      reason: 'Återrapporten visar att 5 000 kr av bidraget inte användes: projektet blev billigare än budgeterat.',
      registered_by: admin,
      registered_at: daysAgo(12, 11, 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await history(football.id, 'repayment_registered', daysAgo(12, 11, 0), admin, { repayment_id: repaid.id, amount: kr(5_000) });

  const chess = approval('ahmed', 15_000);
  const [chessPart] = await grant(chess, [{ amount: 15_000 }], moment([5, 24], 20, 3));
  await payout(chess, chessPart, accounts.bank, {
    requested: moment([5, 25], 7, 55),
    prepared: moment([6, 3], 10, 9),
    approved: moment([6, 4], 13, 24),
    batch: { id: june, sent: moment([6, 5], 9, 45), paidOn },
  });

  // Never accepted: lapsed when its twelve months were up.
  const jetty = approval('elin', 30_000);
  const [jettyPart] = await grant(jetty, [{ amount: 30_000 }], null);
  const lapsedAt = moment([5, 23], 0, 10);
  lapsedAt.setFullYear(lapsedAt.getFullYear() + 1);
  await trx.updateTable('payout_instalments').set({ lapsed_at: lapsedAt }).where('id', '=', jettyPart.id).execute();
  await history(jetty.id, 'payout_lapsed', lapsedAt, null, { amount: jettyPart.amount });

  // Two parts, the time extended by staff: the advance paid in June, the rest in this week's payment file.
  const carpentry = approval('lina', 60_000);
  const [advance, rest] = await grant(carpentry, [{ amount: 40_000 }, { amount: 20_000 }], moment([5, 30], 18, 45));
  await payout(carpentry, advance, accounts.bankgiro, {
    requested: moment([6, 1], 9, 15),
    prepared: moment([6, 3], 10, 12),
    approved: moment([6, 4], 13, 28),
    batch: { id: june, sent: moment([6, 5], 9, 45), paidOn },
  });
  const extendedTo = isoDate(daysAgo(-60));
  const reason = 'Bygget försenades av tjälen i våras; styrelsen har gett föreningen längre tid.';
  await trx
    .updateTable('grants')
    .set({ deadline_extended_to: extendedTo, deadline_reason: reason })
    .where('application_id', '=', carpentry.id)
    .execute();
  await history(carpentry.id, 'payout_deadline_extended', daysAgo(40, 14, 30), admin, { extended_to: extendedTo, reason });
  const thisWeek = await batch(daysAgo(1, 15, 10), null, isoDate(daysAgo(-2)));
  await payout(carpentry, rest, accounts.bankgiro, {
    requested: daysAgo(9, 21, 4),
    prepared: daysAgo(6, 10, 30),
    approved: daysAgo(5, 9, 12),
    batch: { id: thisWeek, sent: null },
  });

  // Approved by two, waiting for the next payment file.
  const conducting = approval('oliver', 10_000);
  const [conductingPart] = await grant(conducting, [{ amount: 10_000 }], moment([6, 12], 17, 30));
  const courseMoved = isoDate(daysAgo(-30));
  await trx
    .updateTable('grants')
    .set({ deadline_extended_to: courseMoved, deadline_reason: 'Kursen flyttades från våren till hösten.' })
    .where('application_id', '=', conducting.id)
    .execute();
  await payout(conducting, conductingPart, accounts.plusgiro, {
    requested: daysAgo(6, 8, 20),
    prepared: daysAgo(3, 11, 0),
    approved: daysAgo(2, 10, 45),
  });

  // This year's approval told three days ago: accepted, its advance asked for, the rest after the follow-up report.
  const summer = approval('maria', 20_000);
  const [summerAdvance] = await grant(summer, [{ amount: 10_000 }, { amount: 10_000, due: due.after_followup }], daysAgo(2, 20, 15));
  await payout(summer, summerAdvance, accounts.bankgiro, { requested: daysAgo(1, 8, 5) });
  // Approved, not yet told: its plan is ready, the applicant sees nothing of it yet.
  await grant(approval('lina', 15_000), [{ amount: 15_000 }], null);
}
