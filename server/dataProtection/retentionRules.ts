import type { Db } from '../db/connect.js';
import type { RetentionRules } from '../../resources/retention.js';
import { personName } from '../../resources/users.js';

/** The retention rules, with who changed them last and when (null: nobody since the defaults). */
export async function retentionRulesOf(db: Db) {
  const row = await db
    .selectFrom('retention_rules as r')
    .leftJoin('users as u', 'u.id', 'r.updated_by')
    .select(['r.draft_months', 'r.rejected_months', 'r.approved_years', 'r.updated_at', 'u.id as user_id', 'u.first_name', 'u.last_name'])
    .executeTakeFirstOrThrow();
  return {
    draft_months: row.draft_months,
    rejected_months: row.rejected_months,
    approved_years: row.approved_years,
    updated_at: row.user_id === null ? null : row.updated_at,
    updated_by: row.user_id === null ? null : { id: row.user_id, name: personName(row.first_name, row.last_name) },
  };
}

/** Saves the rules (each already within its range: the route's schema checks them) as changed by `userId`. */
export async function saveRetentionRules(db: Db, rules: RetentionRules, userId: number, now: Date) {
  await db
    .updateTable('retention_rules')
    .set({ ...rules, updated_by: userId, updated_at: now })
    .execute();
  return retentionRulesOf(db);
}
