import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { formatDate } from '../../resources/format.js';
import { addDays, addStockholmDays, stockholmDay } from '../clock.js';
import type { Config } from '../config.js';
import { contentWithheld, noneOf, type Viewer } from '../auth/standing.js';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import type { Jobs } from '../jobs/queue.js';
import type { Mailer } from '../mail/outbox.js';
import { applicantLink, recipientOf } from '../applicationCore/dialogueLink.js';
import { isApproved } from './followups.js';
import { recordHistory } from '../applicationCore/history.js';
import { mailableApplicant } from '../applicationCore/mailableApplicant.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';
import { isReleasedSql, releasedNow } from '../applicationCore/told.js';

// Staff request the follow-up report of an approved application (one, or all of a period at once); the applicant gets
// a mail with a link that signs them in to the report, and one reminder FOLLOWUP_REMINDER_DAYS after the request
// unless they have sent it in. Each mail is queued in the transaction that records it, so it exists exactly when the
// request or the reminder does.

export interface FollowupMailDeps {
  mailer: Pick<Mailer, 'queue' | 'deliverSoon'>;
  jobs: Pick<Jobs, 'send'>;
  config: Pick<Config, 'publicUrl' | 'dialogueLinkDays' | 'followupDueDays' | 'followupReminderDays'>;
}

/** The due date of a follow-up requested at `now`: that day in Stockholm plus `days`, as 'YYYY-MM-DD'. */
export function followupDueDate(now: Date, days: number): string {
  return addDays(stockholmDay(now), days);
}

/**
 * When the reminder of a follow-up requested at `requestedAt` is due (the queue's reminder job runs then): that many
 * days later in Stockholm, at the same time of day there.
 */
export function nextReminderAt(requestedAt: Date, reminderDays: number): Date {
  return addStockholmDays(requestedAt, reminderDays);
}

/**
 * Mails the applicant of the application a link to its follow-up, in their language, in `trx`. The link lasts until
 * the report is due (to the end of that day in Stockholm), and at least DIALOGUE_LINK_DAYS from `now`, so a reminder
 * sent late still works: a 14-day link would die half-way to the due date.
 */
async function mailFollowup(
  trx: Db,
  deps: FollowupMailDeps,
  applicationId: number,
  template: 'followup_request' | 'followup_reminder',
  now: Date,
) {
  const recipient = await recipientOf(trx, applicationId);
  const application = await trx
    .selectFrom('applications')
    .select(['uuid', 'reference', 'followup_at'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const earliest = followupDueDate(now, deps.config.dialogueLinkDays);
  const lastDay = application.followup_at && application.followup_at > earliest ? application.followup_at : earliest;
  const link = await applicantLink(trx, deps.config, recipient, `/followup/${application.uuid}`, { through: lastDay });
  await deps.mailer.queue(
    {
      to: recipient.email,
      locale: recipient.locale,
      name: recipient.firstName,
      template,
      params: {
        reference: application.reference ?? '',
        due: formatDate(application.followup_at, recipient.locale),
        link,
        until: formatDate(lastDay, recipient.locale),
      },
      applicationId,
    },
    trx,
  );
}

/**
 * Requests the follow-up of the application whose row `trx` holds: approved only (422), once (409), and only when
 * the applicant can be mailed (422, nothing stored). Due FOLLOWUP_DUE_DAYS after today. An application marked
 * finished is reopened (recorded as staff's own change of the mark), so it waits under the lists' follow-ups.
 */
async function requestLocked(
  trx: Db,
  deps: FollowupMailDeps,
  application: { id: number; status: number; finished: boolean },
  staffId: number,
  now: Date,
) {
  if (!isApproved(application)) throw new AppError(422, 'errors.followup_not_approved');
  // The request's mail speaks of the grant, so it waits until the approval has reached the applicant.
  if (!(await releasedNow(trx, application.id))) throw new AppError(422, 'errors.followup_not_released');
  const existing = await trx
    .selectFrom('application_followups')
    .select('application_id')
    .where('application_id', '=', application.id)
    .executeTakeFirst();
  if (existing) throw new AppError(409, 'errors.followup_already_requested');
  const due = followupDueDate(now, deps.config.followupDueDays);
  await trx
    .insertInto('application_followups')
    .values({ application_id: application.id, requested_at: now, requested_by: staffId, updated_at: now })
    .execute();
  await trx
    .updateTable('applications')
    .set({ followup_at: due, finished: false, updated_at: now })
    .where('id', '=', application.id)
    .execute();
  await recordHistory(trx, { applicationId: application.id, userId: staffId, action: 'followup_requested', after: { followup_at: due } });
  if (application.finished) {
    await recordHistory(trx, {
      applicationId: application.id,
      userId: staffId,
      action: 'finished',
      before: { finished: true },
      after: { finished: false },
    });
  }
  await mailFollowup(trx, deps, application.id, 'followup_request', now);
  // The reminders' run at the very time this one is due (the queue's schedule every few minutes is the safety net),
  // stored with the request so that neither exists without the other.
  await deps.jobs.send('followup-reminders', {}, { startAfter: nextReminderAt(now, deps.config.followupReminderDays), via: trx });
}

/** Requests one application's follow-up (unknown uuid: 404), mailing the applicant once it has committed. */
export async function requestFollowup(db: Db, deps: FollowupMailDeps, uuid: string, staffId: number, now: Date): Promise<number> {
  const id = await db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('applications')
      .select(['id', 'status', 'finished'])
      .where('uuid', '=', uuid)
      .where(reachableByStaff())
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw notFound();
    await requestLocked(trx, deps, application, staffId, now);
    return application.id;
  });
  deps.mailer.deliverSoon();
  return id;
}

