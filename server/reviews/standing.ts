import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.js';
import { reachableByStaff } from '../applications/staffReach.js';

/**
 * Where a staff user stands before reading an application: a reviewer of it (an investigator on an application whose
 * type has criteria) must first declare whether they have a conflict of interest with the applicant ('undeclared'),
 * and one who declared one stands aside for good ('conflict'). Null for everyone else: the application is theirs to
 * read as their abilities allow.
 */
export async function reviewStanding(db: Db, uuid: string, userId: number): Promise<'undeclared' | 'conflict' | null> {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('investigations as i', (join) => join.onRef('i.application_id', '=', 'a.id').on('i.user_id', '=', userId))
    .select('i.conflict_of_interest')
    .where('a.uuid', '=', uuid)
    .where(reachableByStaff('a'))
    .where(sql<SqlBool>`exists (select 1 from review_criteria c where c.application_type_id = a.application_type_id)`)
    .executeTakeFirst();
  if (!row || row.conflict_of_interest === false) return null;
  return row.conflict_of_interest === null ? 'undeclared' : 'conflict';
}
