import { enums } from '../../../resources/enums.js';
import { unconcerned } from '../../auth/standing.js';
import { sql } from 'kysely';
import { appendReviewed, periodFigures } from '../../meetings/agenda.js';
import { createMeeting } from '../../meetings/meetings.js';
import type { Db } from '../../db/connect.js';
import type { SeededApplication } from './applications.js';
import { isoDate, type DemoCalendar } from './calendar.js';
import { lastYearsApplications } from './lastYearsApplications.js';
import { kr } from './money.js';
import type { PeriodIds } from './periods.js';

const place = 'Sammanträdesrummet, Sparbankshuset i Luleå';

/**
 * The board's meetings: last year's in May, which decided that period's applications (its agenda's decisions are the
 * applications' own), with the board member standing aside from the jetty; and this year's, held today, with
 * the applications whose reviews are all in on its agenda, for staff to enter the board's decisions. Anna chairs, the
 * board member Birgitta checks the minutes, Erik sits with them and keeps the minutes; last year Erik dissented from
 * one rejection. Last year's is written directly with its past times, as the
 * decisions are: the app's own steps take effect now, and decide the applications again.
 */
export async function seedMeetings(trx: Db, applications: SeededApplication[], periodIds: PeriodIds, { daysAgo, moment }: DemoCalendar) {
  const users = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@demo.se', 'styrelse@demo.se', 'utredare@demo.se'])
    .execute();
  const idOf = (email: string) => users.find((u) => u.email === email)!.id;
  const [anna, birgitta, erik] = [idOf('admin@demo.se'), idOf('styrelse@demo.se'), idOf('utredare@demo.se')];

  const decidedAt = moment([5, 20], 15, 0);
  const held = await trx
    .insertInto('meetings')
    .values({
      period_id: periodIds.closed,
      held_on: isoDate(decidedAt),
      place,
      chair_id: anna,
      adjuster_id: birgitta,
      secretary_id: erik,
      starts_at: '18:00',
      ends_at: '19:45',
      decided_at: decidedAt,
      decided_by: anna,
      minutes_year: decidedAt.getFullYear(),
      minutes_number: 1,
      created_at: moment([5, 4], 11, 20),
      updated_at: decidedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('meeting_members')
    .values([anna, birgitta, erik].map((user_id) => ({ meeting_id: held.id, user_id, present: true })))
    .execute();
  // Last year's decided applications, in the order they arrived (their references' order).
  const decided = applications
    .filter((a) => lastYearsApplications.includes(a.plan) && a.times.decidedAt)
    .sort((a, b) => a.times.sentInAt!.getTime() - b.times.sentInAt!.getTime());
  await trx
    .insertInto('meeting_agenda')
    .values(
      decided.map(({ id, plan }, position) => {
        const status = enums.application_status[plan.handled!.status];
        return {
          meeting_id: held.id,
          application_id: id,
          position,
          decided_status: status,
          decided_amount: status === enums.application_status.approved ? kr(plan.handled!.approved!) : null,
        };
      }),
    )
    .execute();
  // The figures its minutes print, as they stood when the decisions were entered.
  const figures = await periodFigures(trx, held.id, periodIds.closed);
  await trx
    .updateTable('meetings')
    .set({
      frozen_totals: sql`${JSON.stringify({ available_money: Number(figures.available_money), approved_elsewhere: Number(figures.approved_elsewhere) })}::jsonb`,
    })
    .where('id', '=', held.id)
    .execute();
  const rejection = decided.find((a) => a.plan.handled!.status === 'rejected');
  if (rejection)
    await trx.insertInto('meeting_dissents').values({ meeting_id: held.id, application_id: rejection.id, user_id: erik }).execute();
  // Their decisions are the board's: no one person changes them (server/applications/decisions.ts).
  await trx
    .updateTable('applications')
    .set({ decided_meeting_id: held.id })
    .where(
      'id',
      'in',
      decided.map((a) => a.id),
    )
    .execute();
  // Birgitta lives in the village whose jetty the association applied for.
  const jetty = decided.find((a) => a.plan.answers.project === 'Ny brygga vid byns badplats');
  if (!jetty) throw new Error('No demo application for the jetty');
  const declaredAt = moment([5, 18], 19, 40);
  await trx
    .insertInto('meeting_conflicts')
    .values({ meeting_id: held.id, application_id: jetty.id, user_id: birgitta, conflict_of_interest: true, declared_at: declaredAt })
    .execute();
  // Standing aside is one fact for every route that reaches the application (server/auth/standing.ts).
  await trx
    .insertInto('conflicts_of_interest')
    .values({ application_id: jetty.id, user_id: birgitta, declared_at: declaredAt, meeting_id: held.id })
    .execute();

  const planned = await createMeeting(trx, {
    period_id: periodIds.open,
    held_on: isoDate(daysAgo(0)),
    place,
    member_ids: [anna, birgitta, erik],
    chair_id: anna,
    adjuster_id: birgitta,
    secretary_id: erik,
    starts_at: '18:00',
  });
  await appendReviewed(trx, planned, unconcerned);
}
