import { sql, type Expression, type SqlBool } from 'kysely';
import { allowedEntityIds, type Ability } from '../../resources/abilities.js';
import { personName } from '../../resources/users.js';
import { isoDate } from '../../resources/validators.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { invalid, notFound, type FieldErrors } from '../errors.js';
import { listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import type { Viewer } from '../auth/standing.js';
import { agendaOf, agendaTotals, myConflicts } from './agenda.js';
import { lockUndecided } from './meetingLock.js';

// A board meeting of one period: when and where, its members (staff users; the board members hold the role styrelse),
// the chair and the minutes checker (justerare, `adjuster`) among them, the secretary (protokollförare, any active
// staff user), and its agenda (agenda.ts); once decided, its minutes' number and who was present. Those who manage meetings (generally or for the
// meeting's period) reach every meeting; a board member only those they are a member of, any other is unknown (404).

export const meetingListGrammar: ListGrammar = {
  sorts: ['held_on', 'period'],
  defaultSort: { field: 'held_on', order: 'desc' },
  search: false,
  filters: { period: 'id' },
};

/** Who reaches which meetings: the periods managed (null: all), those attended (null: all) and who the caller is. */
export interface MeetingReach {
  userId: number;
  managed: number[] | null;
  attended: number[] | null;
}

export function meetingReach(abilities: readonly Ability[], userId: number): MeetingReach {
  return {
    userId,
    managed: allowedEntityIds(abilities, 'manage-meetings', 'periods'),
    attended: allowedEntityIds(abilities, 'attend-meetings', 'periods'),
  };
}

/** Whether the caller manages the meeting's period. */
export const manages = (reach: MeetingReach, periodId: number) => reach.managed === null || reach.managed.includes(periodId);

/** The meetings (`m`) the caller reaches: those of the periods they manage, and those they attend as a member. */
function reachable(reach: MeetingReach): Expression<SqlBool> {
  if (reach.managed === null) return sql<SqlBool>`true`;
  const member = sql<SqlBool>`exists (select 1 from meeting_members mm where mm.meeting_id = m.id and mm.user_id = ${reach.userId})`;
  const attends =
    reach.attended === null
      ? member
      : sql<SqlBool>`(${member} and m.period_id = any(${reach.attended.length ? reach.attended : [-1]}::int[]))`;
  return sql<SqlBool>`(m.period_id = any(${reach.managed.length ? reach.managed : [-1]}::int[]) or ${attends})`;
}

function meetingRows(db: Db) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('periods as p', 'p.id', 'm.period_id')
    .leftJoin('users as c', 'c.id', 'm.chair_id')
    .leftJoin('users as j', 'j.id', 'm.adjuster_id')
    .leftJoin('users as s', 's.id', 'm.secretary_id')
    .select([
      'm.id',
      'm.held_on',
      'm.place',
      'm.decided_at',
      'm.chair_id',
      'm.adjuster_id',
      'm.secretary_id',
      'm.starts_at',
      'm.ends_at',
      'm.minutes_year',
      'm.minutes_number',
      'm.frozen_totals',
      'c.first_name as chair_first_name',
      'c.last_name as chair_last_name',
      'j.first_name as adjuster_first_name',
      'j.last_name as adjuster_last_name',
      's.first_name as secretary_first_name',
      's.last_name as secretary_last_name',
      'p.id as period_id',
      'p.uuid as period_uuid',
      'p.name as period_name',
      sql<number>`(select count(*) from meeting_agenda ag where ag.meeting_id = m.id)::int`.as('agenda_count'),
    ]);
}
type MeetingJoined = Awaited<ReturnType<ReturnType<typeof meetingRows>['executeTakeFirstOrThrow']>>;

/** A member of a meeting: present is null until the decisions are entered. */
type Member = { id: number; name: string; present: boolean | null };

/** 'HH:MM' of a time column's 'HH:MM:SS'. */
const clock = (time: string | null) => time && time.slice(0, 5);

/** The members of the meetings, by meeting, in the order of their names. */
async function membersOf(db: Db, meetingIds: number[]) {
  const rows = meetingIds.length
    ? await db
        .selectFrom('meeting_members as mm')
        .innerJoin('users as u', 'u.id', 'mm.user_id')
        .select(['mm.meeting_id', 'mm.present', 'u.id', 'u.first_name', 'u.last_name'])
        .where('mm.meeting_id', 'in', meetingIds)
        .orderBy(sql`u.last_name collate swedish`)
        .orderBy(sql`u.first_name collate swedish`)
        .orderBy('u.id')
        .execute()
    : [];
  const byMeeting = new Map<number, Member[]>();
  for (const row of rows) {
    const list = byMeeting.get(row.meeting_id) ?? [];
    list.push({ id: row.id, name: personName(row.first_name, row.last_name), present: row.present });
    byMeeting.set(row.meeting_id, list);
  }
  return byMeeting;
}

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, name: personName(first, last) };

