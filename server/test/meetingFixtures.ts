import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { enums } from '../../resources/enums.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/connect.js';
import { createApplicant, createApplication, createPeriod } from './handlingFixtures.js';
import { PASSWORD } from './testApp.js';

/** Rows for the board meetings' tests, written straight to the database (the reviews have their own tests). */

/** A staff user with a name of their own and PASSWORD: a board member (role styrelse) unless another role is given. */
export async function createNamedStaff(db: Db, firstName: string, lastName: string, role = 'styrelse') {
  const email = `${randomUUID()}@test.se`;
  const row = await db
    .insertInto('users')
    .values({ first_name: firstName, last_name: lastName, email, role, active: true, password_hash: await hashPassword(PASSWORD) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/** An application type with review criteria (label, scale, weight) and a question of each of two kinds. */
export async function reviewedType(db: Db, criteria: { label: string; scale_max: number; weight: number }[]) {
  const type = await db
    .insertInto('application_types')
    .values({ label: `Typ ${randomUUID().slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const question = await db
    .insertInto('application_type_field_definitions')
    .values({ application_type_id: type.id, label: 'Beskriv projektets mål', type: enums.field_type.textarea, options: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [order, c] of criteria.entries()) {
    const row = await db
      .insertInto('review_criteria')
      .values({
        application_type_id: type.id,
        label_sv: c.label,
        label_en: `${c.label} (en)`,
        scale_max: c.scale_max,
        weight: c.weight,
        order,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { typeId: type.id, questionId: question.id, criterionIds: ids };
}

export interface ReviewRow {
  userId: number;
  /** Scores by criterion id; with them the review is sent in. */
  scores?: Record<number, number>;
  conflict?: boolean;
  amount?: number | null;
  status?: number;
  comment?: string | null;
}

/**
 * An application sent in by an applicant of its own name, in `periodId`, with the reviews and the figures the reviews'
 * domain would keep on the application (`review_score` and the rest, given here).
 */
export async function applicationWithReviews(
  db: Db,
  values: {
    periodId: number;
    firstName: string;
    lastName: string;
    money: number;
    typeId?: number;
    answers?: Record<string, unknown>;
    orgName?: string;
    category?: string;
    reviews?: ReviewRow[];
    figures?: { score: number | null; spread: number | null; in: number; pending: number };
    status?: number;
  },
) {
  const applicant = await createApplicant(db, `${randomUUID()}@test.se`, values.firstName, values.lastName);
  const application = await createApplication(db, {
    periodId: values.periodId,
    frontendUserId: applicant,
    money: values.money,
    status: values.status ?? enums.application_status.ongoing,
  });
  const figures = values.figures ?? { score: null, spread: null, in: 0, pending: 0 };
  await db
    .updateTable('applications')
    .set({
      application_type_id: values.typeId ?? null,
      definitions: JSON.stringify(values.answers ?? {}),
      org_name: values.orgName ?? null,
      review_score: figures.score,
      review_spread: figures.spread,
      reviews_in: figures.in,
      reviews_pending: figures.pending,
    })
    .where('id', '=', application.id)
    .execute();
  if (values.category) {
    const category = await db
      .insertInto('categories')
      .values({ label: values.category, type: enums.category_type.purpose })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('application_categories').values({ application_id: application.id, category_id: category.id }).execute();
  }
  for (const review of values.reviews ?? []) {
    const sentIn = !review.conflict && review.scores !== undefined;
    const investigation = await db
      .insertInto('investigations')
      .values({
        application_id: application.id,
        user_id: review.userId,
        review_amount: review.amount ?? null,
        review_status: review.status ?? enums.investigation_status.no_proposal,
        review_comment: review.comment ?? null,
        conflict_of_interest: review.conflict ?? (sentIn ? false : null),
        conflict_declared_at: review.conflict !== undefined || sentIn ? new Date() : null,
        reviewed_at: sentIn ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Standing aside is one fact for every route that reaches the application (server/auth/standing.ts).
    if (review.conflict)
      await db
        .insertInto('conflicts_of_interest')
        .values({ application_id: application.id, user_id: review.userId, declared_at: new Date() })
        .execute();
    const scores = Object.entries(review.scores ?? {});
    if (sentIn && scores.length)
      await db
        .insertInto('review_scores')
        .values(scores.map(([criterion, score]) => ({ investigation_id: investigation.id, criterion_id: Number(criterion), score })))
        .execute();
  }
  return { ...application, reference: application.reference!, applicantId: applicant };
}

/** A period of its own for one test (capped with `availableMoney` when given). */
export function meetingPeriod(db: Db, availableMoney?: number) {
  return createPeriod(db, `Period ${randomUUID().slice(0, 8)}`, { capped: availableMoney !== undefined, availableMoney });
}

/** Text with every run of spaces (no-break and narrow ones too) made one space: money as a PDF and formatMoney write it. */
export const oneSpace = (text: string) => text.replace(/[^\S\n]+/g, ' ');

/** A PDF's text as `pdftotext -layout` reads it (poppler-utils), with its runs of spaces made one. */
export function pdfText(pdf: Buffer): string {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(run.stderr);
  return oneSpace(run.stdout);
}
