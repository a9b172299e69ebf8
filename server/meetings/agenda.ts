import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { personName } from '../../resources/users.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { AppError, invalid, notFound } from '../errors.js';
import { recordHistory } from '../applicationCore/history.js';
import { contentWithheld, noneOf, withheldFrom, type Viewer } from '../auth/standing.js';
import { hasStoodAside, standAside } from '../reviews/conflicts.js';
import { lockUndecided } from './meetingLock.js';

// A meeting's agenda: the period's sent-in, undecided applications in the order the board takes them, each with what
// the reviews propose, and each member's declaration of a conflict of interest per line.

const { received, ongoing, approved } = enums.application_status;
const { grant, reject } = enums.investigation_status;
const undecided: number[] = [received, ongoing];

/**
 * The reviews sent in on an application (`a`): a reviewer without a conflict who sent their scores. Their amounts'
 * mean, in whole kronor, is the proposed amount, and the more frequent of their proposals (grant or reject) the proposal.
 */
const reviewsIn = (column: string) =>
  sql`(select ${sql.raw(column)} from investigations i
        where i.application_id = a.id and i.conflict_of_interest = false and i.reviewed_at is not null)`;

/**
 * The agenda's lines by position, each with its application as the viewer may read it in the list: one who stood aside
 * from it reads its reference, applicant, organisation and status, and the board's decision without an amount; a
 * reviewer whose own review is not in reads no review figures or proposals (`withheld` says which,
 * server/auth/standing.ts). A line's conflicts are the meeting's members who stood aside from its application, at this
 * meeting or as its reviewer.
 */
