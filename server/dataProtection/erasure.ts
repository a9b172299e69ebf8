import { sql } from 'kysely';
import { recordHistory, recordHistoryOfEach } from '../applicationCore/history.js';
import { isReleased, shownToApplicant, toldColumns, type Released } from '../applicationCore/told.js';
import { forgetApplicantHistory } from '../auth/applicantHistory.js';
import type { Db } from '../db/connect.js';
import { forgetMember } from '../organisations/forgetMember.js';
import { forgetRegistration } from '../signals/registrations.js';
import { notFound } from '../errors.js';
import type { FileStorage } from '../uploads/storage.js';
import { textIn } from '../../resources/contentLanguage.js';
import { enums } from '../../resources/enums.js';
import { defaultLocale, type Locale } from '../../resources/locales.js';
import type { RetentionRules } from '../../resources/retention.js';
import { anonymiseApplications, deleteAccount, deleteDrafts } from './anonymise.js';
import { dueDay } from './retention.js';
import { retentionRulesOf } from './retentionRules.js';

const { draft, approved, rejected } = enums.application_status;

/** What erasing an applicant does: 'deleted' their account at once, or 'closed' it while applications they sent in are kept. */
export type AccountOutcome = 'deleted' | 'closed';

/**
 * What an erasure request does to each of the applicant's applications. Nothing obliges the foundation to keep an
 * application it did not grant once its applicant asks for erasure, so only approved ones are kept, for the
 * bookkeeping period of their retention rule:
 * - a draft never sent in is deleted;
 * - a rejected application is anonymised at once;
 * - one still being handled (received, under investigation) cannot be decided for an applicant who is gone: it is
 *   withdrawn, ending as not granted (rejected, which its history records as withdrawn), and anonymised at once;
 * - an approved application (its follow-up included, which is no status of its own) is kept until the retention rules
 *   anonymise it, and the account is closed until then; an approval not yet released to the applicant (told.ts) has
 *   neither reached them nor been paid, so it is withdrawn like one still being handled, and the applicant's preview
 *   reveals nothing of it.
 */
export type ErasureFate = 'deleted' | 'anonymised' | 'withdrawn' | 'kept';

export function erasureFate(application: Released & { sent_in_at: Date | null }): ErasureFate {
  if (application.status === draft && application.sent_in_at === null) return 'deleted';
  if (application.status === approved && isReleased(application)) return 'kept';
  return application.status === rejected ? 'anonymised' : 'withdrawn';
}

/**
 * The first day the retention rules anonymise an application (`a`, with its period `p`), as text, a postponement of
 * its period included; null when no rule reaches it (anonymised already, or still being handled).
 */
export function anonymisedFrom(rules: RetentionRules) {
  return sql<string | null>`(case when ${dueDay(rules)} is null then null else greatest(${dueDay(rules)},
    (select r.until + 1 from retention_postponements r where r.period_id = a.period_id)) end)::text`;
}

/** The last of the days the kept applications are anonymised: the account goes with the last of them. */
const lastDay = (days: (string | null)[]) => days.reduce<string | null>((last, day) => (day && (!last || day > last) ? day : last), null);

/**
 * What erasing an applicant's account would do now, as they (or staff acting on their request) are told before
 * confirming: the drafts never sent in that go at once, the applications sent in that are anonymised at once (rejected,
 * or withdrawn while being handled), and the approved ones the foundation keeps, each with the first day the retention
 * rules anonymise it (`kept_until`: the last of those days, when the account goes too). `asApplicant` shows each status
 * as the applicant sees it, and the periods and types in their language where they have it.
 */
