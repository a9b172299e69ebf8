import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { decidedStatuses } from '../../resources/applications.js';
import { enums } from '../../resources/enums.js';
import { formatDateTime, formatMoney } from '../../resources/format.js';
import { defaultLocale, isLocale, type Locale } from '../../resources/locales.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { translator } from '../i18n.js';
import type { Mailer } from '../mail/outbox.js';
import { dialogueLink, recipientOf } from './dialogueLink.js';
import { reachableByStaff } from './handled.js';
import { recordHistory } from './history.js';
import { visibleStatus } from './own.js';

// The decision mail (SPEC.md §3's "distribution mail sent"): the template of the decision in the applicant's
// language, filled in for the application. The mail, its sent date and the history entry are stored in one
// transaction holding the application's row, so two staff sending at once never send it twice.

export interface DecisionMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'dialogueLinkDays'>;
}

type Where = ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>;

/**
 * A decision the applicant is shown. visibleStatus() shows approved and rejected as they are in every period, so
 * in SQL this is the status alone; sendDecisionMail() checks visibleStatus() again for each one it sends.
 */
const decided = (eb: Where): Expression<SqlBool> => eb('a.status', 'in', decidedStatuses);

/** An applicant (`f`) the mail can reach: active, with an address, as recipientOf() requires. */
export const reachable = sql<SqlBool>`(f.active AND btrim(f.email) <> '')`;

/** The template of a decision in a language, else in Swedish. */
async function templateOf(db: Db, decision: number, locale: Locale) {
  const rows = await db
    .selectFrom('decision_mail_templates')
    .select(['locale', 'subject', 'body'])
    .where('decision', '=', decision)
    .where('locale', 'in', [locale, defaultLocale])
    .execute();
  const template = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === defaultLocale);
  // The migration seeds all four, but staff may delete them.
  if (!template) throw new AppError(422, 'errors.decision_mail_template_missing');
  return template;
}

/** The names of the files staff attached to the dialogue as the agreement, oldest first. */
function agreementFiles(db: Db, applicationId: number) {
  return db
    .selectFrom('application_files')
    .select('name')
    .where('application_id', '=', applicationId)
    .where('is_agreement', '=', true)
    .orderBy('id')
    .execute();
}

/**
 * Renders the decision mail and queues it in `trx`, with the sent date and the history entry; the caller holds the
 * application's row. Refusals (422 not decided or no address, 409 already sent) throw before anything is written.
 */
async function sendLocked(
  trx: Db,
  deps: DecisionMailDeps,
  applicationId: number,
  options: { staffId: number; resend: boolean; locale: Locale },
): Promise<Date> {
  const application = await trx
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'a.id',
      'a.uuid',
      'a.reference',
      'a.status',
      'a.approved_money',
      'a.distribution_mail_sent_at',
      'p.name as period_name',
      'p.closed',
      'p.uses_status_cloaking',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const status = visibleStatus(application.status, application);
  if (!decidedStatuses.includes(status)) throw new AppError(422, 'errors.decision_not_sendable');
  const sentBefore = application.distribution_mail_sent_at;
  if (sentBefore && !options.resend) {
    throw new AppError(409, 'errors.decision_mail_sent', { params: { date: formatDateTime(sentBefore.toISOString(), options.locale) } });
  }
  const recipient = await recipientOf(trx, application.id);
  const locale = isLocale(recipient.locale) ? recipient.locale : defaultLocale;
  const template = await templateOf(trx, status, locale);
  const approved = status === enums.application_status.approved;
  const files = approved ? await agreementFiles(trx, application.id) : [];
  const t = translator(locale);
  await deps.mailer.queue(
    {
      to: recipient.email,
      locale,
      name: recipient.firstName,
      template: { subject: template.subject, body: template.body },
      params: {
        // As the greeting names them: by first name, else by address.
        name: recipient.firstName || recipient.email,
        reference: application.reference ?? '',
        period: application.period_name,
        amount: approved ? formatMoney(application.approved_money, locale) : '',
        link: await dialogueLink(trx, deps.config, recipient, application.uuid),
      },
      postscript: files.length ? [t('mail.decision.agreement', { files: files.map((f) => f.name).join(', ') })] : [],
      applicationId: application.id,
    },
    trx,
  );
  const { distribution_mail_sent_at: sentAt } = await trx
    .updateTable('applications')
    .set({ distribution_mail_sent_at: sql<Date>`now()` })
    .where('id', '=', application.id)
    .returning('distribution_mail_sent_at')
    .executeTakeFirstOrThrow();
  await recordHistory(trx, {
    applicationId: application.id,
    userId: options.staffId,
    action: 'decision_mail_sent',
    before: { distribution_mail_sent_at: sentBefore },
    after: { distribution_mail_sent_at: sentAt, decision: status, resend: sentBefore !== null },
  });
  return sentAt!;
}

/** Sends one application's decision mail (unknown uuid: 404); `resend` sends it again after it was sent. */
export async function sendDecisionMail(
  deps: DecisionMailDeps,
  uuid: string,
  options: { staffId: number; resend: boolean; locale: Locale },
): Promise<Date> {
  const sentAt = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('applications')
      .select('id')
      .where('uuid', '=', uuid)
      .where(reachableByStaff())
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    return sendLocked(trx, deps, row.id, options);
  });
  deps.mailer.deliverSoon();
  return sentAt;
}

/** The period by uuid (unknown: 404). */
export async function periodByUuid(db: Db, uuid: string) {
  const period = await db.selectFrom('periods').select('id').where('uuid', '=', uuid).executeTakeFirst();
  if (!period) throw notFound();
  return period;
}

/** The period's decided applications whose mail has not been sent, as `a` joined with their applicant `f`. */
function unsent(db: Db, periodId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .where('a.period_id', '=', periodId)
    .where(decided)
    .where('a.distribution_mail_sent_at', 'is', null);
}

/** What a batch would do: how many decision mails wait to be sent, and how many cannot be (no usable address). */
export async function pendingDecisionMails(db: Db, periodId: number) {
  return unsent(db, periodId)
    .select([
      sql<number>`count(*) FILTER (WHERE ${reachable})::int`.as('pending'),
      sql<number>`count(*) FILTER (WHERE NOT ${reachable})::int`.as('without_email'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * Sends up to `limit` of the period's pending decision mails, each in its own transaction. Rows are claimed with
 * SKIP LOCKED, so two batches at once share the work and never send one mail twice; one sent meanwhile by the
 * single route is seen as sent once its lock is released, and skipped.
 */
export async function sendPeriodDecisionMails(
  deps: DecisionMailDeps,
  periodId: number,
  limit: number,
  options: { staffId: number; locale: Locale },
) {
  let sent = 0;
  let exhausted = false;
  while (sent < limit && !exhausted) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const next = await unsent(trx, periodId)
        .where(reachable)
        .select('a.id')
        .orderBy('a.id')
        .limit(1)
        .forUpdate('a')
        .skipLocked()
        .executeTakeFirst();
      if (!next) return false;
      await sendLocked(trx, deps, next.id, { ...options, resend: false });
      return true;
    });
    if (done) sent += 1;
    else exhausted = true;
  }
  if (sent) deps.mailer.deliverSoon();
  const { pending, without_email } = await pendingDecisionMails(deps.db, periodId);
  return { sent, remaining: pending, without_email };
}
