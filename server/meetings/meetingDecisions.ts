import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import type { Locale } from '../../resources/locales.js';
import { decideIn } from '../applications/decisions.js';
import type { Db } from '../db/connect.js';
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
export async function decideMeeting(db: Db, meetingId: number, decisions: MeetingDecision[], staffId: number, locale: Locale) {
  await db.transaction().execute(async (trx) => {
    const meeting = await lockUndecided(trx, meetingId);
    const lines = await trx
      .selectFrom('meeting_agenda as ag')
      .innerJoin('applications as a', 'a.id', 'ag.application_id')
      .select(['a.id', 'a.uuid'])
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
    await trx.selectFrom('applications').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    await trx.selectFrom('periods').select('id').where('id', '=', meeting.period_id).forUpdate().execute();

    // Rejections first: an application approved earlier and rejected now frees its amount for the approvals after it.
    const inTurn = [...decisions.entries()].sort(([, a], [, b]) => Number(a.status === approved) - Number(b.status === approved));
    for (const [index, d] of inTurn) {
      const applicationId = idOf.get(d.application_uuid)!;
      try {
        await decideIn(trx, applicationId, staffId, { status: d.status, approved_money: d.amount }, locale);
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
