import Polyglot from 'node-polyglot';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { decidedStatuses } from '../../resources/applications.js';
import { textIn } from '../../resources/contentLanguage.js';
import { enums } from '../../resources/enums.js';
import { formatDateTime, formatMoney } from '../../resources/format.js';
import { defaultLocale, isLocale, type Locale } from '../../resources/locales.js';
import type { Config } from '../config.js';
import { contentWithheld, noneOf, type Viewer } from '../auth/standing.js';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { translator } from '../i18n.js';
import { composeMail, type Mailer, type MailRequest } from '../mail/outbox.js';
import { dialogueLink, recipientOf } from '../applicationCore/dialogueLink.js';
import { recordHistory } from '../applicationCore/history.js';
import { mailableApplicant } from '../applicationCore/mailableApplicant.js';
import { visibleStatus } from '../applicationCore/ownApplications.js';
import { reachableByStaff } from '../applicationCore/staffReach.js';
import { factsOf, isReleased, mailIsCurrent, mailIsCurrentSql, toldColumns, releaseColumns } from '../applicationCore/told.js';

// The decision mail, whose sent date the "decision mail sent" progress indicator shows: the template of the decision
// in the applicant's language, filled in for the application. The mail, its sent date and the history entry are
// stored in one transaction holding the application's row, so two staff sending at once never send it twice.

export interface DecisionMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'dialogueLinkDays' | 'productName'>;
}

type Where = ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>;

/**
 * A decision the applicant is shown. visibleStatus() shows approved and rejected as they are in every period, so
 * in SQL this is the status alone; sendDecisionMail() checks visibleStatus() again for each one it sends.
 */
const decided = (eb: Where): Expression<SqlBool> => eb('a.status', 'in', decidedStatuses);

/**
 * A decision (`a`) with the facts its mail states: an approval states its amount. An approval without one (made before
 * every approval needed it) is never mailed: the single send refuses it and a period's batch counts it apart.
 */
const stated = sql<SqlBool>`(a.status <> ${enums.application_status.approved} OR a.approved_money IS NOT NULL)`;

/** The single send's side of `stated`: a 422 naming what is missing, before anything is written. */
function assertStated(application: { status: number; approved_money: number | null }) {
  if (application.status === enums.application_status.approved && application.approved_money === null) {
    throw new AppError(422, 'errors.decision_mail_without_amount');
  }
}

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
 * The decision mail of an application as it stands, ready to queue but for its link: the application's facts, the
 * recipient, the template in their language and its parameters. 422 when there is no decision the applicant may be
 * told (or an approval without its amount) or no usable address.
 */
async function decisionMailOf(db: Db, applicationId: number) {
  const application = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'a.id',
      'a.uuid',
      'a.reference',
      'a.status',
      'a.approved_money',
      'a.distribution_mail_sent_at',
      'a.mailed_status',
      'a.mailed_money',
      'a.released_at',
      'a.released_status',
      'a.released_money',
      'p.name as period_name',
      'p.name_en as period_name_en',
      'p.closed',
      'p.uses_status_cloaking',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const status = visibleStatus(application.status, application);
  if (!decidedStatuses.includes(status)) throw new AppError(422, 'errors.decision_not_sendable');
  assertStated(application);
  const recipient = await recipientOf(db, application.id);
  const locale = isLocale(recipient.locale) ? recipient.locale : defaultLocale;
  const template = await templateOf(db, status, locale);
  const approved = status === enums.application_status.approved;
  const files = approved ? await agreementFiles(db, application.id) : [];
  const t = translator(locale);
  const params = {
    // As the greeting names them: by first name, else by address.
    name: recipient.firstName || recipient.email,
    reference: application.reference ?? '',
    // In the mail's language where the period has a name in it, as the template is.
    period: textIn(locale, application.period_name, application.period_name_en).text,
    amount: approved ? formatMoney(application.approved_money, locale) : '',
  };
  const postscript = files.length ? [t('mail.decision.agreement', { files: files.map((f) => f.name).join(', ') })] : [];
  const mail = (link: string): MailRequest => ({
    to: recipient.email,
    locale,
    name: recipient.firstName,
    template: { subject: template.subject, body: template.body },
    params: { ...params, link },
    postscript,
    applicationId: application.id,
  });
  return { application, status, recipient, locale, template, params, postscript, mail };
}

