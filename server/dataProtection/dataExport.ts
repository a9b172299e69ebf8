import { Readable } from 'node:stream';
import yazl from 'yazl';
import { questionsIn } from '../applicationCore/applicationForm.js';
import { threadOf } from '../applicationCore/messages.js';
import { reachedBy } from '../applicationCore/ownApplications.js';
import { membershipData } from '../organisations/forgetMember.js';
import { shownToApplicant } from '../applicationCore/told.js';
import { applicantHistory } from '../auth/applicantHistory.js';
import { stockholmDay } from '../clock.js';
import type { Db } from '../db/connect.js';
import { translator } from '../i18n.js';
import type { Jobs } from '../jobs/queue.js';
import type { Mailer } from '../mail/outbox.js';
import { displayName } from '../uploads/fileName.js';
import type { FileStorage } from '../uploads/storage.js';
import { enums } from '../../resources/enums.js';
import { textIn } from '../../resources/contentLanguage.js';
import { defaultLocale, isLocale, type Locale } from '../../resources/locales.js';
import { grantOfApplication } from './payoutData.js';
import { exportedApplicationColumns } from './personalData.js';

const { approved, rejected } = enums.application_status;
const statusKey = (value: number) => Object.entries(enums.application_status).find(([, v]) => v === value)?.[0] ?? 'received';

/** How long a download built by the job is kept for its applicant. */
export const BUILT_EXPORT_DAYS = 7;

/** A stored file and where it goes in the ZIP. */
interface ZippedFile {
  uuid: string;
  path: string;
}

/**
 * Everything the foundation keeps about an applicant, as they may see it (GDPR art. 15): their account, every
 * application with its answers, categories and the answers to the type's questions, its dialogue (staff as "the
 * foundation"), its follow-up, the decision as shown to them (status cloaking applies), and the mails sent to them;
 * with the list of their files and each one's place in the ZIP. Texts that describe a value (a status) are in the
 * applicant's language.
 */
