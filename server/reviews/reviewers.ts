import { sql } from 'kysely';
import { hasAbility } from '../../resources/abilities.js';
import { enums } from '../../resources/enums.js';
import { personName } from '../../resources/users.js';
import { staffUser } from '../applicationCore/staffReach.js';
import { recordHistoryOfEach } from '../applicationCore/history.js';
import { loadAbilities } from '../auth/sessions.js';
import type { Viewer } from '../auth/standing.js';
import type { Db } from '../db/connect.js';
import { inTransaction } from '../db/inTransaction.js';
import { invalid } from '../errors.js';
import { refreshReviewFigures } from './figures.js';

/**
 * Reviewers are the investigators of an application whose type has review criteria: putting a reviewer on an
 * application puts them on it as an investigator, as `POST /applications/{uuid}/investigators` does, with the same
 * history entry, and the review figures count them as pending from then on.
 */

/** The reviewers of an application, in the order they were put on it. */
export async function reviewersOf(db: Db, applicationId: number) {
  const rows = await db
    .selectFrom('investigations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.user_id', 'u.first_name', 'u.last_name', 'i.conflict_of_interest', 'i.reviewed_at'])
    .where('i.application_id', '=', applicationId)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    user_id: r.user_id,
    name: personName(r.first_name, r.last_name),
    conflict_of_interest: r.conflict_of_interest,
    reviewed_at: r.reviewed_at,
  }));
}

type StaffUserRow = NonNullable<Awaited<ReturnType<typeof staffUser>>>;

/**
 * The users, each active and allowed to investigate the period's applications (an ability granted for that period
 * only counts too); a 422 on `user_ids` naming none of them when any is not.
 */
export async function reviewersFor(db: Db, userIds: readonly number[], periodId: number): Promise<StaffUserRow[]> {
  const users: StaffUserRow[] = [];
  for (const id of new Set(userIds)) {
    const user = await staffUser(db, id);
    const may = !!user?.active && hasAbility(await loadAbilities(db, user), 'investigate-applications', { id: periodId, type: 'periods' });
    if (!may) throw invalid({ user_ids: ['validation.investigator'] });
    users.push(user);
  }
  return users;
}

/**
 * Puts the users on the applications as investigators, leaving those already on one as they are, and none on an
 * application they stood aside from; one history entry per investigator added and the figures refreshed, in one
 * transaction. Answers how many were added.
 */
export function putReviewersOn(db: Db, applicationIds: readonly number[], users: readonly StaffUserRow[], staffId: number) {
  return inTransaction(db, async (trx) => {
    if (!applicationIds.length || !users.length) return 0;
    // In the order of the unique index, so that two such batches at once wait rather than deadlock.
    const added = await sql<{ application_id: number; user_id: number }>`
      INSERT INTO investigations (application_id, user_id)
      SELECT a, u FROM unnest(${[...applicationIds]}::int[]) a CROSS JOIN unnest(${users.map((u) => u.id)}::int[]) u
      WHERE NOT EXISTS (SELECT 1 FROM conflicts_of_interest c WHERE c.application_id = a AND c.user_id = u)
      ORDER BY a, u
      ON CONFLICT (application_id, user_id) DO NOTHING
      RETURNING application_id, user_id
    `.execute(trx);
    for (const user of users) {
      await recordHistoryOfEach(
        trx,
        added.rows.filter((r) => r.user_id === user.id).map((r) => r.application_id),
        {
          userId: staffId,
          action: 'reviewer_added',
          before: null,
          after: { user_id: user.id, name: personName(user.first_name, user.last_name) },
        },
      );
    }
    await refreshReviewFigures(
      trx,
      added.rows.map((r) => r.application_id),
    );
    return added.rows.length;
  });
}

/** The period's applications sent in and not yet decided: those a period's reviewers are put on. */
export async function undecidedOfPeriod(db: Db, periodId: number): Promise<number[]> {
  const { received, ongoing } = enums.application_status;
  const rows = await db
    .selectFrom('applications')
    .select('id')
    .where('period_id', '=', periodId)
    .where('status', 'in', [received, ongoing])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Puts the users on every undecided application of the period sent in, in one transaction, but those the caller
 * stood aside from (server/auth/standing.ts), which are left for a colleague and counted.
 */
export function putReviewersOnPeriod(db: Db, periodId: number, users: readonly StaffUserRow[], staffId: number, viewer: Viewer) {
  return inTransaction(db, async (trx) => {
    const undecided = await undecidedOfPeriod(trx, periodId);
    const applications = undecided.filter((id) => !viewer.stoodAside.has(id));
    const added = await putReviewersOn(trx, applications, users, staffId);
    return { applications: applications.length, added, stood_aside: undecided.length - applications.length };
  });
}