/**
 * The decision mail as the applicant will read it, for staff to see before they send it: the address, subject and
 * text, the sign-in link shown as where it leads (each mail gets a link of its own when it is sent).
 */
export async function previewDecisionMail(db: Db, deps: Pick<DecisionMailDeps, 'config'>, uuid: string) {
  return previewOf(db, deps, await staffApplicationId(db, uuid));
}

async function previewOf(db: Db, deps: Pick<DecisionMailDeps, 'config'>, applicationId: number) {
  const { application, mail } = await decisionMailOf(db, applicationId);
  const shown = mail(`${deps.config.publicUrl}/logga-in/…?next=${encodeURIComponent(`/dialog/${application.uuid}`)}`);
  return { to: shown.to, ...composeMail(shown, deps.config.productName), sent_at: application.distribution_mail_sent_at };
}

/** The id of an application staff reach by its uuid (404 otherwise); `lock` holds its row in the caller's transaction. */
async function staffApplicationId(db: Db, uuid: string, lock = false): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('uuid', '=', uuid)
    .where(reachableByStaff())
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.id;
}

/**
 * Renders the decision mail and queues it in `trx`, with the sent date, the decision it states (which it releases to
 * the applicant) and the history entry; the caller holds the application's row. Refusals (422 not decided or no
 * address, 409 this decision already mailed) throw before anything is written.
 */
async function sendLocked(
  trx: Db,
  deps: DecisionMailDeps,
  applicationId: number,
  options: { staffId: number; resend: boolean; locale: Locale },
): Promise<Date> {
  const { application, status, recipient, locale, template, params, postscript, mail } = await decisionMailOf(trx, applicationId);
  const sentBefore = application.distribution_mail_sent_at;
  // A decision changed since its mail has not been told: its mail goes without a resend.
  const resending = mailIsCurrent(application);
  if (sentBefore && resending && !options.resend) {
    throw new AppError(409, 'errors.decision_mail_sent', { params: { date: formatDateTime(sentBefore.toISOString(), options.locale) } });
  }
  await deps.mailer.queue(mail(await dialogueLink(trx, deps.config, recipient, application.uuid)), trx);
  // The mail's link opens the dialogue: the decision is there, as the foundation's message (the same one is not
  // posted twice when it is only sent again). Its link there is the dialogue's own address, no sign-in link.
  if (!resending) {
    const dialogue = `${deps.config.publicUrl}/dialog/${application.uuid}`;
    const text = (phrase: string) => Polyglot.transformPhrase(phrase, { ...params, link: dialogue }, locale.slice(0, 2));
    await trx
      .insertInto('application_messages')
      .values({
        application_id: application.id,
        from_applicant: false,
        user_id: options.staffId,
        body: [text(template.subject), text(template.body), ...postscript].join('\n\n'),
      })
      .execute();
  }
  const facts = factsOf(application);
  const { distribution_mail_sent_at: sentAt } = await trx
    .updateTable('applications')
    .set({
      distribution_mail_sent_at: sql<Date>`now()`,
      mailed_status: facts.status,
      mailed_money: facts.money,
      // The mail releases the decision; one already released keeps the day the applicant first saw it.
      ...(isReleased(application) ? {} : releaseColumns(application)),
    })
    .where('id', '=', application.id)
    .returning('distribution_mail_sent_at')
    .executeTakeFirstOrThrow();
  await recordHistory(trx, {
    applicationId: application.id,
    userId: options.staffId,
    action: 'decision_mail_sent',
    before: { distribution_mail_sent_at: sentBefore },
    after: { distribution_mail_sent_at: sentAt, decision: status, approved_money: facts.money, resend: resending },
  });
  return sentAt!;
}