export async function applicantData(db: Db, frontendUserId: number, now: Date) {
  const account = await db
    .selectFrom('frontend_users')
    .select(['email', 'first_name', 'last_name', 'phone', 'locale', 'verified_at', 'created_at'])
    .where('id', '=', frontendUserId)
    .executeTakeFirstOrThrow();
  const locale: Locale = isLocale(account.locale) ? account.locale : defaultLocale;
  const t = translator(locale);
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('application_types as t', 't.id', 'a.application_type_id')
    .selectAll('a')
    .select([
      'p.name as period_name',
      'p.name_en as period_name_en',
      'p.closed',
      'p.uses_status_cloaking',
      't.label as application_type_label',
      't.label_en as application_type_label_en',
    ])
    .where(reachedBy(frontendUserId))
    .orderBy('a.id')
    .execute();
  const files: ZippedFile[] = [];
  const applications = [];
  for (const [index, row] of rows.entries()) {
    const folder = `files/${row.reference ?? `${t('data_export.draft')}-${index + 1}`}`;
    const place = (file: { uuid: string; name: string }) => {
      const path = `${folder}/${files.length + 1}-${displayName(file.name, 'fil')}`;
      files.push({ uuid: file.uuid, path });
      return path;
    };
    const [questions, stored, thread, followup, categories] = await Promise.all([
      questionsIn(db, row.application_type_id, locale),
      db
        .selectFrom('application_files')
        .select(['uuid', 'name', 'mime', 'size', 'followup', 'payout_id', 'created_at'])
        .where('application_id', '=', row.id)
        .where('message_id', 'is', null)
        .orderBy('id')
        .execute(),
      threadOf(db, row.id, 'applicant'),
      db.selectFrom('application_followups').selectAll().where('application_id', '=', row.id).executeTakeFirst(),
      db
        .selectFrom('application_categories as ac')
        .innerJoin('categories as c', 'c.id', 'ac.category_id')
        .select(['c.label', 'c.label_en'])
        .where('ac.application_id', '=', row.id)
        .orderBy('c.label')
        .execute(),
    ]);
    // A decision not yet released is not in the download either: it is the foundation's to change until it is.
    const { status, approved_money } = shownToApplicant(row, row);
    const decided = status === approved || status === rejected;
    const values: Record<string, unknown> = row;
    const form = Object.fromEntries(exportedApplicationColumns.map((column) => [column, values[column]]));
    const answers: Record<string, unknown> = row.definitions ?? {};
    applications.push({
      uuid: row.uuid,
      reference: row.reference,
      // What staff wrote, in the applicant's language where it has one (resources/contentLanguage.ts).
      period: textIn(locale, row.period_name, row.period_name_en).text,
      application_type: row.application_type_label && textIn(locale, row.application_type_label, row.application_type_label_en).text,
      status: { code: status, label: t(`enums.application_status.${statusKey(status)}`) },
      created_at: row.created_at,
      sent_in_at: row.sent_in_at,
      form: { ...form, categories: categories.map((c) => textIn(locale, c.label, c.label_en).text) },
      questions: questions.map((q) => ({ question: q.label, answer: answers[String(q.id)] ?? null })),
      // The eligibility check as they answered it before the draft was made (none where the type asked none).
      eligibility: (row.eligibility_answers ?? []).map((a) => ({
        question: textIn(locale, a.question, a.question_en).text,
        answer: textIn(locale, a.answer_label, a.answer_label_en).text,
      })),
      files: stored.map((f) => ({
        name: f.name,
        mime: f.mime,
        size: f.size,
        uploaded_at: f.created_at,
        part: f.followup ? 'followup' : f.payout_id !== null ? 'receipt' : 'form',
        file: place(f),
      })),
      decision: decided ? { status, approved_money } : null,
      // The grant, its payouts' accounts and the signatory: once the approval has reached the applicant.
      grant: status === approved ? await grantOfApplication(db, row.id, t) : null,
      messages: thread.map((m) => ({
        from: m.from === 'applicant' ? t('data_export.from_you') : t('data_export.from_foundation'),
        body: m.body,
        written_at: m.created_at,
        files: m.files.map((f) => place(f)),
      })),
      followup: followup
        ? {
            requested_at: followup.requested_at,
            due: row.followup_at,
            sent_in_at: row.followup_sent_in_at,
            according_to_plan: followup.according_to_plan,
            according_to_plan_comment: followup.according_to_plan_comment,
            participants: followup.participants,
            events: followup.events,
            marketing: followup.marketing,
          }
        : null,
    });
  }
  const mails = await db
    .selectFrom('outbox')
    .select(['subject', 'body_text as body', 'created_at', 'sent_at'])
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', account.email.trim().toLowerCase()))
    .orderBy('id')
    .execute();
  // Which e-ID providers sign them in, and since when: the identities' subjects and the personal number's hash are
  // keys to match them by, nothing about them.
  const signInProviders = await db
    .selectFrom('oidc_identities')
    .select(['issuer as provider', 'created_at as linked_at'])
    .where('frontend_user_id', '=', frontendUserId)
    .orderBy('id')
    .execute();
  // Every e-ID linked to the account, removed from it or declined, newest first (server/auth/applicantHistory.ts).
  const signInHistory = (await applicantHistory(db, frontendUserId)).map((entry) => ({
    event: t(`data_export.eid_events.${entry.event}`),
    provider: entry.provider,
    name: entry.person_name,
    at: entry.created_at,
  }));
  return {
    data: {
      exported_at: now,
      account: { ...account, sign_in_providers: signInProviders, sign_in_history: signInHistory },
      // Their memberships and what they did for each organisation (its applications they reach are among `applications`).
      organisations: await membershipData(db, frontendUserId),
      applications,
      mails,
    },
    files,
    locale,
  };
}

