import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { decideIn } from '../applications/decisions.js';
import type { Db } from '../db/connect.js';
import { formatDate } from '../../resources/format.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { periodFigures } from './agenda.js';
import { lockUndecided } from './meetingLock.js';

const { approved } = enums.application_status;

export interface MeetingDecision {
  application_uuid: string;
  status: number;
  amount: number | null;
  /** Members present who entered their dissent (reservation) against this decision. */
  dissent_ids?: number[];
}

/** What the minutes record with the decisions: the decisions, and the members who were absent (the rest were present). */
export interface MeetingOutcome {
  decisions: MeetingDecision[];
  absent_ids?: number[];
}

/** A decision's refusal named beside its line: `approved_money` is the line's amount, any other field its status. */
function onLine(error: unknown, index: number): unknown {
  if (!(error instanceof AppError) || error.status !== 422) return error;
  const field = (name: string) => `decisions.${index}.${name === 'approved_money' ? 'amount' : 'status'}`;
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(error.options.errors ?? { status: [{ key: error.key, params: error.options.params }] }))
    (errors[field(name)] ??= []).push(...messages);
  return new AppError(422, error.key, { ...error.options, errors });
}

/**
 * The board's decisions on the whole agenda, in one transaction: all are saved or none. Each is the application's
 * decision exactly as one decision makes it (decideIn: the history entry, the grant and its plan), weighed in turn
 * against the period's cap, so approvals that together exceed it are refused whole. The meeting's row is taken first
 * (a second entry of the same decisions waits, then finds the meeting decided: 409), then the applications' rows in
 * the order of their ids and the period's, as a single decision takes them, so none waits on another in a circle.
 */
