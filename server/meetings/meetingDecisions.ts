import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { decideIn } from '../applications/decisions.js';
import type { Db } from '../db/connect.js';
import { formatDate } from '../../resources/format.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { lockUndecided } from './meetingLock.js';

const { approved } = enums.application_status;

export interface MeetingDecision {
  application_uuid: string;
  status: number;
  amount: number | null;
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
export async function decideMeeting(
  db: Db,
  meetingId: number,
  decisions: MeetingDecision[],
  staffId: number,
  locale: Locale,
  today: string,
) {
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
    if (Object.keys(errors).length) throw invalid(errors);

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
    await trx
      .updateTable('meetings')
      .set({ decided_at: sql<Date>`now()`, decided_by: staffId, updated_at: sql<Date>`now()` })
      .where('id', '=', meetingId)
      .execute();
  });
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