export async function erasurePreview(
  db: Db,
  frontendUserId: number,
  rules: RetentionRules,
  asApplicant: boolean,
  locale: Locale = defaultLocale,
) {
  const open = await db
    .selectFrom('frontend_users')
    .select('id')
    .where('id', '=', frontendUserId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (!open) throw notFound();
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('application_types as t', 't.id', 'a.application_type_id')
    .leftJoin('organisations as o', 'o.id', 'a.organisation_id')
    .select([
      'a.uuid',
      'a.reference',
      ...toldColumns.map((column) => `a.${column}` as const),
      'a.sent_in_at',
      'a.updated_at',
      'p.name as period_sv',
      'p.name_en as period_en',
      'p.closed',
      'p.uses_status_cloaking',
      't.label as type_sv',
      't.label_en as type_en',
      anonymisedFrom(rules).as('anonymised_from'),
      'a.applicant_type',
      'o.name as organisation',
    ])
    .where('a.frontend_user_id', '=', frontendUserId)
    .orderBy('a.id')
    .execute()
    .then((found) =>
      found.map((row) => ({
        ...row,
        period: textIn(locale, row.period_sv, row.period_en).text,
        application_type: row.type_sv === null ? null : textIn(locale, row.type_sv, row.type_en).text,
      })),
    );
  const sentIn = (row: (typeof rows)[number]) => ({
    uuid: row.uuid,
    reference: row.reference,
    status: asApplicant ? shownToApplicant(row, row).status : row.status,
    period: row.period,
    application_type: row.application_type,
  });
  // An organisation's applications stay with it (forgetMember): the erasure does not touch them.
  const isOrganisations = (row: (typeof rows)[number]) =>
    row.organisation !== null && row.applicant_type !== enums.applicant_type.contact_person;
  const own = rows.filter((row) => !isOrganisations(row));
  const drafts = own.filter((row) => erasureFate(row) === 'deleted');
  const anonymised = own.filter((row) => ['anonymised', 'withdrawn'].includes(erasureFate(row)));
  const kept = own.filter((row) => erasureFate(row) === 'kept');
  const outcome: AccountOutcome = kept.length ? 'closed' : 'deleted';
  return {
    account: outcome,
    kept_until: lastDay(kept.map((row) => row.anonymised_from)),
    drafts: drafts.map((row) => ({
      uuid: row.uuid,
      period: row.period,
      application_type: row.application_type,
      updated_at: row.updated_at,
    })),
    anonymised: anonymised.map((row) => ({ ...sentIn(row), withdrawn: erasureFate(row) === 'withdrawn' })),
    kept: kept.map((row) => ({ ...sentIn(row), anonymised_from: row.anonymised_from })),
    organisations: rows.filter(isOrganisations).map((row) => ({ ...sentIn(row), organisation: row.organisation ?? '' })),
  };
}

/**
 * Erases an applicant at their request (by themselves, or carried out by staff user `staffId`), in one transaction:
 * their drafts never sent in are deleted, their other applications but the approved ones withdrawn where still being
 * handled and anonymised; then the account is deleted when nothing they sent in is kept, or else closed (no sign-in,
 * no mails, the address free for a new account) and each kept application's history says so, until the retention
 * rules anonymise the last of them and the account goes too (server/dataProtection/retentionRun.ts). The stored files
 * go once the transaction has committed.
 */
export async function eraseApplicant(db: Db, storage: FileStorage, frontendUserId: number, now: Date, staffId: number | null) {
  const { files, ...done } = await db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('frontend_users')
      .select(['id', 'email'])
      .where('id', '=', frontendUserId)
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw notFound();
    // What they did for organisations stays with the organisations, no longer naming them (organisations/forgetMember.ts).
    const memberFiles = await forgetMember(trx, frontendUserId, account.email, now);
    const own = await trx
      .selectFrom('applications')
      .select([...toldColumns, 'id', 'sent_in_at'])
      .where('frontend_user_id', '=', frontendUserId)
      .orderBy('id')
      .forUpdate()
      .execute();
    const idsOf = (fate: ErasureFate) => own.filter((a) => erasureFate(a) === fate).map((a) => a.id);
    const [draftIds, keptIds] = [idsOf('deleted'), idsOf('kept')];
    const withdrawn = own.filter((a) => erasureFate(a) === 'withdrawn');
    const removed = await deleteDrafts(trx, draftIds);
    if (withdrawn.length) {
      await trx
        .updateTable('applications')
        .set({ status: rejected, updated_at: now })
        .where(
          'id',
          'in',
          withdrawn.map((a) => a.id),
        )
        .execute();
      for (const application of withdrawn)
        await recordHistory(trx, {
          applicationId: application.id,
          userId: staffId,
          action: 'withdrawn',
          before: { status: application.status },
          after: { status: rejected },
        });
    }
    const anonymisedIds = own.filter((a) => ['anonymised', 'withdrawn'].includes(erasureFate(a))).map((a) => a.id);
    removed.push(...(await anonymiseApplications(trx, anonymisedIds, now, staffId, 'erasure_anonymised')));
    const counts = { drafts_deleted: draftIds.length, anonymised: anonymisedIds.length, kept: keptIds.length };
    if (!keptIds.length)
      return {
        account: 'deleted' as const,
        ...counts,
        kept_until: null,
        files: [...removed, ...memberFiles, ...(await deleteAccount(trx, frontendUserId))],
      };
    const exports = await trx.selectFrom('data_exports').select('uuid').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('data_exports').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('sessions').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('login_links').where('frontend_user_id', '=', frontendUserId).execute();
    // Their e-ID no longer signs anyone in here, and their personal number's hash matches no one; no e-ID waits for
    // them, and the history of their e-ID's links, which names them, goes.
    await trx.deleteFrom('oidc_identities').where('frontend_user_id', '=', frontendUserId).execute();
    await trx.deleteFrom('oidc_pending').where('frontend_user_id', '=', frontendUserId).execute();
    // Nor do the hashes of their personal numbers and registration's address, which the signals matched by.
    await forgetRegistration(trx, frontendUserId);
    await forgetApplicantHistory(trx, frontendUserId);
    await trx
      .updateTable('frontend_users')
      .set({ closed_at: now, active: false, personal_number_hash: null, updated_at: now })
      .where('id', '=', frontendUserId)
      .execute();
    await recordHistoryOfEach(trx, keptIds, { userId: staffId, action: 'account_deleted' });
    const rules = await retentionRulesOf(trx);
    const days = await trx
      .selectFrom('applications as a')
      .innerJoin('periods as p', 'p.id', 'a.period_id')
      .select(anonymisedFrom(rules).as('day'))
      .where('a.id', 'in', keptIds)
      .execute();
    return {
      account: 'closed' as const,
      ...counts,
      kept_until: lastDay(days.map((row) => row.day)),
      files: [...removed, ...memberFiles, ...exports.map((e) => e.uuid)],
    };
  });
  await storage.remove(files);
  return done;
}
