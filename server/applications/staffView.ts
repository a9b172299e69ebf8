import { sql } from 'kysely';
import { readsReviewsOf, type Viewer } from '../auth/standing.js';
import type { Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import { categoryIdsOf, filesOf, formRecord, questionsOf } from '../applicationCore/applicationForm.js';
import { payoutStateSql } from '../payouts/payoutState.js';
import { progressOf, staffApplicant } from './lists.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';
import { isReleased } from '../applicationCore/told.js';
import { namedHistory } from '../applicationCore/historyNames.js';
import type { Locale } from '../../resources/locales.js';
import { personName } from '../../resources/users.js';

/**
 * One application as staff read it: everything the applicant filled in, with the
 * type's questions and the files, the decision's parts, the dates behind the progress indicators and who applied.
 * Investigations are served by their own routes.
 */
export async function staffApplication(db: Db, uuid: string) {
  const row = await db
    .selectFrom('applications as a')
    .leftJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('application_types as t', 't.id', 'a.application_type_id')
    .selectAll('a')
    .select([
      'f.first_name as applicant_first_name',
      'f.last_name as applicant_last_name',
      'f.email as applicant_email',
      'p.uuid as period_uuid',
      'p.name as period_name',
      't.label as application_type_label',
      payoutStateSql('a').as('payout_state'),
    ])
    .where('a.uuid', '=', uuid)
    .where(reachableByStaff('a'))
    .executeTakeFirst();
  if (!row) throw notFound();
  const [categoryIds, questions, files, categories] = await Promise.all([
    categoryIdsOf(db, row.id),
    questionsOf(db, row.application_type_id),
    filesOf(db, row.id),
    db
      .selectFrom('application_categories as ac')
      .innerJoin('categories as c', 'c.id', 'ac.category_id')
      .select(['c.id', 'c.label', 'c.type'])
      .where('ac.application_id', '=', row.id)
      .orderBy('c.type')
      .orderBy(sql`c.label collate swedish`)
      .execute(),
  ]);
  return {
    id: row.id,
    uuid: row.uuid,
    reference: row.reference,
    status: row.status,
    step: row.step,
    ...formRecord(row, categoryIds),
    applicant: staffApplicant(row.frontend_user_id, row.applicant_first_name, row.applicant_last_name, row.applicant_email),
    period: { id: row.period_id, uuid: row.period_uuid, name: row.period_name },
    application_type: row.application_type_id === null ? null : { id: row.application_type_id, label: row.application_type_label },
    organisation_id: row.organisation_id,
    categories,
    questions,
    files,
    // The eligibility check as the applicant answered it, in both languages as then asked (null: none asked).
    eligibility_answers: row.eligibility_answers,
    money_value: row.money,
    approved_money: row.approved_money,
    approved_money_value: row.approved_money,
    approved_fou: row.approved_fou,
    approved_nok: row.approved_nok,
    decided_at: row.decided_at,
    finished: row.finished,
    followup_at: row.followup_at,
    followup_sent_in_at: row.followup_sent_in_at,
    distribution_mail_sent_at: row.distribution_mail_sent_at,
    // When the decision as it stands reached the applicant (null: not yet, or changed since), who until then see the
    // application as under investigation.
    decision_released_at: isReleased(row) ? row.released_at : null,
    progress: progressOf(row),
    sent_in_at: row.sent_in_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The entries that carry a reviewer's review or proposal: what a reviewer whose own review is not in reads without. */
const reviewEntries = new Set(['review', 'investigation', 'conflict_declared', 'investigator_removed']);

type Values = Record<string, unknown> | null;

/** The reviewer whose review or proposal an entry carries: who wrote it, or, taken off the application, who was. */
function reviewerOf(entry: { action: string; user_id: number | null; before: Values }): unknown {
  return entry.action === 'investigator_removed' ? entry.before?.user_id : entry.user_id;
}

/** What of an entry about another's review a reviewer reads before theirs is in: that it happened, by whom. */
function withoutReview(action: string, before: Values): { before: Values; after: Values } {
  if (action !== 'investigator_removed' || !before) return { before: null, after: null };
  return { before: { user_id: before.user_id, name: before.name }, after: null };
}

/**
 * An application's history, newest first, with who did each thing (null: the applicant or the system); for a viewer
 * whose own review is not in, the others' reviews and proposals in it are told without their content.
 */
export async function historyOf(db: Db, applicationId: number, viewer: Viewer, locale: Locale) {
  const blind = !readsReviewsOf(viewer, applicationId);
  const entries = await db
    .selectFrom('application_history as h')
    .leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.action', 'h.before', 'h.after', 'h.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name'])
    .where('h.application_id', '=', applicationId)
    .orderBy('h.id', 'desc')
    .execute();
  const told = entries.map((e) => {
    const withheld = blind && reviewEntries.has(e.action) && reviewerOf(e) !== viewer.userId;
    return {
      id: Number(e.id),
      action: e.action,
      ...(withheld ? withoutReview(e.action, e.before) : { before: e.before, after: e.after }),
      created_at: e.created_at,
      user: e.user_id === null ? null : { id: e.user_id, name: personName(e.first_name, e.last_name) },
      withheld,
    };
  });
  return namedHistory(db, told, locale);
}
