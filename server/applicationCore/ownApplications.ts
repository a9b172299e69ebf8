import type { FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import { isOpen } from '../periods.js';
import { enums } from '../../resources/enums.js';
import type { MemberRole } from '../../resources/memberRoles.js';

/**
 * Whether the applicant account reaches the application (`alias`): a person's own application (no organisation) by
 * its applicant, an organisation's by its members as they are now, so one who left reaches nothing of it at once.
 * The one definition every portal read of applications goes through.
 */
export function reachedBy(applicantId: number, alias = 'a') {
  const organisation = sql.ref(`${alias}.organisation_id`);
  // The organisations as an array found first, so both arms are index conditions (a bitmap OR of the applicant's
  // and the organisations' index); `IN (SELECT …)` under OR is a filter, which reads every application.
  return sql<SqlBool>`(${organisation} IS NULL AND ${sql.ref(`${alias}.frontend_user_id`)} = ${applicantId}
    OR ${organisation} = ANY(ARRAY(SELECT organisation_id FROM organisation_members WHERE frontend_user_id = ${applicantId})))`;
}

/**
 * An application the signed-in applicant reaches, by uuid (reachedBy), with their role in its organisation (null for
 * a person's own). One they do not reach answers 404 exactly as an unknown one does, so uuids cannot be probed.
 */
export async function ownApplication(db: Db, request: FastifyRequest, uuid: string) {
  const me = request.applicant!.id;
  const row = await db
    .selectFrom('applications as a')
    .selectAll('a')
    .select((eb) =>
      eb
        .selectFrom('organisation_members as m')
        .select('m.role')
        .whereRef('m.organisation_id', '=', 'a.organisation_id')
        .where('m.frontend_user_id', '=', me)
        .$castTo<MemberRole | null>()
        .as('member_role'),
    )
    .where('a.uuid', '=', uuid)
    .where(reachedBy(me))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

type Signing = { organisation_id: number | null; member_role: MemberRole | null };

/** Only a signatory signs for an organisation (accepts its grant's conditions, asks for its payouts); a person for themself. */
export const signsFor = (application: Signing) => application.organisation_id === null || application.member_role === 'signatory';

export function assertSignsFor(application: Signing) {
  if (!signsFor(application)) throw new AppError(403, 'errors.signatory_required');
}

/** Only a draft can be changed by its applicant: once sent in, it is the foundation's record. */
export function assertDraft(application: { status: number }) {
  if (application.status !== enums.application_status.draft) throw new AppError(409, 'errors.not_a_draft');
}

const { draft, received, approved, rejected } = enums.application_status;
const shownAsIs: readonly number[] = [draft, approved, rejected];

/**
 * Status cloaking: in a closed period that uses it, an applicant sees only approved or rejected once
 * decided, and a neutral "received" before that.
 */
export function visibleStatus(status: number, period: { closed: boolean; uses_status_cloaking: boolean }): number {
  if (!period.closed || !period.uses_status_cloaking) return status;
  return shownAsIs.includes(status) ? status : received;
}

/**
 * The applicant's applications with their period and type (open or not on `today`, a day in Stockholm), newest first
 * (sent in, or else last saved), each with the number of staff's messages the applicant has not read yet (counted in
 * the same query, not one query per row).
 */
export function ownApplications(db: Db, applicantId: number, today: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .leftJoin('application_types as t', 't.id', 'a.application_type_id')
    .leftJoin('organisations as o', 'o.id', 'a.organisation_id')
    .select([
      'a.id',
      'a.organisation_id',
      'o.name as organisation_name',
      'a.uuid',
      'a.reference',
      'a.status',
      'a.money',
      'a.approved_money',
      'a.released_at',
      'a.released_status',
      'a.released_money',
      'a.sent_in_at',
      'a.updated_at',
      'a.followup_at',
      'a.followup_sent_in_at',
      'p.id as period_id',
      'p.name as period_name',
      'p.name_en as period_name_en',
      'p.closed',
      'p.uses_status_cloaking',
      'p.start_date',
      'p.end_date',
      't.label as application_type',
      't.label_en as application_type_en',
    ])
    .select(isOpen('p', today).as('period_open'))
    .select((eb) =>
      eb
        .selectFrom('application_messages as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.application_id', '=', 'a.id')
        .where('m.from_applicant', '=', false)
        .where('m.read_at', 'is', null)
        .as('unread_messages'),
    )
    .where(reachedBy(applicantId))
    .orderBy(sql`coalesce(a.sent_in_at, a.updated_at)`, 'desc')
    .execute();
}
