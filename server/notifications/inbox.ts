import type { Db } from '../db/connect.js';
import { notFound } from '../errors.js';
import { listPage, type ListGrammar, type ListQuery } from '../lists/listQuery.js';
import { personName } from '../../resources/users.js';

// A staff user's own notifications: every query is bounded by the user, so nobody reads or marks another's.

/** Newest first, paged; nothing to sort, search or filter by. */
export const inboxList: ListGrammar = {
  sorts: ['created_at'],
  defaultSort: { field: 'created_at', order: 'desc' },
  search: false,
  filters: {},
};

/** The user's notifications, newest first, with their application, and how many of all of theirs are unread. */
export async function notificationsOf(db: Db, userId: number, { page, perPage, direction }: ListQuery) {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('notifications as n')
      .innerJoin('applications as a', 'a.id', 'n.application_id')
      .innerJoin('frontend_users as f', 'f.id', 'a.frontend_user_id')
      .select(['n.id', 'n.kind', 'n.created_at', 'n.read_at', 'a.uuid', 'a.reference', 'f.first_name', 'f.last_name'])
      .where('n.user_id', '=', userId)
      .orderBy('n.id', direction)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.countAll<number>().filterWhere('read_at', 'is', null).as('unread')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    application: {
      uuid: r.uuid,
      reference: r.reference,
      applicant_name: personName(r.first_name, r.last_name),
    },
    created_at: r.created_at,
    read_at: r.read_at,
  }));
  return { ...listPage(data, Number(counts.total), { page, perPage }), unread: Number(counts.unread) };
}

/** Marks one of the user's notifications read (already read: left as it was); another's or an unknown one is a 404. */
export async function markNotificationRead(db: Db, userId: number, id: number) {
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now', [])) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead(db: Db, userId: number) {
  await db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}
