import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.js';
import { enums } from '../../resources/enums.js';
import type { RetentionRules } from '../../resources/retention.js';

const { draft, rejected, approved } = enums.application_status;

/** What the retention rules do: delete a draft never sent in, or anonymise a decided application. */
export type RetentionAction = 'drafts' | 'rejected' | 'approved';

/** `now` as a day in Stockholm, the calendar the rules count in. */
const dayOf = (now: Date) => sql<string>`((${now.toISOString()}::timestamptz at time zone 'Europe/Stockholm')::date)`;

/**
 * The applications (`a`, with their period as `p`) each rule has reached on the day of `now`. A period closes at the
 * end of its end date, and a rule reaches its applications the day after its time has passed since then: drafts
 * never sent in after `draft_months`, rejected applications after `rejected_months`. Approved applications are
 * reached `approved_years` after their follow-up was sent in, or after the period's end when none was. An application
 * already anonymised is reached by none.
 */
export function reachedBy(rules: RetentionRules, now: Date): Record<RetentionAction, RawBuilder<SqlBool>> {
  const today = dayOf(now);
  const closed = sql`p.end_date`;
  const followedUp = sql`coalesce((a.followup_sent_in_at at time zone 'Europe/Stockholm')::date, p.end_date)`;
  return {
    drafts: sql<SqlBool>`(a.status = ${draft} and a.sent_in_at is null and ${closed} + make_interval(months => ${rules.draft_months}) < ${today})`,
    rejected: sql<SqlBool>`(a.status = ${rejected} and a.anonymised_at is null and ${closed} + make_interval(months => ${rules.rejected_months}) < ${today})`,
    approved: sql<SqlBool>`(a.status = ${approved} and a.anonymised_at is null and ${followedUp} + make_interval(years => ${rules.approved_years}) < ${today})`,
  };
}

/**
 * What a run of the rules at `now` would do, per period: how many drafts it would delete and how many rejected and
 * approved applications it would anonymise. Only the periods where it would do something, by end date.
 */
export async function retentionPreview(db: Db, rules: RetentionRules, now: Date) {
  const due = reachedBy(rules, now);
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select([
      'p.id',
      'p.uuid',
      'p.name',
      'p.end_date',
      sql<number>`count(*) filter (where ${due.drafts})::int`.as('drafts'),
      sql<number>`count(*) filter (where ${due.rejected})::int`.as('rejected'),
      sql<number>`count(*) filter (where ${due.approved})::int`.as('approved'),
    ])
    .where('a.status', 'in', [draft, rejected, approved])
    .where(sql<SqlBool>`(${due.drafts} or ${due.rejected} or ${due.approved})`)
    .groupBy('p.id')
    .orderBy('p.end_date')
    .orderBy('p.id')
    .execute();
  const periods = rows.map(({ id, uuid, name, end_date, drafts, rejected, approved }) => ({
    period: { id, uuid, name, end_date },
    drafts,
    rejected,
    approved,
  }));
  const sum = (action: RetentionAction) => periods.reduce((total, period) => total + period[action], 0);
  return { periods, totals: { drafts: sum('drafts'), rejected: sum('rejected'), approved: sum('approved') } };
}