/** The period's approved applications, released to their applicant, with no follow-up requested whose applicant can be mailed, as `a`. */
function pending(db: Db, periodId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .where('a.period_id', '=', periodId)
    .where('a.status', '=', enums.application_status.approved)
    .where(isReleasedSql('a'))
    .where(mailableApplicant)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('application_followups as fu').select('fu.application_id').whereRef('fu.application_id', '=', 'a.id')),
      ),
    );
}

/**
 * How many follow-ups the viewer's request of all of the period would request (the count its confirmation states), and
 * how many it leaves out as the viewer stood aside from their applications.
 */
export async function pendingFollowupRequests(db: Db, periodId: number, viewer: Viewer) {
  const takesPart = noneOf(sql.ref('a.id'), contentWithheld(viewer));
  return pending(db, periodId)
    .select([
      sql<number>`count(*) FILTER (WHERE ${takesPart})::int`.as('pending'),
      sql<number>`count(*) FILTER (WHERE NOT ${takesPart})::int`.as('stood_aside'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * Requests the follow-up of every pending application of the period, in one transaction (all or none), but those the
 * viewer stood aside from; rows another request holds are skipped (that one requests them). Answers how many were
 * requested.
 */
export async function requestPeriodFollowups(
  db: Db,
  deps: FollowupMailDeps,
  periodId: number,
  staffId: number,
  now: Date,
  viewer: Viewer,
): Promise<number> {
  const count = await db.transaction().execute(async (trx) => {
    const rows = await pending(trx, periodId)
      .where(noneOf(sql.ref('a.id'), contentWithheld(viewer)))
      .select(['a.id', 'a.status', 'a.finished'])
      .orderBy('a.id')
      .forUpdate('a')
      .skipLocked()
      .execute();
    for (const application of rows) await requestLocked(trx, deps, application, staffId, now);
    return rows.length;
  });
  if (count) deps.mailer.deliverSoon();
  return count;
}

/**
 * Mails the one reminder of every follow-up whose time has come (requested FOLLOWUP_REMINDER_DAYS or more before
 * `now`), not yet reminded, not sent in, of an application still approved, and whose applicant can be mailed. Each row
 * is claimed with SKIP LOCKED and marked reminded in the transaction that queues its mail, so a second run, or two at
 * once, send nothing more. Answers how many were reminded.
 */
export async function remindDueFollowups(db: Db, deps: FollowupMailDeps, now: Date): Promise<number> {
  const dueBefore = addStockholmDays(now, -deps.config.followupReminderDays);
  const count = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('application_followups as fu')
      .innerJoin('applications as a', 'a.id', 'fu.application_id')
      .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
      .select('fu.application_id')
      .where('fu.requested_at', '<=', dueBefore)
      .where('fu.reminded_at', 'is', null)
      .where('a.followup_sent_in_at', 'is', null)
      .where('a.status', '=', enums.application_status.approved)
      .where(mailableApplicant)
      .orderBy('fu.application_id')
      .forUpdate('fu')
      .skipLocked()
      .execute();
    let reminded = 0;
    for (const { application_id: applicationId } of rows) {
      // Read again now the row is ours: a send-in holds it while it commits, and this statement sees what it wrote.
      const current = await trx
        .selectFrom('applications')
        .select(['status', 'followup_sent_in_at', 'followup_at'])
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow();
      if (current.followup_sent_in_at || !isApproved(current)) continue;
      reminded += 1;
      await trx.updateTable('application_followups').set({ reminded_at: now }).where('application_id', '=', applicationId).execute();
      await recordHistory(trx, { applicationId, userId: null, action: 'followup_reminded', after: { followup_at: current.followup_at } });
      await mailFollowup(trx, deps, applicationId, 'followup_reminder', now);
    }
    return reminded;
  });
  if (count) deps.mailer.deliverSoon();
  return count;
}