/** The total size of an applicant's stored files, which decides whether their download is built by a job. */
export async function storedBytesOf(db: Db, frontendUserId: number): Promise<number> {
  const row = await db
    .selectFrom('application_files as f')
    .innerJoin('applications as a', 'a.id', 'f.application_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('f.size'), eb.lit(0)).as('bytes'))
    .where(reachedBy(frontendUserId))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * The applicant's data as a ZIP, written as it is read: `data.json`, a short `LÄS-MIG.txt`/`README.txt` in their
 * language, and their files under `files/`. A stored file that has gone missing is left out rather than failing all.
 */
export async function zipOfApplicant(db: Db, storage: FileStorage, frontendUserId: number, now: Date) {
  const { data, files, locale } = await applicantData(db, frontendUserId, now);
  const zip = new yazl.ZipFile();
  const t = translator(locale);
  zip.addBuffer(Buffer.from(`${t('data_export.readme')}\n`), t('data_export.readme_name'), { mtime: now });
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json', { mtime: now });
  for (const file of files) {
    // Opened only when the ZIP comes to it, so a hundred files never hold a hundred streams open at once.
    if ((await storage.size(file.uuid)) === null) continue;
    zip.addReadStreamLazy(file.path, { mtime: now }, (done) => {
      storage.read(file.uuid).then(
        (stored) => done(null, stored?.body ?? Readable.from([])),
        (error: Error) => done(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}

/** The name a download is saved under, with the day it was made. */
export const exportFileName = (now: Date, locale: string) =>
  `${translator(isLocale(locale) ? locale : defaultLocale)('data_export.file_name')}-${stockholmDay(now)}.zip`;

/** The applicant's download built earlier and still kept, or one being built; undefined when there is neither. */
export async function latestExport(db: Db, frontendUserId: number, now: Date) {
  return db
    .selectFrom('data_exports')
    .select(['uuid', 'ready_at', 'size', 'expires_at', 'requested_at'])
    .where('frontend_user_id', '=', frontendUserId)
    .where((eb) => eb.or([eb('ready_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Asks for a download to be built by the job, in one transaction with its row: answers the row's uuid. */
export async function requestBuiltExport(db: Db, jobs: Jobs, frontendUserId: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('data_exports')
      .values({ frontend_user_id: frontendUserId, requested_at: now })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await jobs.send('data-export', { uuid: row.uuid }, { via: trx });
    return row.uuid;
  });
}

/**
 * The job's work: builds the download into the store (written whole or not at all, so a half-written one is never
 * offered), marks it ready for BUILT_EXPORT_DAYS and mails the applicant, in the transaction that marks it. An
 * export whose applicant has gone meanwhile is dropped.
 */
export async function buildExport(
  db: Db,
  deps: { storage: FileStorage; mailer: Mailer; publicUrl: string },
  exportUuid: string,
  now: Date,
) {
  const row = await db
    .selectFrom('data_exports')
    .select(['frontend_user_id', 'ready_at'])
    .where('uuid', '=', exportUuid)
    .executeTakeFirst();
  if (!row || row.ready_at) return;
  const zip = (await zipOfApplicant(db, deps.storage, row.frontend_user_id, now)) as Readable;
  const size = await deps.storage.write(exportUuid, zip, 'application/zip');
  const expires = new Date(now.getTime() + BUILT_EXPORT_DAYS * 86_400_000);
  const marked = await db.transaction().execute(async (trx) => {
    const applicant = await trx
      .updateTable('data_exports as e')
      .from('frontend_users as f')
      .set({ ready_at: now, size, expires_at: expires })
      .whereRef('f.id', '=', 'e.frontend_user_id')
      .where('e.uuid', '=', exportUuid)
      .returning(['f.email', 'f.first_name', 'f.locale'])
      .executeTakeFirst();
    if (!applicant) return false;
    const locale = isLocale(applicant.locale) ? applicant.locale : defaultLocale;
    await deps.mailer.queue(
      {
        to: applicant.email,
        locale,
        name: applicant.first_name,
        template: 'data_export_ready',
        params: { link: `${deps.publicUrl}/mina-uppgifter`, days: BUILT_EXPORT_DAYS },
      },
      trx,
    );
    return true;
  });
  if (!marked) await deps.storage.remove([exportUuid]);
  else deps.mailer.deliverSoon();
}

/** Deletes the built downloads whose time is up, and their files. */
export async function sweepExpiredExports(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const gone = await db.deleteFrom('data_exports').where('expires_at', '<=', now).returning('uuid').execute();
  await storage.remove(gone.map((row) => row.uuid));
  return gone.length;
}
