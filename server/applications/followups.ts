import { shownIn } from '../../resources/contentLanguage.js';
import { enums } from '../../resources/enums.js';
import {
  MAX_FOLLOWUP_COMMENT,
  MAX_FOLLOWUP_COUNT,
  MAX_FOLLOWUP_MARKETING,
  requiredFollowupFields,
  type FollowupAnswers,
} from '../../resources/followup.js';
import { defaultLocale, type Locale } from '../../resources/locales.js';
import type { Db } from '../db/connect.js';
import { AppError, invalid, notFound, type FieldErrors } from '../errors.js';
import type { Mailer } from '../mail/outbox.js';
import { notifyStaff } from '../notifications/notifyStaff.js';
import { recordHistory } from '../applicationCore/history.js';
import { isPlainText } from '../../resources/plainText.js';

// The follow-up report of an approved application: staff request it (followupRequests.ts), the
// applicant saves the answers as they type and sends it in once; from then on it is locked. The due date and the
// sent-in time are columns of `applications`, which the lists and progress indicators read.

/**
 * The follow-up report of an application (the routes' `followup` schema), or a 404 when none has been requested; its
 * period named in the reader's language where it has one (staff read it as they wrote it).
 */
export async function followupOf(db: Db, applicationId: number, uploadMaxBytes: number, locale: Locale = defaultLocale) {
  const row = await db
    .selectFrom('application_followups as f')
    .innerJoin('applications as a', 'a.id', 'f.application_id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('frontend_users as sender', (join) => join.onRef('sender.id', '=', 'f.sent_in_by').on('sender.closed_at', 'is', null))
    .select(['sender.first_name as sender_first_name', 'sender.last_name as sender_last_name'])
    .select([
      'a.uuid',
      'a.reference',
      'p.name as period_name',
      'p.name_en as period_name_en',
      'f.requested_at',
      'a.followup_at',
      'f.reminded_at',
      'a.followup_sent_in_at',
      'f.according_to_plan',
      'f.according_to_plan_comment',
      'f.participants',
      'f.events',
      'f.marketing',
    ])
    .where('f.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const files = await db
    .selectFrom('application_files')
    .select(['uuid', 'name', 'mime', 'size', 'created_at'])
    .where('application_id', '=', applicationId)
    .where('followup', '=', true)
    .orderBy('id')
    .execute();
  const { period_name, untranslated } = shownIn(locale, row, ['period_name']);
  return {
    application_uuid: row.uuid,
    reference: row.reference,
    period_name,
    untranslated,
    requested_at: row.requested_at.toISOString(),
    due_at: row.followup_at ?? '',
    reminded_at: row.reminded_at?.toISOString() ?? null,
    sent_in_at: row.followup_sent_in_at?.toISOString() ?? null,
    sent_in_by: [row.sender_first_name, row.sender_last_name].filter(Boolean).join(' ') || null,
    according_to_plan: row.according_to_plan,
    according_to_plan_comment: row.according_to_plan_comment,
    participants: row.participants,
    events: row.events,
    marketing: row.marketing,
    files: files.map((f) => ({ ...f, created_at: f.created_at.toISOString() })),
    upload_max_bytes: uploadMaxBytes,
  };
}

/**
 * Checks that the application's follow-up is requested (404) and not yet sent in (409). With `lock`, inside a
 * transaction, it also holds the application's and the follow-up's rows until the transaction ends, so a change, an
 * upload and a send-in never race one another, and the reminder (which claims the follow-up's row) never mails about
 * one being sent in.
 */
export async function assertFollowupOpen(db: Db, applicationId: number, lock = false) {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('application_followups as f', 'f.application_id', 'a.id')
    .select(['a.followup_sent_in_at'])
    .where('a.id', '=', applicationId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.followup_sent_in_at) throw new AppError(409, 'errors.followup_sent_in');
}

/** The same, holding the rows (call it inside the transaction that changes the follow-up). */
export const lockOpenFollowup = (trx: Db, applicationId: number) => assertFollowupOpen(trx, applicationId, true);

/** A text answer trimmed (empty is null), or a field error. */
function text(raw: unknown, field: string, limit: number, errors: FieldErrors): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string') {
    errors[field] = ['validation.string'];
    return null;
  }
  const value = raw.trim();
  if ([...value].length > limit) errors[field] = [{ key: 'validation.max_string', params: { limit } }];
  else if (!isPlainText(value)) errors[field] = ['validation.plain_text'];
  return value === '' ? null : value;
}