/** Sends one application's decision mail (unknown uuid: 404); `resend` sends it again after it was sent. */
export async function sendDecisionMail(
  deps: DecisionMailDeps,
  uuid: string,
  options: { staffId: number; resend: boolean; locale: Locale },
): Promise<Date> {
  const sentAt = await deps.db
    .transaction()
    .execute(async (trx) => sendLocked(trx, deps, await staffApplicationId(trx, uuid, true), options));
  deps.mailer.deliverSoon();
  return sentAt;
}

/**
 * Releases the decision as it stands to the applicant without a mail (staff told them otherwise, or will mail later):
 * from now on the portal shows it. 422 without a decision (or an approval without its amount), 409 when this decision
 * has already reached them; recorded in the history. The decision mail can still be sent afterwards.
 */
export async function releaseDecision(db: Db, uuid: string, options: { staffId: number; locale: Locale }): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('applications')
      .select(['id', ...toldColumns])
      .where('uuid', '=', uuid)
      .where(reachableByStaff())
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw notFound();
    if (!decidedStatuses.includes(application.status)) throw new AppError(422, 'errors.decision_not_releasable');
    assertStated(application);
    if (isReleased(application)) {
      const date = formatDateTime(application.released_at!.toISOString(), options.locale);
      throw new AppError(409, 'errors.decision_already_released', { params: { date } });
    }
    const facts = factsOf(application);
    const { released_at: releasedAt } = await trx
      .updateTable('applications')
      .set(releaseColumns(application))
      .where('id', '=', application.id)
      .returning('released_at')
      .executeTakeFirstOrThrow();
    await recordHistory(trx, {
      applicationId: application.id,
      userId: options.staffId,
      action: 'decision_released',
      after: { decision: facts.status, approved_money: facts.money },
    });
    return releasedAt!;
  });
}

/**
 * The period's decided applications whose applicant has not been mailed the decision as it stands (no mail yet, or
 * the decision changed since its mail), as `a` joined with their applicant `f`.
 */
function unsent(db: Db, periodId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .where('a.period_id', '=', periodId)
    .where(decided)
    .where(sql<SqlBool>`NOT ${mailIsCurrentSql('a')}`);
}

/**
 * What the viewer's batch would do: how many decision mails wait to be sent, and how many it cannot send: no usable
 * address, an approval without its amount, or an application the viewer stood aside from (a decision mail releases the
 * decision, which such a viewer takes no part in).
 */
export async function pendingDecisionMails(db: Db, periodId: number, viewer: Viewer) {
  const takesPart = noneOf(sql.ref('a.id'), contentWithheld(viewer));
  return unsent(db, periodId)
    .select([
      sql<number>`count(*) FILTER (WHERE ${mailableApplicant} AND ${stated} AND ${takesPart})::int`.as('pending'),
      sql<number>`count(*) FILTER (WHERE NOT ${mailableApplicant} AND ${stated} AND ${takesPart})::int`.as('without_email'),
      sql<number>`count(*) FILTER (WHERE NOT ${stated} AND ${takesPart})::int`.as('without_amount'),
      sql<number>`count(*) FILTER (WHERE NOT ${takesPart})::int`.as('stood_aside'),
    ])
    .executeTakeFirstOrThrow();
}

/** The first mail the viewer's batch would send, as its applicant will read it: the example shown before sending; null when none waits. */
export async function nextDecisionMailPreview(db: Db, deps: Pick<DecisionMailDeps, 'config'>, periodId: number, viewer: Viewer) {
  const next = await sendable(db, periodId, viewer).select('a.id').orderBy('a.id').limit(1).executeTakeFirst();
  return next ? previewOf(db, deps, next.id) : null;
}

/** The period's decision mails the viewer's batch sends: unsent, to a usable address, stated, and theirs to send. */
const sendable = (db: Db, periodId: number, viewer: Viewer) =>
  unsent(db, periodId)
    .where(mailableApplicant)
    .where(stated)
    .where(noneOf(sql.ref('a.id'), contentWithheld(viewer)));

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
  viewer: Viewer,
) {
  let sent = 0;
  let exhausted = false;
  while (sent < limit && !exhausted) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const next = await sendable(trx, periodId, viewer)
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
  const { pending, ...skipped } = await pendingDecisionMails(deps.db, periodId, viewer);
  return { sent, remaining: pending, ...skipped };
}
