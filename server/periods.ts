import { sql, type RawBuilder } from 'kysely';
import type { Db } from './db/connect.js';
import { notFound } from './errors.js';

/**
 * Whether a period is open: not closed, and today between its start and end dates. The one definition, used by the
 * staff dashboard and the portal (and by sending in, which refuses a period that is not open).
 */
export function isOpen(alias: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(not ${column('closed')} and current_date between ${column('start_date')} and ${column('end_date')})`;
}

/** A period's id by its uuid (unknown -> 404). */
export async function periodIdByUuid(db: Db, uuid: string): Promise<number> {
  const id = await periodIdOfUuid(db, uuid);
  if (id === undefined) throw notFound();
  return id;
}

/** A period's id by its uuid, or undefined. */
export async function periodIdOfUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('periods').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}

/** The open periods, soonest ending first, each with the application types it takes and its contacts in order. */
export async function openPeriods(db: Db) {
  const periods = await openPeriodRows(db);
  const ids = periods.map((p) => p.id);
  const types = ids.length
    ? await db
        .selectFrom('period_application_types as pt')
        .innerJoin('application_types as t', 't.id', 'pt.application_type_id')
        .select(['pt.period_id', 't.id', 't.label'])
        .where('pt.period_id', 'in', ids)
        .orderBy(sql`t.label collate swedish`)
        .execute()
    : [];
  const contacts = ids.length
    ? await db
        .selectFrom('period_contacts as pc')
        .innerJoin('contacts as c', 'c.id', 'pc.contact_id')
        .select(['pc.period_id', 'c.first_name', 'c.last_name', 'c.title', 'c.email', 'c.phone'])
        .where('pc.period_id', 'in', ids)
        .orderBy('pc.order')
        .execute()
    : [];
  return periods.map((p) => ({
    ...p,
    application_types: types.filter((t) => t.period_id === p.id).map(({ id, label }) => ({ id, label })),
    contacts: contacts.filter((c) => c.period_id === p.id).map(({ period_id: _, ...contact }) => contact),
  }));
}

/** The open periods, soonest ending first. */
export function openPeriodRows(db: Db) {
  return db
    .selectFrom('periods as p')
    .select(['p.id', 'p.uuid', 'p.name', 'p.start_date', 'p.end_date'])
    .where(isOpen('p'))
    .orderBy('p.end_date')
    .orderBy('p.id')
    .execute();
}

/** Opens or closes a period; false when there is no such period. */
export async function setPeriodClosed(db: Db, periodId: number, closed: boolean): Promise<boolean> {
  const result = await db
    .updateTable('periods')
    .set({ closed, updated_at: sql<Date>`now()` })
    .where('id', '=', periodId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A period's id and name, or undefined. */
export function periodName(db: Db, periodId: number) {
  return db.selectFrom('periods').select(['id', 'name']).where('id', '=', periodId).executeTakeFirst();
}