export async function decideMeeting(db: Db, meetingId: number, outcome: MeetingOutcome, staffId: number, locale: Locale, today: string) {
  const { decisions } = outcome;
  await db.transaction().execute(async (trx) => {
    const meeting = await lockUndecided(trx, meetingId);
    // The decisions are the meeting's, dated its day: entered once it is held, not before.
    if (meeting.held_on > today)
      throw new AppError(409, 'errors.meeting_not_held', { params: { date: formatDate(meeting.held_on, locale) } });
    const lines = await trx
      .selectFrom('meeting_agenda as ag')
      .innerJoin('applications as a', 'a.id', 'ag.application_id')
      .select(['a.id', 'a.uuid', 'ag.changes_meeting_id', 'ag.change_reason'])
      .where('ag.meeting_id', '=', meetingId)
      .execute();
    const idOf = new Map(lines.map((line) => [line.uuid, line.id]));

    const errors: FieldErrors = {};
    const seen = new Set<string>();
    decisions.forEach((d, index) => {
      if (!idOf.has(d.application_uuid) || seen.has(d.application_uuid))
        errors[`decisions.${index}.application_uuid`] = ['validation.not_on_agenda'];
      seen.add(d.application_uuid);
      if (d.status === approved && d.amount === null) errors[`decisions.${index}.amount`] = ['validation.required'];
      if (d.status !== approved && d.amount !== null) errors[`decisions.${index}.amount`] = ['validation.rejection_without_amount'];
    });
    if (!lines.length || lines.some((line) => !seen.has(line.uuid))) errors.decisions = ['validation.whole_agenda'];
    const present = await checkAttendance(trx, meeting, outcome, idOf, errors);
    if (Object.keys(errors).length) throw invalid(errors);
    // The figures the minutes print beside the decisions, as they stand before them, and the minutes' number.
    const frozen = await periodFigures(trx, meetingId, meeting.period_id);

    const ids = lines.map((line) => line.id).sort((a, b) => a - b);
    const held = await trx
      .selectFrom('applications')
      .select(['id', 'reference', 'decided_meeting_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    await trx.selectFrom('periods').select('id').where('id', '=', meeting.period_id).forUpdate().execute();
    assertStillTheBoards(lines, held);

    // Rejections first: an application approved earlier and rejected now frees its amount for the approvals after it.
    const inTurn = [...decisions.entries()].sort(([, a], [, b]) => Number(a.status === approved) - Number(b.status === approved));
    for (const [index, d] of inTurn) {
      const applicationId = idOf.get(d.application_uuid)!;
      try {
        const line = lines.find((l) => l.id === applicationId)!;
        const changes = line.changes_meeting_id === null ? undefined : { meetingId: line.changes_meeting_id, reason: line.change_reason! };
        await decideIn(trx, applicationId, staffId, { status: d.status, approved_money: d.amount }, locale, {
          meetingId,
          heldOn: meeting.held_on,
          changes,
        });
      } catch (error) {
        throw onLine(error, index);
      }
      await trx
        .updateTable('meeting_agenda')
        .set({ decided_status: d.status, decided_amount: d.status === approved ? d.amount : null })
        .where('meeting_id', '=', meetingId)
        .where('application_id', '=', applicationId)
        .execute();
    }
    await recordAttendance(trx, meetingId, present, decisions, idOf);
    const year = Number(meeting.held_on.slice(0, 4));
    await sql`SELECT pg_advisory_xact_lock(hashtext('minutes'), ${year})`.execute(trx);
    const { last } = await trx
      .selectFrom('meetings')
      .select(sql<number>`coalesce(max(minutes_number), 0)`.as('last'))
      .where('minutes_year', '=', year)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('meetings')
      .set({
        decided_at: sql<Date>`now()`,
        decided_by: staffId,
        updated_at: sql<Date>`now()`,
        minutes_year: year,
        minutes_number: Number(last) + 1,
        frozen_totals: sql`${JSON.stringify({ available_money: Number(frozen.available_money), approved_elsewhere: Number(frozen.approved_elsewhere) })}::jsonb`,
      })
      .where('id', '=', meetingId)
      .execute();
  });
}

/**
 * Who was present (the members not named absent) and whose dissent is recorded, checked: the absent are members, the
 * chair and the minutes checker are present, and one dissents only as a member present who took part in the line's
 * decision (not one who stood aside from it). Problems go into `errors` beside their fields; answers the present.
 */
async function checkAttendance(
  trx: Db,
  meeting: { id: number; chair_id: number | null; adjuster_id: number | null },
  outcome: MeetingOutcome,
  idOf: Map<string, number>,
  errors: FieldErrors,
): Promise<Set<number>> {
  const members = await trx.selectFrom('meeting_members').select('user_id').where('meeting_id', '=', meeting.id).execute();
  const memberIds = new Set(members.map((m) => m.user_id));
  const absent = new Set(outcome.absent_ids ?? []);
  if ([...absent].some((id) => !memberIds.has(id))) errors.absent_ids = ['validation.meeting_member'];
  else if ([meeting.chair_id, meeting.adjuster_id].some((id) => id !== null && absent.has(id)))
    errors.absent_ids = ['validation.officer_absent'];
  const present = new Set([...memberIds].filter((id) => !absent.has(id)));
  const asideRows = await trx
    .selectFrom('conflicts_of_interest')
    .select(['application_id', 'user_id'])
    .where('application_id', 'in', [...idOf.values(), -1])
    .execute();
  const aside = new Set(asideRows.map((row) => `${row.application_id} ${row.user_id}`));
  outcome.decisions.forEach((d, index) => {
    const applicationId = idOf.get(d.application_uuid);
    for (const userId of d.dissent_ids ?? []) {
      if (!present.has(userId)) errors[`decisions.${index}.dissent_ids`] = ['validation.dissent_present_member'];
      else if (aside.has(`${applicationId} ${userId}`)) errors[`decisions.${index}.dissent_ids`] = ['validation.dissent_stood_aside'];
    }
  });
  return present;
}

/** Writes who was present and each line's dissents. */
async function recordAttendance(trx: Db, meetingId: number, present: Set<number>, decisions: MeetingDecision[], idOf: Map<string, number>) {
  await trx
    .updateTable('meeting_members')
    .set({ present: sql<boolean>`user_id = any(${[...present]}::int[])` })
    .where('meeting_id', '=', meetingId)
    .execute();
  const dissents = decisions.flatMap((d) =>
    [...new Set(d.dissent_ids ?? [])].map((user_id) => ({ meeting_id: meetingId, application_id: idOf.get(d.application_uuid)!, user_id })),
  );
  if (dissents.length) await trx.insertInto('meeting_dissents').values(dissents).execute();
}

/**
 * Each line decides what it says it does, as the applications stand now that their rows are held: a first decision an
 * application no board has decided (409 naming those another meeting decided meanwhile), a changed decision the
 * decision it was added to change (409 where another meeting changed it since). The unique index over first
 * decisions (migration 0034) holds the same if two meetings' entries meet.
 */
function assertStillTheBoards(
  lines: { id: number; changes_meeting_id: number | null }[],
  held: { id: number; reference: string | null; decided_meeting_id: number | null }[],
) {
  const refs = (rows: typeof held) => ({ applications: rows.map((a) => a.reference ?? '').join(', ') });
  const changesOf = new Map(lines.map((line) => [line.id, line.changes_meeting_id]));
  const decidedElsewhere = held.filter((a) => changesOf.get(a.id) === null && a.decided_meeting_id !== null);
  if (decidedElsewhere.length) throw new AppError(409, 'errors.decided_at_another_meeting', { params: refs(decidedElsewhere) });
  const overtaken = held.filter((a) => changesOf.get(a.id) !== null && a.decided_meeting_id !== changesOf.get(a.id));
  if (overtaken.length) throw new AppError(409, 'errors.change_overtaken', { params: refs(overtaken) });
}
