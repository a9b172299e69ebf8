import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { RetentionRunPeriod } from '../db/schema.js';
import type { FileStorage } from '../uploads/storage.js';
import { stockholmDay } from '../clock.js';
import { forgetRegistrationAddresses } from '../signals/registrations.js';
import { personName } from '../../resources/users.js';
import { anonymiseApplications, deleteDrafts, deleteEmptiedAccounts } from './anonymise.js';
import { dayOf, reachedBy, retentionActions, retentionPreview, type RetentionAction } from './retention.js';
import { retentionRulesOf } from './retentionRules.js';

/** Applications handled per transaction: a long run never holds many rows' locks at once, nor loses much to a crash. */
const BATCH = 200;

/**
 * Runs the retention rules at `now` (the daily job, or staff `userId` by hand): in every period that is not postponed,
 * deletes the drafts never sent in and anonymises the decided applications their rule has reached, in batches; then
 * deletes the closed accounts none of whose applications is kept any more. Applications another run is handling
 * are skipped (SKIP LOCKED) and left for it. Writes what it did, per period, to the runs' record, and answers it.
 */
export async function runRetention(db: Db, storage: FileStorage, now: Date, userId: number | null = null) {
  const rules = await retentionRulesOf(db);
  const preview = await retentionPreview(db, rules, now);
  const lines: RetentionRunPeriod[] = [];
  for (const line of preview.periods) {
    const done: RetentionRunPeriod = { period: { id: line.period.id, name: line.period.name }, drafts: 0, rejected: 0, approved: 0 };
    if (line.postponed) {
      lines.push({ ...done, postponed: { until: line.postponed.until, reason: line.postponed.reason } });
      continue;
    }
    // A period listed only for what the rules reach soon has nothing to do now.
    if (!retentionActions.some((action) => line[action] > 0)) continue;
    for (const action of retentionActions) done[action] = await applyRule(db, storage, rules, now, line.period.id, action, userId);
    lines.push(done);
  }
  const emptied = await db.transaction().execute((trx) => deleteEmptiedAccounts(trx));
  await storage.remove(emptied.files);
  // The registrations' client addresses are counted on their day alone (server/signals/registrations.ts).
  await forgetRegistrationAddresses(db, stockholmDay(now));
  const sum = (action: RetentionAction) => lines.reduce((total, line) => total + line[action], 0);
  const run = await db
    .insertInto('retention_runs')
    .values({
      ran_at: now,
      user_id: userId,
      drafts: sum('drafts'),
      rejected: sum('rejected'),
      approved: sum('approved'),
      accounts: emptied.accounts,
      periods: JSON.stringify(lines),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: run.id,
    ran_at: now,
    drafts: sum('drafts'),
    rejected: sum('rejected'),
    approved: sum('approved'),
    accounts: emptied.accounts,
    periods: lines,
  };
}

/** Applies one rule to one period, a batch per transaction, until nothing it reaches is left; answers how many. */
async function applyRule(
  db: Db,
  storage: FileStorage,
  rules: Awaited<ReturnType<typeof retentionRulesOf>>,
  now: Date,
  periodId: number,
  action: RetentionAction,
  userId: number | null,
) {
  let done = 0;
  for (;;) {
    const files = await db.transaction().execute(async (trx) => {
      const ids = (
        await trx
          .selectFrom('applications as a')
          .innerJoin('periods as p', 'p.id', 'a.period_id')
          .select('a.id')
          .where('a.period_id', '=', periodId)
          .where(reachedBy(rules, now, action))
          .orderBy('a.id')
          .limit(BATCH)
          .forUpdate('a')
          .skipLocked()
          .execute()
      ).map((row) => row.id);
      done += ids.length;
      return { ids, stored: action === 'drafts' ? await deleteDrafts(trx, ids) : await anonymiseApplications(trx, ids, now, userId) };
    });
    await storage.remove(files.stored);
    if (files.ids.length < BATCH) return done;
  }
}

/** The latest runs of the rules, newest first, with who ran them by hand (null: the daily job). */
export async function retentionRuns(db: Db, count = 30) {
  const rows = await db
    .selectFrom('retention_runs as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.ran_at',
      'r.drafts',
      'r.rejected',
      'r.approved',
      'r.accounts',
      'r.periods',
      'u.id as by_id',
      'u.first_name',
      'u.last_name',
    ])
    .orderBy('r.ran_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(count)
    .execute();
  return rows.map(({ by_id, first_name, last_name, ...run }) => ({
    ...run,
    by: by_id === null ? null : { id: by_id, name: personName(first_name, last_name) },
  }));
}

/** Postpones the rules for a period until `until` (a day in Stockholm, from today on) with staff's reason. */
export async function postponeRetention(db: Db, periodId: number, until: string, reason: string, userId: number, now: Date) {
  await db
    .insertInto('retention_postponements')
    .values({ period_id: periodId, until, reason, user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('period_id').doUpdateSet({ until, reason, user_id: userId, created_at: now }))
    .execute();
}

/** Lifts a period's postponement; answers whether there was one. */
export async function resumeRetention(db: Db, periodId: number): Promise<boolean> {
  const result = await db.deleteFrom('retention_postponements').where('period_id', '=', periodId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether `day` (YYYY-MM-DD) is today or later in Stockholm at `now`. */
export async function notBeforeToday(db: Db, day: string, now: Date): Promise<boolean> {
  const row = await db.selectNoFrom(sql<boolean>`${day}::date >= ${dayOf(now)}`.as('ok')).executeTakeFirstOrThrow();
  return row.ok;
}
