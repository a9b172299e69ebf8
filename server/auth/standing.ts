import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/connect.js';
import { AppError } from '../errors.js';

/**
 * Where a staff user stands towards the applications, beyond what their abilities allow: the one rule of conflicts of
 * interest and blind reviews, which the access layer (server/plugins/access.ts) applies to every route from what it
 * names, and every list, document and batch through the `Viewer` it reads with.
 *
 * - Stood aside (jäv): the user declared a conflict of interest with the application, as its reviewer or as a member
 *   of a board meeting (`conflicts_of_interest`, final). They read nothing of it beyond a list row's reference,
 *   applicant and status, and take no part in any decision, attest or batch about it.
 * - Undeclared: a reviewer of it (an investigator on an application whose type has review criteria) who has not yet
 *   said whether they have a conflict: the application stays closed to them until they do.
 * - Blind: a reviewer who declared no conflict and has not sent their review in: they read the application, but
 *   nothing of the others' reviews (scores, comments, proposals, the figures made of them) until theirs is in.
 */
export interface Viewer {
  userId: number | null;
  stoodAside: ReadonlySet<number>;
  undeclared: ReadonlySet<number>;
  blind: ReadonlySet<number>;
}

/** Someone who stands nowhere: the system's own work, and tests of what a list holds. */
export const unconcerned: Viewer = { userId: null, stoodAside: new Set(), undeclared: new Set(), blind: new Set() };

/** Why something of an application is withheld from the viewer: they stood aside, or their own review comes first. */
export type Withheld = 'stood_aside' | 'own_review_first';

/** What the viewer may not read of the application: null for all of it. */
export function withheldFrom(viewer: Viewer, applicationId: number): Withheld | null {
  if (viewer.stoodAside.has(applicationId)) return 'stood_aside';
  if (viewer.undeclared.has(applicationId) || viewer.blind.has(applicationId)) return 'own_review_first';
  return null;
}

/** Whether the viewer reads the reviews of the application and the figures made of them. */
export const readsReviewsOf = (viewer: Viewer, applicationId: number) => withheldFrom(viewer, applicationId) === null;

/** The applications whose reviews and review figures are withheld from the viewer. */
export const reviewsWithheld = (viewer: Viewer): number[] => [...viewer.stoodAside, ...viewer.undeclared, ...viewer.blind];

/** The applications whose content (amounts, progress, decision) is withheld from the viewer. */
export const contentWithheld = (viewer: Viewer): number[] => [...viewer.stoodAside];

/** A condition that the application id (`column`) is none of `ids`, or true when there are none. */
export function noneOf(column: Expression<number> | RawBuilder<number>, ids: readonly number[]): RawBuilder<SqlBool> {
  return ids.length ? sql<SqlBool>`${column} <> all(${[...ids]}::int[])` : sql<SqlBool>`true`;
}

/**
 * `noneOf` as an anti-join, for a query that reads every row it tests rather than walking to a page: PostgreSQL hashes
 * `<> all(ids)` only when it plans for the ids given, and a plan it keeps for a prepared statement tests them one
 * after another (2 000 ids on each of 2 000 rows: 10 ms), where joined they are hashed once (1.4 ms).
 */
export function noneOfJoined(column: Expression<number> | RawBuilder<number>, ids: readonly number[]): RawBuilder<SqlBool> {
  return ids.length ? sql<SqlBool>`not exists (select from unnest(${[...ids]}::int[]) w(id) where w.id = ${column})` : sql<SqlBool>`true`;
}

type StandingKind = 'aside' | 'undeclared' | 'blind';

/**
 * The user's standing as one JSON array of [application id, kind], in SQL, so the session's own query reads it
 * (server/auth/sessions.ts): the conflicts by their index, the open reviews by the partial index of migration 0031.
 */
export const standingSql = (userId: Expression<number>) => sql<[number, StandingKind][]>`(
  SELECT coalesce(json_agg(json_build_array(s.application_id, s.kind)), '[]')
  FROM (SELECT c.application_id, 'aside' AS kind FROM conflicts_of_interest c WHERE c.user_id = ${userId}
        UNION ALL
        SELECT i.application_id, CASE WHEN i.conflict_of_interest IS NULL THEN 'undeclared' ELSE 'blind' END
        FROM investigations i JOIN applications a ON a.id = i.application_id
        WHERE i.user_id = ${userId} AND i.reviewed_at IS NULL AND i.conflict_of_interest IS NOT TRUE
          AND EXISTS (SELECT 1 FROM review_criteria rc WHERE rc.application_type_id = a.application_type_id)) s
)`;

/** The viewer from the rows of `standingSql`; a conflict outweighs an open review of the same application. */
export function viewerFrom(userId: number, rows: readonly [number, StandingKind][]): Viewer {
  const sets: Record<StandingKind, Set<number>> = { aside: new Set(), undeclared: new Set(), blind: new Set() };
  for (const [id, kind] of rows) sets[kind].add(id);
  for (const id of sets.aside) {
    sets.undeclared.delete(id);
    sets.blind.delete(id);
  }
  return { userId, stoodAside: sets.aside, undeclared: sets.undeclared, blind: sets.blind };
}

/**
 * Refuses (403) what the viewer would do or read about applications they stood aside from: `errors.conflict_of_interest`
 * for one, `errors.conflict_of_interest_in` naming their references where the request is about several (a batch, a
 * meeting's agenda, the books of some days), so that they can leave it to a colleague.
 */
export async function assertTakesPart(db: Db, viewer: Viewer, applicationIds: readonly number[]): Promise<void> {
  const aside = applicationIds.filter((id) => viewer.stoodAside.has(id));
  if (!aside.length) return;
  if (applicationIds.length === 1) throw new AppError(403, 'errors.conflict_of_interest');
  const references = await referencesOf(db, aside);
  throw new AppError(403, 'errors.conflict_of_interest_in', { params: { references: references.join(', ') } });
}

/** The references of the applications, in order: how a refusal names those the caller stood aside from. */
async function referencesOf(db: Db, applicationIds: readonly number[]): Promise<string[]> {
  if (!applicationIds.length) return [];
  const rows = await db
    .selectFrom('applications')
    .select('reference')
    .where('id', 'in', [...applicationIds])
    .orderBy('reference')
    .execute();
  return rows.map((row) => row.reference ?? '–');
}
