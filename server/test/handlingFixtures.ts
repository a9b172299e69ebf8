import { randomUUID } from 'node:crypto';
import { createSession } from '../auth/sessions.js';
import type { Db } from '../db/connect.js';
import { enums } from '../../resources/enums.js';

/** Rows for the staff handling tests, written straight to the database (the applicant's journey has its own tests). */

export async function createPeriod(db: Db, name: string, options: { capped?: boolean; availableMoney?: number } = {}) {
  return db
    .insertInto('periods')
    .values({
      name,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      uses_money_distribution_cap: options.capped ?? false,
      available_money: options.availableMoney ?? 0,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

export async function createApplicant(db: Db, email: string, firstName = 'Sara', lastName = 'Sökande') {
  const row = await db
    .insertInto('frontend_users')
    .values({ email, first_name: firstName, last_name: lastName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A signed-in applicant's Cookie header. */
export async function applicantCookie(db: Db, frontendUserId: number) {
  return `applicant_session=${await createSession(db, 'applicant', frontendUserId, 3600)}`;
}

/**
 * The columns of a decision that has reached its applicant (server/applicationCore/told.ts), for a row written straight
 * to the database: `set({ status: approved, ...releasedAs(approved, amount) })`.
 */
export function releasedAs(status: number, approvedMoney: number | null = null) {
  return {
    released_at: new Date('2026-06-01T10:00:00Z'),
    released_status: status,
    released_money: status === enums.application_status.approved ? approvedMoney : null,
  };
}

let counter = 0;

export async function createApplication(
  db: Db,
  values: {
    periodId: number;
    frontendUserId: number;
    status?: number;
    money?: number;
    approvedMoney?: number | null;
    sentInAt?: string | null;
    /** A decision (approved or rejected) has reached the applicant unless false (server/applicationCore/told.ts). */
    released?: boolean;
  },
) {
  const status = values.status ?? enums.application_status.received;
  const draft = status === enums.application_status.draft;
  const { approved, rejected } = enums.application_status;
  const approvedMoney = values.approvedMoney ?? null;
  const released = (values.released ?? true) && (status === approved || status === rejected);
  counter += 1;
  return db
    .insertInto('applications')
    .values({
      period_id: values.periodId,
      frontend_user_id: values.frontendUserId,
      status,
      money: values.money ?? 10_000_00,
      approved_money: approvedMoney,
      ...(released && releasedAs(status, approvedMoney)),
      reference: draft ? null : `2026-${String(counter).padStart(4, '0')}`,
      sent_in_at: draft ? null : new Date(values.sentInAt ?? '2026-03-01T10:00:00Z'),
    })
    .returning(['id', 'uuid', 'reference'])
    .executeTakeFirstOrThrow();
}

/** An application sent in by an applicant of its own (in `locale`), in a period of its own, with the applicant signed in. */
export async function sentInApplication(db: Db, locale = 'sv-SE') {
  const email = `${randomUUID()}@test.se`;
  const period = await createPeriod(db, `Period ${randomUUID()}`);
  const applicantId = await createApplicant(db, email);
  await db.updateTable('frontend_users').set({ locale }).where('id', '=', applicantId).execute();
  const application = await createApplication(db, { periodId: period.id, frontendUserId: applicantId });
  return {
    ...application,
    reference: application.reference!,
    period: period.id,
    email,
    applicantId,
    applicant: await applicantCookie(db, applicantId),
  };
}

export async function historyOf(db: Db, applicationId: number) {
  return db
    .selectFrom('application_history')
    .select(['user_id', 'action', 'before', 'after'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();
}

/** The form's fixed steps filled in completely, as an applicant would, for a draft of the demo's open period to be sent in. */
export function completeAnswers(email: string) {
  return {
    applicant_type: 30,
    money: 2_500_000,
    org_number: '802415 3978',
    org_name: 'Testföreningen',
    organisation_type: 20,
    org_zip: '961 31',
    org_city: 'Boden',
    contact_zip: '97231',
    contact_city: 'Luleå',
    contact_email: email,
    contact_email_confirmation: email,
    consent: true,
  };
}

/** Valid answers to every question of the form's type (a required media question gets no answer here). */
export function validAnswers(questions: { id: number; type: number; options: string[] }[]) {
  const byType: Record<number, (options: string[]) => unknown> = {
    10: () => 12,
    20: () => 'Ett svar',
    30: (o) => o[0],
    40: (o) => [o[0]],
    50: (o) => o[0],
    90: () => 'Ett längre svar.',
  };
  return Object.fromEntries(questions.filter((q) => byType[q.type]).map((q) => [String(q.id), byType[q.type](q.options)]));
}
