import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { stockholmDay } from '../clock.js';
import type { Db } from '../db/connect.js';
import { enums } from '../../resources/enums.js';
import type { RetentionRules } from '../../resources/retention.js';
import { personName } from '../../resources/users.js';

const { draft, rejected, approved } = enums.application_status;

/** What the retention rules do: delete a draft never sent in, or anonymise a decided application. */
export type RetentionAction = 'drafts' | 'rejected' | 'approved';
export const retentionActions: RetentionAction[] = ['drafts', 'rejected', 'approved'];

/** `now` as a day in Stockholm, the calendar the rules count in. */
export const dayOf = (now: Date) => sql<string>`(${stockholmDay(now)}::date)`;

/**
 * The first day each rule reaches an application (`a`, with its period as `p`), or null when none does. A period
 * closes at the end of its end date, and a rule reaches its applications the day after its time has passed since then:
 * drafts never sent in after `draft_months`, rejected applications after `rejected_months`. Approved applications are
 * reached `approved_years` after their follow-up was sent in, or after the period's end when none was. An application
 * already anonymised is reached by none, nor is one still being handled.
 */
export function dueDay(rules: RetentionRules): RawBuilder<string | null> {
  const after = (from: RawBuilder<unknown>, interval: RawBuilder<unknown>) => sql`((${from} + ${interval})::date + 1)`;
  const followedUp = sql`coalesce((a.followup_sent_in_at at time zone 'Europe/Stockholm')::date, p.end_date)`;
  return sql<string | null>`(case
    when a.anonymised_at is not null then null
    when a.status = ${draft} and a.sent_in_at is null then ${after(sql`p.end_date`, sql`make_interval(months => ${rules.draft_months})`)}
    when a.status = ${rejected} then ${after(sql`p.end_date`, sql`make_interval(months => ${rules.rejected_months})`)}
    when a.status = ${approved} then ${after(followedUp, sql`make_interval(years => ${rules.approved_years})`)}
  end)`;
}

/** Which rule applies to an application (`a`) by its status, whether or not its day has come. */
const actionOf = sql<RetentionAction | null>`(case
  when a.status = ${draft} and a.sent_in_at is null then 'drafts'
  when a.status = ${rejected} then 'rejected'
  when a.status = ${approved} then 'approved'
end)`;

/** Whether a rule has reached the application (`a`, with its period `p`) on the day of `now`. */
export function reachedBy(rules: RetentionRules, now: Date, action: RetentionAction): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${actionOf} = ${action} and ${dueDay(rules)} <= ${dayOf(now)})`;
}

/** How far ahead the preview looks, so that staff see a period's first run coming and may postpone it in time. */
export const UPCOMING_DAYS = 30;

/**
 * What a run of the rules at `now` would do, per period: how many drafts it would delete and how many rejected and
 * approved applications it would anonymise; what the rules will reach there within UPCOMING_DAYS besides, from which
 * day (`upcoming`); and whether staff have postponed the period (then a run does nothing there until the day after
 * `until`). The periods where a run would do something now or soon, or that are postponed, by end date.
 */
export async function retentionPreview(db: Db, rules: RetentionRules, now: Date) {
  const today = dayOf(now);
  const horizon = sql<string>`(${today} + ${UPCOMING_DAYS}::int)`;
  const due = sql<SqlBool>`${dueDay(rules)} <= ${today}`;
  const soon = sql<SqlBool>`${dueDay(rules)} > ${today} and ${dueDay(rules)} <= ${horizon}`;
  const count = (action: RetentionAction, when: RawBuilder<SqlBool>) =>
    sql<number>`count(*) filter (where ${actionOf} = ${action} and ${when})::int`;
  const rows = await db
    .selectFrom('periods as p')
    .leftJoin('applications as a', (join) => join.onRef('a.period_id', '=', 'p.id').on('a.status', 'in', [draft, rejected, approved]))
    .leftJoin('retention_postponements as r', (join) => join.onRef('r.period_id', '=', 'p.id').on(sql<SqlBool>`r.until >= ${today}`))
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'p.id',
      'p.uuid',
      'p.name',
      'p.end_date',
      count('drafts', due).as('drafts'),
      count('rejected', due).as('rejected'),
      count('approved', due).as('approved'),
      count('drafts', soon).as('soon_drafts'),
      count('rejected', soon).as('soon_rejected'),
      count('approved', soon).as('soon_approved'),
      sql<string | null>`(min(${dueDay(rules)}) filter (where ${soon}))::text`.as('soon_from'),
      'r.until',
      'r.reason',
      'r.created_at as postponed_at',
      'u.id as postponed_by_id',
      'u.first_name',
      'u.last_name',
    ])
    .groupBy(['p.id', 'r.period_id', 'u.id'])
    .having((eb) =>
      eb.or([
        eb(sql`count(*) filter (where ${due})`, '>', 0),
        eb(sql`count(*) filter (where ${soon})`, '>', 0),
        eb('r.until', 'is not', null),
      ]),
    )
    .orderBy('p.end_date')
    .orderBy('p.id')
    .execute();
  const periods = rows.map((row) => ({
    period: { id: row.id, uuid: row.uuid, name: row.name, end_date: row.end_date },
    drafts: row.drafts,
    rejected: row.rejected,
    approved: row.approved,
    upcoming:
      row.soon_from === null
        ? null
        : { from: row.soon_from, drafts: row.soon_drafts, rejected: row.soon_rejected, approved: row.soon_approved },
    postponed:
      row.until === null
        ? null
        : {
            until: row.until,
            reason: row.reason!,
            at: row.postponed_at!,
            by: row.postponed_by_id === null ? null : { id: row.postponed_by_id, name: personName(row.first_name, row.last_name) },
          },
  }));
  // The totals are what a run would do now: nothing in a postponed period.
  const sum = (action: RetentionAction) => periods.reduce((total, line) => total + (line.postponed ? 0 : line[action]), 0);
  return { periods, totals: { drafts: sum('drafts'), rejected: sum('rejected'), approved: sum('approved') } };
}
