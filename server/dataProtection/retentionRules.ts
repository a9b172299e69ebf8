import type { Db } from '../db/connect.js';
import type { RetentionRules } from '../../resources/retention.js';

/** The retention rules in force (staff change them as the settings singleton `retention`, resources/retention.ts). */
export async function retentionRulesOf(db: Db): Promise<RetentionRules> {
  return db.selectFrom('retention_rules').select(['draft_months', 'rejected_months', 'approved_years']).executeTakeFirstOrThrow();
}
