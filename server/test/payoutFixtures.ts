import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { enums } from '../../resources/enums.js';
import { applicantCookie, createApplicant, createApplication, createPeriod } from './handlingFixtures.js';

/**
 * Grants and payouts written straight to the database, for the tests of what staff do with them (the applicant's way
 * to them has its own tests): an approved application whose decision has reached its applicant, with its grant.
 */
export async function grantedApplication(
  db: Db,
  options: { amount?: number; instalments?: { amount: number; due?: number }[]; accepted?: boolean; periodId?: number } = {},
) {
  const amount = options.amount ?? 50_000_00;
  const email = `${randomUUID()}@grant.test`;
  const periodId = options.periodId ?? (await createPeriod(db, `Bidragsperiod ${randomUUID()}`)).id;
  const applicantId = await createApplicant(db, email);
  const application = await createApplication(db, {
    periodId,
    frontendUserId: applicantId,
    status: enums.application_status.approved,
    approvedMoney: amount,
  });
  await db
    .insertInto('grants')
    .values({
      application_id: application.id,
      ...(options.accepted !== false && {
        accepted_at: new Date('2026-06-05T10:00:00Z'),
        accepted_by: applicantId,
        accepted_from: '192.0.2.1',
        signatory_name: 'Karin Kassör',
        signatory_role: 'Kassör',
        accepted_conditions: 'Bidraget används till det som ansökan beskriver.',
      }),
    })
    .execute();
  const plan = options.instalments ?? [{ amount }];
  const instalments = await db
    .insertInto('payout_instalments')
    .values(
      plan.map((part, index) => ({
        application_id: application.id,
        position: index + 1,
        amount: part.amount,
        due: part.due ?? enums.payout_due.at_acceptance,
      })),
    )
    .returning(['id', 'amount'])
    .execute();
  return {
    ...application,
    reference: application.reference!,
    periodId,
    email,
    applicantId,
    amount,
    instalments,
    applicant: await applicantCookie(db, applicantId),
  };
}

/** The applicant's request for an instalment, to a bankgiro unless told, at `status` (requested unless told). */
export async function payoutOf(
  db: Db,
  grant: { id: number; applicantId: number },
  instalment: { id: number; amount: number },
  values: {
    status?: number;
    account?: { type: 'bankgiro' | 'plusgiro' | 'bank'; clearing?: string; number: string };
    preparedBy?: number;
    approvedBy?: number;
    batchId?: number;
    paidOn?: string;
  } = {},
) {
  const account = values.account ?? { type: 'bankgiro' as const, number: '50501055' };
  return db
    .insertInto('payouts')
    .values({
      instalment_id: instalment.id,
      application_id: grant.id,
      amount: instalment.amount,
      account_type: account.type,
      clearing_number: account.clearing ?? null,
      account_number: account.number,
      status: values.status ?? enums.payout_status.requested,
      requested_by: grant.applicantId,
      prepared_by: values.preparedBy ?? null,
      prepared_at: values.preparedBy ? new Date() : null,
      approved_by: values.approvedBy ?? null,
      approved_at: values.approvedBy ? new Date() : null,
      batch_id: values.batchId ?? null,
      paid_on: values.paidOn ?? null,
    })
    .returning(['id', 'application_id'])
    .executeTakeFirstOrThrow();
}

/**
 * A payout of the instalment paid on `paidOn`, prepared and approved by two staff users and sent in a batch of its own
 * (`staff`: the two users' ids, e.g. from createStaff).
 */
export async function paidPayout(
  db: Db,
  grant: { id: number; applicantId: number },
  instalment: { id: number; amount: number },
  paidOn: string,
  staff: { preparer: number; approver: number },
) {
  const batch = await db
    .insertInto('payment_batches')
    .values({
      message_id: `PAID-${randomUUID()}`,
      execution_date: paidOn,
      created_by: staff.approver,
      sent_at: new Date(),
      sent_by: staff.approver,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return payoutOf(db, grant, instalment, {
    status: enums.payout_status.paid,
    preparedBy: staff.preparer,
    approvedBy: staff.approver,
    batchId: batch.id,
    paidOn,
  });
}