export async function agendaOf(db: Db, meetingId: number, viewer: Viewer) {
  const rows = await db
    .selectFrom('meeting_agenda as ag')
    .innerJoin('applications as a', 'a.id', 'ag.application_id')
    .leftJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
    .leftJoin('meeting_agenda as was', (join) =>
      join.onRef('was.meeting_id', '=', 'ag.changes_meeting_id').onRef('was.application_id', '=', 'ag.application_id'),
    )
    .leftJoin('meetings as wm', 'wm.id', 'ag.changes_meeting_id')
    .select([
      'ag.position',
      'ag.decided_status',
      'ag.decided_amount',
      'ag.changes_meeting_id',
      'ag.change_reason',
      'wm.held_on as changes_held_on',
      'was.decided_status as was_status',
      'was.decided_amount as was_amount',
      sql<{ meeting_id: number; held_on: string } | null>`(select json_build_object('meeting_id', later.meeting_id, 'held_on', lm.held_on)
        from meeting_agenda later join meetings lm on lm.id = later.meeting_id
        where later.changes_meeting_id = ag.meeting_id and later.application_id = ag.application_id
          and later.decided_status is not null
        order by lm.held_on, lm.id limit 1)`.as('changed_by'),
      'a.id',
      'a.uuid',
      'a.reference',
      'a.status',
      'a.money',
      'a.org_name',
      'a.review_score',
      'a.review_spread',
      'a.reviews_in',
      'a.reviews_pending',
      'f.id as applicant_id',
      'f.first_name',
      'f.last_name',
      sql<string | null>`(select string_agg(c.label, ', ' order by c.type, c.label collate swedish)
        from application_categories ac join categories c on c.id = ac.category_id where ac.application_id = a.id)`.as('category'),
      sql<number | null>`${reviewsIn('(round(avg(i.review_amount) / 100) * 100)::bigint')}`.as('proposed_amount'),
      sql<number>`${reviewsIn(`count(*) filter (where i.review_status = ${grant})::int`)}`.as('grants'),
      sql<number>`${reviewsIn(`count(*) filter (where i.review_status = ${reject})::int`)}`.as('rejects'),
    ])
    .where('ag.meeting_id', '=', meetingId)
    .orderBy('ag.position')
    .orderBy('a.id')
    .execute();
  const conflicts = rows.length
    ? await db
        .selectFrom('conflicts_of_interest as c')
        .innerJoin('meeting_members as mm', (join) => join.onRef('mm.user_id', '=', 'c.user_id').on('mm.meeting_id', '=', meetingId))
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.application_id', 'u.id', 'u.first_name', 'u.last_name'])
        .where(
          'c.application_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy(sql`u.last_name collate swedish`)
        .orderBy('u.id')
        .execute()
    : [];
  const dissents = rows.length
    ? await db
        .selectFrom('meeting_dissents as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select(['d.application_id', 'u.id', 'u.first_name', 'u.last_name'])
        .where('d.meeting_id', '=', meetingId)
        .orderBy(sql`u.last_name collate swedish`)
        .orderBy('u.id')
        .execute()
    : [];
  return rows.map((row) => {
    const withheld = withheldFrom(viewer, row.id);
    const aside = withheld === 'stood_aside';
    return {
      position: row.position,
      application: {
        uuid: row.uuid,
        reference: row.reference,
        status: row.status,
        applicant: row.applicant_id === null ? null : personName(row.first_name, row.last_name),
        organisation: row.org_name,
        category: aside ? null : row.category,
        money: aside ? null : row.money,
        proposed_amount: withheld ? null : row.proposed_amount,
        proposal: withheld ? null : row.grants > row.rejects ? ('approve' as const) : row.rejects > row.grants ? ('reject' as const) : null,
        review: withheld
          ? null
          : { score: row.review_score, spread: row.review_spread, reviews_in: row.reviews_in, reviews_pending: row.reviews_pending },
      },
      decided_status: row.decided_status,
      decided_amount: aside ? null : row.decided_amount,
      // A changed decision: the earlier meeting's decision it changes, and why.
      changes:
        row.changes_meeting_id === null
          ? null
          : {
              meeting_id: row.changes_meeting_id,
              held_on: row.changes_held_on!,
              decided_status: row.was_status,
              decided_amount: aside ? null : row.was_amount,
              reason: row.change_reason!,
            },
      changed_by: row.changed_by,
      conflicts: conflicts
        .filter((c) => c.application_id === row.id)
        .map((c) => ({ user_id: c.id, name: personName(c.first_name, c.last_name) })),
      // The members who entered their dissent (reservation) against the board's decision.
      dissents: dissents
        .filter((d) => d.application_id === row.id)
        .map((d) => ({ user_id: d.id, name: personName(d.first_name, d.last_name) })),
      withheld,
    };
  });
}
export type AgendaItem = Awaited<ReturnType<typeof agendaOf>>[number];

/**
 * The agenda's sums against the period's amount (öre): applied for, proposed by the reviews, decided (granted), and
 * what remains of the period's amount after the approvals outside this agenda. The sums are of the lines as the
 * viewer reads them: a line whose amounts are withheld from them is left out (`withheld_lines` counts them), so no sum
 * tells what its line does not.
 */
export async function agendaTotals(
  db: Db,
  meetingId: number,
  periodId: number,
  agenda: AgendaItem[],
  /** The figures as they were when the decisions were entered: a decided meeting's read the same ever after. */
  frozen: { available_money: number; approved_elsewhere: number } | null = null,
) {
  const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);
  const period = frozen ?? (await periodFigures(db, meetingId, periodId));
  return {
    applied: sum(agenda.map((line) => line.application.money)),
    proposed: sum(agenda.map((line) => line.application.proposed_amount)),
    decided: sum(agenda.map((line) => (line.decided_status === approved ? line.decided_amount : 0))),
    available_money: period.available_money,
    approved_elsewhere: period.approved_elsewhere,
    remaining: period.available_money - period.approved_elsewhere,
    withheld_lines: agenda.filter((line) => line.withheld).length,
  };
}

/** The period's amount and what is approved in it outside the meeting's agenda, now. */
export async function periodFigures(db: Db, meetingId: number, periodId: number) {
  return db
    .selectFrom('periods')
    .select([
      'available_money',
      sql<number>`(select coalesce(sum(a.approved_money), 0) from applications a
        where a.period_id = periods.id and a.status = ${approved}
          and a.id not in (select application_id from meeting_agenda where meeting_id = ${meetingId}))::bigint`.as('approved_elsewhere'),
    ])
    .where('id', '=', periodId)
    .executeTakeFirstOrThrow();
}

/**
 * The caller's own declarations on the meeting's agenda, by application uuid: true where they stood aside from the
 * application (at this meeting or any other way), false where they declared no conflict at this meeting.
 */
export async function myConflicts(db: Db, meetingId: number, userId: number): Promise<Record<string, boolean>> {
  const rows = await db
    .selectFrom('meeting_agenda as ag')
    .innerJoin('applications as a', 'a.id', 'ag.application_id')
    .leftJoin('meeting_conflicts as mc', (join) =>
      join.onRef('mc.meeting_id', '=', 'ag.meeting_id').onRef('mc.application_id', '=', 'ag.application_id').on('mc.user_id', '=', userId),
    )
    .leftJoin('conflicts_of_interest as c', (join) => join.onRef('c.application_id', '=', 'ag.application_id').on('c.user_id', '=', userId))
    .select(['a.uuid', 'mc.conflict_of_interest', 'c.user_id as aside'])
    .where('ag.meeting_id', '=', meetingId)
    .where((eb) => eb.or([eb('mc.user_id', 'is not', null), eb('c.user_id', 'is not', null)]))
    .execute();
  return Object.fromEntries(rows.map((r) => [r.uuid, r.aside !== null || r.conflict_of_interest === true]));
}

/**
 * Sets the whole agenda in this order: each application sent in, undecided and of the meeting's period, or already
 * on it as a changed decision, once (422 naming those that are not). Lines kept keep their declarations and what
 * they change; lines left out lose theirs.
 */
export async function setAgenda(db: Db, meetingId: number, uuids: string[]) {
  await db.transaction().execute(async (trx) => {
    const meeting = await lockUndecided(trx, meetingId);
    const found = uuids.length
      ? await trx
          .selectFrom('applications as a')
          .leftJoin('meeting_agenda as ag', (join) => join.onRef('ag.application_id', '=', 'a.id').on('ag.meeting_id', '=', meetingId))
          .select(['a.id', 'a.uuid', 'a.reference', 'a.status', 'a.period_id', 'a.decided_meeting_id', 'ag.changes_meeting_id'])
          .where('a.uuid', 'in', uuids)
          .execute()
      : [];
    const byUuid = new Map(found.map((a) => [a.uuid, a]));
    const refused = uuids.filter((uuid, index) => {
      const a = byUuid.get(uuid);
      const takenUp = !!a && (a.changes_meeting_id !== null || (undecided.includes(a.status) && a.decided_meeting_id === null));
      return !a || a.period_id !== meeting.period_id || !takenUp || uuids.indexOf(uuid) !== index;
    });
    if (refused.length) {
      const names = [...new Set(refused)].map((uuid) => byUuid.get(uuid)?.reference ?? uuid).join(', ');
      throw invalid({ application_uuids: [{ key: 'validation.agenda_applications', params: { applications: names } }] });
    }
    const ids = uuids.map((uuid) => byUuid.get(uuid)!.id);
    let removed = trx.deleteFrom('meeting_agenda').where('meeting_id', '=', meetingId);
    if (ids.length) removed = removed.where('application_id', 'not in', ids);
    await removed.execute();
    if (ids.length)
      await trx
        .insertInto('meeting_agenda')
        .values(ids.map((application_id, position) => ({ meeting_id: meetingId, application_id, position })))
        .onConflict((oc) => oc.columns(['meeting_id', 'application_id']).doUpdateSet({ position: (eb) => eb.ref('excluded.position') }))
        .execute();
  });
}

/**
 * Takes up on the meeting's agenda, last, a change of a decision an earlier meeting of its period took ("ändrat
 * beslut"), with the reason: the application's decision is that meeting's (a board's, not one person's), held on or
 * before this one's day, and not on this agenda yet (422 on application_uuid otherwise). The board decides it with
 * the rest of the agenda (server/meetings/meetingDecisions.ts).
 */
export async function addChangeOfDecision(db: Db, meetingId: number, uuid: string, given: string) {
  const reason = given.trim();
  if (!reason) throw invalid({ reason: ['validation.required'] });
  await db.transaction().execute(async (trx) => {
    const meeting = await lockUndecided(trx, meetingId);
    const application = await trx
      .selectFrom('applications as a')
      .innerJoin('meetings as m', 'm.id', 'a.decided_meeting_id')
      .select(['a.id', 'a.decided_meeting_id'])
      .where('a.uuid', '=', uuid)
      .where('a.period_id', '=', meeting.period_id)
      .where('m.held_on', '<=', meeting.held_on)
      .where('m.id', '<>', meetingId)
      .where(sql<boolean>`not exists (select 1 from meeting_agenda ag where ag.meeting_id = ${meetingId} and ag.application_id = a.id)`)
      .forUpdate('a')
      .executeTakeFirst();
    if (!application) throw invalid({ application_uuid: ['validation.change_of_decision'] });
    const last = await lastPosition(trx, meetingId);
    await trx
      .insertInto('meeting_agenda')
      .values({
        meeting_id: meetingId,
        application_id: application.id,
        position: last + 1,
        changes_meeting_id: application.decided_meeting_id,
        change_reason: reason,
      })
      .execute();
  });
}

/**
 * Appends the period's sent-in, undecided applications whose reviews are all in (at least one, none pending) and that
 * are not on the agenda yet, by reference, but those the viewer stood aside from. Answers how many were added.
 */
export async function appendReviewed(db: Db, meetingId: number, viewer: Viewer): Promise<number> {
  return inTransaction(db, async (trx) => {
    const meeting = await lockUndecided(trx, meetingId);
    const last = await lastPosition(trx, meetingId);
    const added = await trx
      .insertInto('meeting_agenda')
      .columns(['meeting_id', 'application_id', 'position'])
      .expression(
        trx
          .selectFrom('applications as a')
          .select([
            sql<number>`${meetingId}::int`.as('meeting_id'),
            'a.id',
            sql<number>`(${last} + row_number() over (order by a.reference, a.id))::int`.as('position'),
          ])
          .where('a.period_id', '=', meeting.period_id)
          .where('a.status', 'in', undecided)
          .where('a.reviews_in', '>', 0)
          .where('a.reviews_pending', '=', 0)
          .where(sql<boolean>`a.id not in (select application_id from meeting_agenda where meeting_id = ${meetingId})`)
          .where(noneOf(sql.ref('a.id'), contentWithheld(viewer))),
      )
      .executeTakeFirst();
    return Number(added.numInsertedOrUpdatedRows ?? 0);
  });
}

/**
 * A member's declaration of whether they have a conflict of interest with one agenda line, before the decisions, in
 * the application's history. A conflict stands them aside from the application for good, everywhere
 * (server/reviews/conflicts.ts): declaring none after it, here or at any meeting, is a 422; declaring none twice
 * changes nothing.
 */
export async function declareConflict(db: Db, meetingId: number, uuid: string, userId: number, conflict: boolean, now: Date) {
  await db.transaction().execute(async (trx) => {
    await lockUndecided(trx, meetingId);
    const member = await trx
      .selectFrom('meeting_members')
      .select('user_id')
      .where('meeting_id', '=', meetingId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!member) throw new AppError(403, 'errors.not_a_meeting_member');
    const line = await agendaLine(trx, meetingId, uuid);
    await trx.selectFrom('applications').select('id').where('id', '=', line.application_id).forUpdate().execute();
    if (!conflict && (await hasStoodAside(trx, line.application_id, userId)))
      throw new AppError(422, 'errors.conflict_is_final', { errors: { conflict_of_interest: ['errors.conflict_is_final'] } });
    const declared = await trx
      .insertInto('meeting_conflicts')
      .values({
        meeting_id: meetingId,
        application_id: line.application_id,
        user_id: userId,
        conflict_of_interest: conflict,
        declared_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['meeting_id', 'application_id', 'user_id'])
          .doUpdateSet({ conflict_of_interest: conflict, declared_at: now })
          .where('meeting_conflicts.conflict_of_interest', '<>', conflict),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (conflict) await standAside(trx, line.application_id, userId, meetingId);
    else if (declared)
      await recordHistory(trx, {
        applicationId: line.application_id,
        userId,
        action: 'conflict_declared',
        before: null,
        after: { conflict_of_interest: false, meeting_id: meetingId },
      });
  });
}

/** The agenda's last position (-1 while it is empty): where an added line follows. */
async function lastPosition(trx: Db, meetingId: number): Promise<number> {
  const { last } = await trx
    .selectFrom('meeting_agenda')
    .select(sql<number>`coalesce(max(position), -1)::int`.as('last'))
    .where('meeting_id', '=', meetingId)
    .executeTakeFirstOrThrow();
  return last;
}

/** The applications on the meeting's agenda: what its decisions are about. */
export async function applicationsOnAgenda(db: Db, meetingId: number): Promise<number[]> {
  const rows = await db.selectFrom('meeting_agenda').select('application_id').where('meeting_id', '=', meetingId).execute();
  return rows.map((row) => row.application_id);
}

/** The agenda line of the application (by uuid) on the meeting, or 404. */
export async function agendaLine(db: Db, meetingId: number, uuid: string) {
  const line = await db
    .selectFrom('meeting_agenda as ag')
    .innerJoin('applications as a', 'a.id', 'ag.application_id')
    .select(['ag.application_id', 'ag.position'])
    .where('ag.meeting_id', '=', meetingId)
    .where('a.uuid', '=', uuid)
    .executeTakeFirst();
  if (!line) throw notFound();
  return line;
}
