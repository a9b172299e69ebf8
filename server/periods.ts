import { sql, type RawBuilder } from 'kysely';
import { shownIn } from '../resources/contentLanguage.js';
import type { Locale } from '../resources/locales.js';
import type { Db } from './db/connect.js';
import { notFound } from './errors.js';

/**
 * Whether a period is open: not closed, and `today` (the day in Stockholm, `stockholmDay(app.clock.now())`) between
 * its start and end dates. The one definition, used by the staff dashboard and the portal (and by sending in, which
 * refuses a period that is not open). The day is given rather than the database's `current_date`, which is the
 * session's time zone's (UTC): a period would close at 01:00 or 02:00 Stockholm time after its last day.
 */
export function isOpen(alias: string, today: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(not ${column('closed')} and ${today}::date between ${column('start_date')} and ${column('end_date')})`;
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

/**
 * The periods open on `today`, soonest ending first, each with the application types it takes (by name as read) and
 * its contacts in order; their texts in the reader's language where they have it.
 */
export async function openPeriods(db: Db, today: string, locale: Locale) {
  const periods = await openPeriodsQuery(db, today).select('p.name_en').execute();
  const ids = periods.map((p) => p.id);
  const types = ids.length
    ? await db
        .selectFrom('period_application_types as pt')
        .innerJoin('application_types as t', 't.id', 'pt.application_type_id')
        .select(['pt.period_id', 't.id', 't.label', 't.label_en'])
        .where('pt.period_id', 'in', ids)
        .execute()
    : [];
  const contacts = ids.length
    ? await db
        .selectFrom('period_contacts as pc')
        .innerJoin('contacts as c', 'c.id', 'pc.contact_id')
        .select(['pc.period_id', 'c.first_name', 'c.last_name', 'c.title', 'c.title_en', 'c.email', 'c.phone'])
        .where('pc.period_id', 'in', ids)
        .orderBy('pc.order')
        .execute()
    : [];
  const collator = new Intl.Collator(locale);
  return periods.map((p) => ({
    ...shownIn(locale, p, ['name']),
    application_types: types
      .filter((t) => t.period_id === p.id)
      .map(({ period_id: _, ...type }) => shownIn(locale, type, ['label']))
      .sort((a, b) => collator.compare(a.label, b.label) || a.id - b.id),
    contacts: contacts.filter((c) => c.period_id === p.id).map(({ period_id: _, ...contact }) => shownIn(locale, contact, ['title'])),
  }));
}

/** The periods open on `today`, soonest ending first. */
const openPeriodsQuery = (db: Db, today: string) =>
  db
    .selectFrom('periods as p')
    .select(['p.id', 'p.uuid', 'p.name', 'p.start_date', 'p.end_date'])
    .where(isOpen('p', today))
    .orderBy('p.end_date')
    .orderBy('p.id');

/** The periods open on `today`, soonest ending first, as staff wrote them. */
export function openPeriodRows(db: Db, today: string) {
  return openPeriodsQuery(db, today).execute();
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

/** Where a period stands on a day: closed by staff, or by its dates before, during or after it. */
export type PeriodState = 'closed' | 'upcoming' | 'open' | 'ended';

/**
 * The periods whose applications a user may decide on (`ids`, or every one for null), open or not on `today`:
 * the closed ones first, where deciding happens, the latest ended first; then the others soonest ending first
 * (ended but not yet closed, open, upcoming).
 */
export function decisionPeriodRows(db: Db, ids: number[] | null, today: string) {
  let query = db
    .selectFrom('periods as p')
    .select(['p.id', 'p.uuid', 'p.name', 'p.start_date', 'p.end_date'])
    .select(
      sql<PeriodState>`case when p.closed then 'closed' when ${today}::date < p.start_date then 'upcoming'
        when ${today}::date > p.end_date then 'ended' else 'open' end`.as('state'),
    )
    .orderBy('p.closed', 'desc')
    .orderBy(sql`case when p.closed then p.end_date end`, 'desc')
    .orderBy('p.end_date')
    .orderBy('p.id');
  if (ids) query = ids.length ? query.where('p.id', 'in', ids) : query.where(sql<boolean>`false`);
  return query.execute();
}
