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
  const period = await db.selectFrom('periods').select('id').where('uuid', '=', uuid).executeTakeFirst();
  if (!period) throw notFound();
  return period.id;
}
