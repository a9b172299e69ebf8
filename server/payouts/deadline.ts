import { sql } from 'kysely';
import { enums } from '../../resources/enums.js';
import { formatDate, formatMoney } from '../../resources/format.js';
import { recordHistory } from '../applicationCore/history.js';
import { mailableApplicant } from '../applicationCore/mailableApplicant.js';
import { isReleasedSql } from '../applicationCore/told.js';
import { addDays, stockholmDay } from '../clock.js';
import { bookingDay, bookLapses } from '../bookkeeping/journal.js';
import type { Db } from '../db/connect.js';
import { payoutStatusGroups } from './lifecycle.js';
import { invalid, notFound } from '../errors.js';
import { mailAboutGrant, type PayoutMailDeps } from './grantMails.js';

// Money may be asked for until the end of the deadline's day in Stockholm: the day the approval reached the applicant
// plus the period's payout months, or the day staff extended it to. The applicant is reminded once, 30 days before;
// after it every instalment not asked for lapses.

/** How many days before the deadline the applicant is reminded. */
export const PAYOUT_REMINDER_DAYS = 30;

/** A day plus whole calendar months, the day of the month kept or, in a shorter month, its last day. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** The grant's deadline ('YYYY-MM-DD', its last day); null while the approval has not reached the applicant. */
export function payoutDeadline(grant: { deadline_extended_to: string | null; released_at: Date | null; payout_months: number }) {
  if (grant.deadline_extended_to) return grant.deadline_extended_to;
  return grant.released_at ? addMonths(stockholmDay(grant.released_at), grant.payout_months) : null;
}

/** Whether the deadline's last day has passed at `now`. */
export const pastDeadline = (deadline: string | null, now: Date) => deadline !== null && stockholmDay(now) > deadline;

/** What the deadline is computed from, of the grant of `applicationId` (undefined without a grant). */
export function deadlineFacts(db: Db, applicationId: number) {
  return db
    .selectFrom('grants as g')
    .innerJoin('applications as a', 'a.id', 'g.application_id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .select(['g.deadline_extended_to', 'g.deadline_reason', 'a.released_at', 'p.payout_months'])
    .where('g.application_id', '=', applicationId)
    .executeTakeFirst();
}

/**
 * Staff extend the deadline to a later day, with a reason. The reminder comes again before the new deadline, and
 * instalments that lapsed without a payout may be asked for again until it.
 */
export async function extendDeadline(db: Db, applicationId: number, staffId: number, input: { extended_to: string; reason: string }) {
  await db.transaction().execute(async (trx) => {
    const grant = await trx
      .selectFrom('grants')
      .select('application_id')
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!grant) throw notFound();
    const facts = (await deadlineFacts(trx, applicationId))!;
    const before = payoutDeadline(facts);
    const reason = input.reason.trim();
    const errors: Record<string, string[]> = {};
    if (before !== null && input.extended_to <= before) errors.extended_to = ['validation.deadline_not_later'];
    if (!reason) errors.reason = ['validation.required'];
    if (Object.keys(errors).length) throw invalid(errors);
    await trx
      .updateTable('grants')
      .set({ deadline_extended_to: input.extended_to, deadline_reason: reason, reminded_at: null })
      .where('application_id', '=', applicationId)
      .execute();
    const revived = await trx
      .updateTable('payout_instalments as i')
      .set({ lapsed_at: null })
      .where('i.application_id', '=', applicationId)
      .where('i.lapsed_at', 'is not', null)
      .returning('i.id')
      .execute();
    // Revived instalments are owed again: their lapse is reversed in the books, today.
    if (revived.length) await bookLapses(trx, applicationId, await bookingDay(trx), staffId);
    await recordHistory(trx, {
      applicationId,
      userId: staffId,
      action: 'payout_deadline_extended',
      before: { deadline: before },
      after: { deadline: input.extended_to, reason, ...(revived.length && { revived_instalments: revived.map((r) => r.id) }) },
    });
  });
}

/** A live payout of the instalment `i` exists (SQL). */
const hasLivePayout = sql<boolean>`EXISTS (SELECT 1 FROM payouts o WHERE o.instalment_id = i.id AND o.status NOT IN (${sql.join(payoutStatusGroups.dead)}))`;

/**
 * The deadline in SQL, as payoutDeadline() computes it (PostgreSQL's month arithmetic keeps the day of the month or
 * takes the shorter month's last, as addMonths does), so that the daily run reads only the grants it is about.
 */
const deadlineSql = sql<string>`coalesce(g.deadline_extended_to, ((a.released_at AT TIME ZONE 'Europe/Stockholm')::date + make_interval(months => p.payout_months))::date)`;

