import { sql, type Expression } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/connect.js';
import type { Ability } from '../../resources/abilities.js';
import { standingSql, viewerFrom, type Viewer } from './standing.js';
import { hashToken, newToken } from '../tokens.js';

export type SessionKind = 'staff' | 'applicant';
export const sessionCookie: Record<SessionKind, string> = { staff: 'staff_session', applicant: 'applicant_session' };

/** The staff user a session is for (GET /users/me answers it). */
export interface StaffUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  locale: string;
}

/** The applicant a session is for (GET /frontend-users/me answers it). */
export interface Applicant {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  locale: string;
  /** The name an e-ID broker gave, when the session was begun by e-ID sign-in; null for an e-mailed link's. */
  eid_name: string | null;
}

const ownerColumn = { staff: 'user_id', applicant: 'frontend_user_id' } as const;

export async function createSession(
  db: Db,
  kind: SessionKind,
  ownerId: number,
  lifetimeSeconds: number,
  eidName: string | null = null,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      [ownerColumn[kind]]: ownerId,
      eid_name: eidName,
      expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})`,
    })
    .execute();
  return token;
}

/**
 * A user's abilities as JSON, in SQL: the role's general ones by name, then those granted to the user directly
 * (general or for one entity) in the order granted.
 */
const abilitiesOf = (userId: Expression<number>, role: Expression<string>) => sql<Ability[]>`(
  SELECT coalesce(json_agg(json_build_object('name', a.name, 'entity_id', a.entity_id, 'entity_type', a.entity_type)
                           ORDER BY a.direct, a.by_name, a.id), '[]')
  FROM (SELECT ability AS name, NULL::int AS entity_id, NULL::text AS entity_type, false AS direct, ability AS by_name, 0 AS id
        FROM role_abilities WHERE role = ${role}
        UNION ALL
        SELECT ability, entity_id, entity_type, true, '', id FROM user_abilities WHERE user_id = ${userId}) a
)`;

/**
 * The signed-in staff user behind a session token, if the session is live and the user active, with their abilities
 * and where they stand towards the applications (server/auth/standing.ts): one query, as every staff request asks it.
 */
export async function findStaffUser(
  db: Db,
  token: string,
): Promise<{ staff: StaffUser; abilities: Ability[]; viewer: Viewer; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'users.role', 'users.locale', 'sessions.expires_at'])
    .select(abilitiesOf(sql.ref('users.id'), sql.ref('users.role')).as('abilities'))
    .select(standingSql(sql.ref('users.id')).as('standing'))
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const { abilities, standing, expires_at: expiresAt, ...staff } = row;
  return { staff, abilities, viewer: viewerFrom(staff.id, standing), expiresAt };
}

/** Where a staff user stands towards the applications now (another user's, or the caller's after a change). */
export async function loadViewer(db: Db, userId: number): Promise<Viewer> {
  const { standing } = await db.selectNoFrom(standingSql(sql.val(userId)).as('standing')).executeTakeFirstOrThrow();
  return viewerFrom(userId, standing);
}

export async function findApplicant(db: Db, token: string): Promise<{ applicant: Applicant; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('frontend_users', 'frontend_users.id', 'sessions.frontend_user_id')
    .select([
      'frontend_users.id',
      'frontend_users.email',
      'frontend_users.first_name',
      'frontend_users.last_name',
      'frontend_users.locale',
      'sessions.eid_name',
      'sessions.expires_at',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('frontend_users.active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const { expires_at: expiresAt, ...applicant } = row;
  return { applicant, expiresAt };
}

export async function extendSession(db: Db, token: string, lifetimeSeconds: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})` })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Ends every session of a staff user: on disabling the account and after a password reset. */
export async function deleteStaffSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** A staff user's abilities (another user's than the caller's, whose come with the session). */
export async function loadAbilities(db: Db, user: Pick<StaffUser, 'id' | 'role'>): Promise<Ability[]> {
  const { abilities } = await db.selectNoFrom(abilitiesOf(sql.val(user.id), sql.val(user.role)).as('abilities')).executeTakeFirstOrThrow();
  return abilities;
}

/** The session cookie: HttpOnly, SameSite=Lax, Secure in production, as long-lived as the session. */
export function setSessionCookie(reply: FastifyReply, kind: SessionKind, token: string, lifetimeSeconds: number, secure: boolean) {
  reply.setCookie(sessionCookie[kind], token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: lifetimeSeconds });
}