function meetingRow(row: MeetingJoined, members: Member[]) {
  return {
    id: row.id,
    period: { id: row.period_id, uuid: row.period_uuid, name: row.period_name },
    held_on: row.held_on,
    starts_at: clock(row.starts_at),
    ends_at: clock(row.ends_at),
    place: row.place,
    chair: person(row.chair_id, row.chair_first_name, row.chair_last_name),
    adjuster: person(row.adjuster_id, row.adjuster_first_name, row.adjuster_last_name),
    secretary: person(row.secretary_id, row.secretary_first_name, row.secretary_last_name),
    minutes: row.minutes_number === null ? null : { year: row.minutes_year!, number: row.minutes_number },
    members,
    agenda_count: row.agenda_count,
    decided_at: row.decided_at,
  };
}
export type MeetingRow = ReturnType<typeof meetingRow>;

/** One page of the meetings the caller reaches, in the list envelope. */
export async function listMeetings(db: Db, query: ListQuery, reach: MeetingReach) {
  const all: Expression<SqlBool>[] = [reachable(reach)];
  if (query.ids.period !== undefined) all.push(sql<SqlBool>`m.period_id = ${query.ids.period}`);
  const where = sql<SqlBool>`${sql.join(all, sql` and `)}`;
  const dir = sql.raw(query.direction);
  const order =
    query.sort === 'period'
      ? [sql`p.name collate swedish ${dir}`, sql`m.held_on ${dir}`, sql`m.id ${dir}`]
      : [sql`m.held_on ${dir}`, sql`m.id ${dir}`];
  let page = meetingRows(db).where(where);
  for (const term of order) page = page.orderBy(term);
  const [rows, { total }] = await Promise.all([
    page
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db
      .selectFrom('meetings as m')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return listPage(
    rows.map((r) => meetingRow(r, members.get(r.id) ?? [])),
    total,
    query,
  );
}

/**
 * The period of the meeting as the caller may know it: undefined for an unknown meeting, and for one of a period whose
 * meetings they attend (and do not manage) but of which they are no member (404 both). The access layer asks it of
 * every route of one meeting, and then checks the route's abilities for the period (403).
 */
export async function periodOfKnownMeeting(db: Db, meetingId: number, reach: MeetingReach): Promise<number | undefined> {
  const row = await db
    .selectFrom('meetings as m')
    .select([
      'm.period_id',
      sql<boolean>`exists (select 1 from meeting_members mm where mm.meeting_id = m.id and mm.user_id = ${reach.userId})`.as('member'),
    ])
    .where('m.id', '=', meetingId)
    .executeTakeFirst();
  if (!row) return undefined;
  const attends = reach.attended === null || reach.attended.includes(row.period_id);
  return attends && !manages(reach, row.period_id) && !row.member ? undefined : row.period_id;
}

/** Whether the user is one of the meeting's members. */
export async function isMember(db: Db, meetingId: number, userId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('meeting_members')
    .select('user_id')
    .where('meeting_id', '=', meetingId)
    .where('user_id', '=', userId)
    .executeTakeFirst());
}

/**
 * One meeting as its page reads it: its row, its agenda by position as the viewer may read each line, the totals and
 * the caller's own declarations.
 */
export async function meetingById(db: Db, meetingId: number, viewer: Viewer) {
  const row = await meetingRows(db).where('m.id', '=', meetingId).executeTakeFirst();
  if (!row) throw notFound();
  const [members, agenda, mine] = await Promise.all([
    membersOf(db, [meetingId]),
    agendaOf(db, meetingId, viewer),
    myConflicts(db, meetingId, viewer.userId!),
  ]);
  return {
    ...meetingRow(row, members.get(meetingId) ?? []),
    agenda,
    totals: await agendaTotals(db, meetingId, row.period_id, agenda, row.frozen_totals),
    my_conflicts: mine,
  };
}

export interface MeetingInput {
  period_id: number;
  held_on: string;
  place: string;
  member_ids: number[];
  chair_id: number;
  adjuster_id: number;
  /** The secretary (protokollförare): any active staff user; null or left out: none named yet. */
  secretary_id?: number | null;
  /** 'HH:MM'; null or left out: not given. */
  starts_at?: string | null;
  ends_at?: string | null;
}

const isClock = (time: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);

/** Refuses (422 by field) what a meeting cannot be: an unknown period, a date that is none, inactive or unknown members,
 * a chair or adjuster who is no member, or one person as both, a secretary who is no active staff user, a time that is
 * none or ends before it starts. */
async function checkInput(db: Db, input: MeetingInput) {
  const errors: FieldErrors = {};
  const date = isoDate(input.held_on);
  if (date) errors.held_on = [date];
  if (!input.place.trim()) errors.place = ['validation.required'];
  const period = await db.selectFrom('periods').select('id').where('id', '=', input.period_id).executeTakeFirst();
  if (!period) errors.period_id = ['validation.unknown_id'];
  const members = [...new Set(input.member_ids)];
  const active = members.length
    ? await db.selectFrom('users').select('id').where('id', 'in', members).where('active', '=', true).execute()
    : [];
  if (active.length !== members.length) errors.member_ids = ['validation.meeting_members'];
  if (!members.includes(input.chair_id)) errors.chair_id = ['validation.meeting_member'];
  if (!members.includes(input.adjuster_id)) errors.adjuster_id = ['validation.meeting_member'];
  else if (input.adjuster_id === input.chair_id) errors.adjuster_id = ['validation.adjuster_not_chair'];
  if (input.secretary_id != null) {
    const secretary = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', input.secretary_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!secretary) errors.secretary_id = ['validation.unknown_id'];
  }
  for (const field of ['starts_at', 'ends_at'] as const) {
    const time = input[field];
    if (time != null && !isClock(time)) errors[field] = ['validation.clock_time'];
  }
  if (!errors.starts_at && !errors.ends_at && input.starts_at && input.ends_at && input.ends_at <= input.starts_at)
    errors.ends_at = ['validation.meeting_ends_before'];
  if (Object.keys(errors).length) throw invalid(errors);
  return members;
}

async function writeMembers(trx: Db, meetingId: number, members: number[]) {
  await trx.deleteFrom('meeting_members').where('meeting_id', '=', meetingId).where('user_id', 'not in', members).execute();
  await trx
    .insertInto('meeting_members')
    .values(members.map((user_id) => ({ meeting_id: meetingId, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  // A declaration belongs to a member: one who is no longer one has none.
  await trx.deleteFrom('meeting_conflicts').where('meeting_id', '=', meetingId).where('user_id', 'not in', members).execute();
}

/** Who holds the meeting's offices, and its time. */
const officers = (input: MeetingInput) => ({
  chair_id: input.chair_id,
  adjuster_id: input.adjuster_id,
  secretary_id: input.secretary_id ?? null,
  starts_at: input.starts_at || null,
  ends_at: input.ends_at || null,
});

export async function createMeeting(db: Db, input: MeetingInput): Promise<number> {
  const members = await checkInput(db, input);
  return inTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('meetings')
      .values({
        period_id: input.period_id,
        held_on: input.held_on,
        place: input.place.trim(),
        ...officers(input),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeMembers(trx, id, members);
    return id;
  });
}

/** Edits a meeting before it is decided; its period changes only while its agenda is empty (the agenda is the period's). */
export async function updateMeeting(db: Db, meetingId: number, input: MeetingInput) {
  const members = await checkInput(db, input);
  await db.transaction().execute(async (trx) => {
    const meeting = await lockUndecided(trx, meetingId);
    if (meeting.period_id !== input.period_id) {
      const line = await trx.selectFrom('meeting_agenda').select('position').where('meeting_id', '=', meetingId).executeTakeFirst();
      if (line) throw invalid({ period_id: ['validation.meeting_period_agenda'] });
    }
    await trx
      .updateTable('meetings')
      .set({
        period_id: input.period_id,
        held_on: input.held_on,
        place: input.place.trim(),
        ...officers(input),
        updated_at: new Date(),
      })
      .where('id', '=', meetingId)
      .execute();
    await writeMembers(trx, meetingId, members);
  });
}

/** Deletes a meeting before it is decided (its members, agenda and declarations with it). */
export async function deleteMeeting(db: Db, meetingId: number) {
  await db.transaction().execute(async (trx) => {
    await lockUndecided(trx, meetingId);
    await trx.deleteFrom('meetings').where('id', '=', meetingId).execute();
  });
}

/**
 * The caller's next meeting from `today` (a Stockholm day) on: the first not yet decided that they are a member of and
 * reach, with its agenda's length; undefined when none is coming.
 */
export async function nextMeetingOf(db: Db, reach: MeetingReach, today: string) {
  const row = await meetingRows(db)
    .where(reachable(reach))
    .where(sql<SqlBool>`exists (select 1 from meeting_members mm where mm.meeting_id = m.id and mm.user_id = ${reach.userId})`)
    .where('m.held_on', '>=', today)
    .where('m.decided_at', 'is', null)
    .orderBy('m.held_on')
    .orderBy('m.starts_at')
    .orderBy('m.id')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      held_on: row.held_on,
      starts_at: clock(row.starts_at),
      place: row.place,
      period_name: row.period_name,
      agenda_count: row.agenda_count,
    }
  );
}
