import type { Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import { organisationHistory } from './history.js';
import { waitingInvitations } from './invitations.js';
import { membersOf } from './members.js';

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/**
 * An organisation's people as its page shows them, to its members and to staff alike: its members and roles, the
 * invitations waiting, and its history (a person erased named null: "a former member").
 */
export async function organisationPeople(db: Db, organisationId: number, now: Date) {
  const organisation = await db
    .selectFrom('organisations')
    .select(['id', 'name', 'org_number', 'is_verified'])
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!organisation) throw notFound();
  const [members, invitations, history] = await Promise.all([
    membersOf(db, organisationId),
    waitingInvitations(db, organisationId, now),
    organisationHistory(db, organisationId),
  ]);
  return {
    organisation,
    members: members.map((m) => ({
      id: m.id,
      frontend_user_id: m.frontend_user_id,
      name: nameOf(m.first_name, m.last_name),
      email: m.email,
      role: m.role,
      joined_at: m.joined_at,
    })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, created_at: i.created_at, expires_at: i.expires_at })),
    history: history.map((h) => ({
      id: Number(h.id),
      action: h.action,
      at: h.created_at,
      by: h.by_user !== null ? nameOf(h.staff_first_name, h.staff_last_name) : nameOf(h.by_first_name, h.by_last_name),
      by_staff: h.by_user !== null,
      about: nameOf(h.about_first_name, h.about_last_name),
      details: h.details,
    })),
  };
}