/** A count answer: a whole number from 0 to MAX_FOLLOWUP_COUNT, or a field error. */
function count(raw: unknown, field: string, errors: FieldErrors): number | null {
  if (raw === null) return null;
  if (typeof raw !== 'number' || !Number.isInteger(raw)) errors[field] = ['validation.integer'];
  else if (raw < 0) errors[field] = [{ key: 'validation.min_number', params: { limit: 0 } }];
  else if (raw > MAX_FOLLOWUP_COUNT) errors[field] = [{ key: 'validation.max_number', params: { limit: MAX_FOLLOWUP_COUNT } }];
  else return raw;
  return null;
}

/**
 * The answers of a save, checked for their shape only (as a draft is: nothing is required until it is sent in): the
 * fields given, null clearing one. A 422 naming every bad field otherwise.
 */
export function followupChanges(input: Partial<Record<keyof FollowupAnswers, unknown>>): Partial<FollowupAnswers> {
  const errors: FieldErrors = {};
  const changes: Partial<FollowupAnswers> = {};
  if (input.according_to_plan !== undefined) {
    if (input.according_to_plan === null || typeof input.according_to_plan === 'boolean')
      changes.according_to_plan = input.according_to_plan;
    else errors.according_to_plan = ['validation.boolean'];
  }
  if (input.according_to_plan_comment !== undefined)
    changes.according_to_plan_comment = text(input.according_to_plan_comment, 'according_to_plan_comment', MAX_FOLLOWUP_COMMENT, errors);
  if (input.marketing !== undefined) changes.marketing = text(input.marketing, 'marketing', MAX_FOLLOWUP_MARKETING, errors);
  if (input.participants !== undefined) changes.participants = count(input.participants, 'participants', errors);
  if (input.events !== undefined) changes.events = count(input.events, 'events', errors);
  if (Object.keys(errors).length) throw invalid(errors);
  return changes;
}

/** Saves the applicant's answers as they type; 409 once sent in, and nothing saved on any error. */
export async function saveFollowupAnswers(
  db: Db,
  applicationId: number,
  input: Partial<Record<keyof FollowupAnswers, unknown>>,
  now: Date,
) {
  const changes = followupChanges(input);
  await db.transaction().execute(async (trx) => {
    await lockOpenFollowup(trx, applicationId);
    await trx
      .updateTable('application_followups')
      .set({ ...changes, updated_at: now })
      .where('application_id', '=', applicationId)
      .execute();
  });
}

export interface SubmitDeps {
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
}

/**
 * Sends the follow-up in: all four answers are required (a 422 naming each missing one, nothing changed); then, in
 * one transaction on the locked row, the application's sent-in time, the history entry and the staff's notifications.
 * A second send-in, also one at the same time, is a 409. The caller starts mail delivery after it returns.
 */
export async function submitFollowup(db: Db, deps: SubmitDeps, applicationId: number, senderId: number, now: Date) {
  await db.transaction().execute(async (trx) => {
    await lockOpenFollowup(trx, applicationId);
    const answers = await trx
      .selectFrom('application_followups')
      .select([...requiredFollowupFields])
      .where('application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    const errors: FieldErrors = {};
    for (const field of requiredFollowupFields) if (answers[field] === null) errors[field] = ['validation.required'];
    if (Object.keys(errors).length) throw invalid(errors);
    await trx.updateTable('applications').set({ followup_sent_in_at: now, updated_at: now }).where('id', '=', applicationId).execute();
    await trx.updateTable('application_followups').set({ sent_in_by: senderId }).where('application_id', '=', applicationId).execute();
    await recordHistory(trx, {
      applicationId,
      userId: null,
      action: 'followup_sent_in',
      after: { participants: answers.participants, events: answers.events, sent_in_by: senderId },
    });
    await notifyStaff(trx, { applicationId, kind: 'followup_sent_in' }, deps);
  });
}

/** Whether the application's status lets a follow-up be requested or reminded of: approved only. */
export const isApproved = (application: { status: number }) => application.status === enums.application_status.approved;