/** The approved, released applications with a grant, and their deadline's facts, as `a`, `g`, `p`. */
function grantsWithDeadline(db: Db) {
  return db
    .selectFrom('grants as g')
    .innerJoin('applications as a', 'a.id', 'g.application_id')
    .innerJoin('periods as p', 'p.id', 'a.period_id')
    .where('a.status', '=', enums.application_status.approved)
    .where(isReleasedSql('a'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payout_instalments as i')
          .select('i.id')
          .whereRef('i.application_id', '=', 'g.application_id')
          .where('i.lapsed_at', 'is', null)
          .where(sql<boolean>`NOT ${hasLivePayout}`),
      ),
    );
}

/**
 * Reminds once every grant whose deadline is 30 days away or less and which still has an instalment not asked for
 * (due or waiting): each grant's row is claimed with SKIP LOCKED and marked reminded in the transaction that queues
 * its mail, so two runs at once never send twice. Answers how many were reminded.
 */
export async function remindPayoutDeadlines(db: Db, deps: PayoutMailDeps, now: Date): Promise<number> {
  const today = stockholmDay(now);
  const count = await db.transaction().execute(async (trx) => {
    const rows = await grantsWithDeadline(trx)
      .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
      .where(mailableApplicant)
      .where('g.reminded_at', 'is', null)
      .where(sql<boolean>`${deadlineSql} - ${PAYOUT_REMINDER_DAYS}::int <= ${today}::date`)
      .select(['g.application_id', 'g.deadline_extended_to', 'a.released_at', 'p.payout_months'])
      .orderBy('g.application_id')
      .forUpdate('g')
      .skipLocked()
      .execute();
    let reminded = 0;
    for (const row of rows) {
      const deadline = payoutDeadline(row);
      if (deadline === null || today < addDays(deadline, -PAYOUT_REMINDER_DAYS) || today > deadline) continue;
      reminded += 1;
      await trx.updateTable('grants').set({ reminded_at: now }).where('application_id', '=', row.application_id).execute();
      await mailAboutGrant(trx, deps, row.application_id, 'payout_reminder', (locale) => ({ deadline: formatDate(deadline, locale) }));
    }
    return reminded;
  });
  if (count) deps.mailer.deliverSoon();
  return count;
}

/**
 * Lapses, after the deadline's last day, every instalment of a grant that has no live payout: one transaction per
 * run, grants claimed with SKIP LOCKED (a request being made holds its grant), each lapse in the history and mailed.
 * Answers how many grants had instalments lapse.
 */
export async function lapseOverduePayouts(db: Db, deps: PayoutMailDeps, now: Date): Promise<number> {
  const count = await db.transaction().execute(async (trx) => {
    const rows = await grantsWithDeadline(trx)
      .where(sql<boolean>`${deadlineSql} < ${stockholmDay(now)}::date`)
      .select(['g.application_id', 'g.deadline_extended_to', 'a.released_at', 'p.payout_months'])
      .orderBy('g.application_id')
      .forUpdate('g')
      .skipLocked()
      .execute();
    let lapsed = 0;
    for (const row of rows) {
      const deadline = payoutDeadline(row);
      if (!pastDeadline(deadline, now)) continue;
      const instalments = await trx
        .updateTable('payout_instalments as i')
        .set({ lapsed_at: now })
        .where('i.application_id', '=', row.application_id)
        .where('i.lapsed_at', 'is', null)
        .where(sql<boolean>`NOT ${hasLivePayout}`)
        .returning(['i.id', 'i.amount'])
        .execute();
      if (!instalments.length) continue;
      lapsed += 1;
      await bookLapses(trx, row.application_id, stockholmDay(now), null);
      const amount = instalments.reduce((sum, i) => sum + i.amount, 0);
      await recordHistory(trx, {
        applicationId: row.application_id,
        userId: null,
        action: 'payout_lapsed',
        after: { deadline, instalments: instalments.map((i) => i.id), amount },
      });
      await mailAboutGrant(trx, deps, row.application_id, 'payout_lapsed', (locale) => ({
        deadline: formatDate(deadline, locale),
        amount: formatMoney(amount, locale),
      }));
    }
    return lapsed;
  });
  if (count) deps.mailer.deliverSoon();
  return count;
}

/** The daily run: reminders first, then the lapses. */
export async function runPayoutDeadlines(db: Db, deps: PayoutMailDeps, now: Date) {
  return { reminded: await remindPayoutDeadlines(db, deps, now), lapsed: await lapseOverduePayouts(db, deps, now) };
}
