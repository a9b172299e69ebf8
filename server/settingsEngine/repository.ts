import { sql, type Kysely, type QueryCreator, type SelectQueryBuilder } from 'kysely';
import { fieldOf, type Field, type ReferencesField, type ResourceDefinition } from '../../resources/fields.js';
import { resourceByName } from '../../resources/index.js';
import { plainText } from '../../resources/plainText.js';
import { inTransaction } from '../db/inTransaction.js';
import { AppError, notFound, type FieldErrors } from '../errors.js';
import { listPage, type ListQuery } from '../lists/listQuery.js';
import { contains } from '../lists/search.js';

// The engine works on any declared table, so it uses an untyped Kysely; every name comes from a declaration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables known only from the declarations at run time
export type AnyDb = Kysely<any>;
/** A query of the engine's on a declared table as `t`; its rows are what the declaration says (Row). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AnyDb
type RowQuery = SelectQueryBuilder<any, any, any>;
/** The database or a CTE's query creator, on a declared table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as AnyDb
type AnyQueryCreator = QueryCreator<any>;
export type Row = Record<string, unknown> & { id: number };

export interface Page {
  data: Row[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

/** Up to this many matches, a search's rows are collected before sorting (see listRecords). */
const SORT_MATCHES_BELOW = 10_000;

const isColumn = (field: Field) => field.kind !== 'references';
const columns = (resource: ResourceDefinition) => resource.fields.filter(isColumn).map((f) => `t.${f.name}`);
const manyFields = (resource: ResourceDefinition) => resource.fields.filter((f): f is ReferencesField => f.kind === 'references');

function filtered(db: AnyQueryCreator, resource: ResourceDefinition, query: ListQuery) {
  let q = db.selectFrom(`${resource.table} as t`);
  if (query.only) q = q.where('t.id', 'in', query.only.length ? query.only : [-1]);
  for (const [name, values] of Object.entries(query.anyOf)) q = q.where(`t.${name}`, 'in', values);
  const term = query.search;
  if (term) q = q.where((eb) => eb.or(resource.search!.map((name) => contains(eb.ref(`t.${name}`), term))));
  return q;
}

/** ORDER BY from the whitelisted sort field: Swedish collation where localized, a reference by its label; id breaks ties. */
function ordered(q: RowQuery, resource: ResourceDefinition, query: ListQuery): RowQuery {
  const direction = sql.raw(query.direction);
  // `id` is no field: it sorts by the tie-breaker alone.
  const field = fieldOf(resource, query.sort);
  if (field?.kind === 'reference') {
    const target = resourceByName(field.reference)!;
    const alias = `sort_${field.name}`;
    q = q.leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `t.${field.name}`);
    q = q.orderBy(sql`${sql.ref(`${alias}.${target.labelField}`)} collate swedish ${direction}`);
  } else if (field?.sortable === 'localized') {
    q = q.orderBy(sql`${sql.ref(`t.${field.name}`)} collate swedish ${direction}`);
  } else if (field) {
    q = q.orderBy(sql`${sql.ref(`t.${field.name}`)} ${direction}`);
  }
  return q.orderBy(sql`t.id ${direction}`);
}

/** The list narrowed to the records the caller holds an ability for (request.scope), as `id[]` narrows it. */
function narrowed(query: ListQuery, scope: number[] | null): ListQuery {
  if (scope === null) return query;
  return { ...query, only: query.only ? query.only.filter((id) => scope.includes(id)) : scope };
}

/**
 * One page of a list, with the total that matches, in the list envelope (`listPage`), of the records `scope` names
 * (null: every one): always said, so that a list cannot show every record by forgetting it.
 */
export async function listRecords(db: AnyDb, resource: ResourceDefinition, asked: ListQuery, scope: number[] | null): Promise<Page> {
  const query = narrowed(asked, scope);
  const { total } = await filtered(db, resource, query)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  const paged = query.perPage < Number.MAX_SAFE_INTEGER;
  const select = (d: AnyQueryCreator) => filtered(d, resource, query).select(['t.id', ...columns(resource)]);
  // A search with few matches: collect them through the trigram index first, then sort. Left to itself PostgreSQL
  // may walk the whole sort index instead, which is slow when the matches sort together far from the start.
  const base =
    query.search && total <= SORT_MATCHES_BELOW
      ? db
          .with((cte) => cte('t').materialized(), select)
          .selectFrom('t')
          .select(['t.id', ...columns(resource)])
      : select(db);
  let rows = ordered(base, resource, query);
  if (paged) rows = rows.limit(query.perPage).offset((query.page - 1) * query.perPage);
  const data = await withManyReferences(db, resource, await rows.$castTo<Row>().execute());
  return listPage(data, total, query);
}

/** The links of one references field: those with its fixed column values, where its table holds others too. */
function ofField<Q extends { where(column: string, operator: '=', value: string): Q }>(query: Q, field: ReferencesField): Q {
  for (const [column, value] of Object.entries(field.through.fixed ?? {})) query = query.where(column, '=', value);
  return query;
}

async function withManyReferences(db: AnyDb, resource: ResourceDefinition, rows: Row[]): Promise<Row[]> {
  for (const field of manyFields(resource)) {
    const { table, own, other, order } = field.through;
    const links = rows.length
      ? await ofField(db.selectFrom(table), field)
          .select([own, other])
          .where(
            own,
            'in',
            rows.map((r) => r.id),
          )
          .orderBy(order ?? other)
          .execute()
      : [];
    for (const row of rows) row[field.name] = links.filter((link) => link[own] === row.id).map((link): unknown => link[other]);
  }
  return rows;
}

export async function recordExists(db: AnyDb, resource: ResourceDefinition, id: number): Promise<boolean> {
  return !!(await db.selectFrom(`${resource.table} as t`).select('t.id').where('t.id', '=', id).executeTakeFirst());
}

export async function getRecord(db: AnyDb, resource: ResourceDefinition, id: number): Promise<Row> {
  const row = await db
    .selectFrom(`${resource.table} as t`)
    .select(['t.id', ...columns(resource)])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return (await withManyReferences(db, resource, [row as Row]))[0];
}

/** The writable column values of a (validated, normalised) record, ready for the database. */
function columnValues(resource: ResourceDefinition, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.readOnly || !isColumn(field) || !(field.name in record)) continue;
    const value = record[field.name];
    values[field.name] = field.kind === 'options' ? JSON.stringify(value ?? []) : value;
  }
  return values;
}

async function setManyReferences(db: AnyDb, resource: ResourceDefinition, id: number, record: Record<string, unknown>) {
  for (const field of manyFields(resource)) {
    if (!(field.name in record)) continue;
    const { table, own, other, order, fixed } = field.through;
    const ids = [...new Set((record[field.name] as number[] | null) ?? [])];
    await ofField(db.deleteFrom(table), field).where(own, '=', id).execute();
    if (ids.length)
      await db
        .insertInto(table)
        .values(ids.map((otherId, index) => ({ [own]: id, [other]: otherId, ...fixed, ...(order ? { [order]: index } : {}) })))
        .execute();
  }
}

/** Uniqueness and existence of referenced records: what only the database can tell. */
export async function checkAgainstDatabase(
  db: AnyDb,
  resource: ResourceDefinition,
  record: Record<string, unknown>,
  exceptId: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of resource.fields) {
    const value = record[field.name];
    if (value === null || value === undefined || field.readOnly) continue;
    if (field.unique) {
      let q = db
        .selectFrom(resource.table)
        .select('id')
        .where(sql`lower(${sql.ref(field.name)}::text)`, '=', plainText(value).toLowerCase());
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      if (await q.executeTakeFirst()) errors[field.name] = [field.kind === 'email' ? 'errors.email_taken' : 'validation.unique'];
    }
    if (field.kind === 'reference' || field.kind === 'references') {
      const ids = [...new Set([value].flat() as number[])];
      if (!ids.length) continue;
      const target = resourceByName(field.reference)!;
      const found = await db
        .selectFrom(target.table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      if (found.n !== ids.length) errors[field.name] = ['validation.in'];
    }
  }
  Object.assign(errors, await checkUniqueTogether(db, resource, record, exceptId));
  return errors;
}

/** Each declared set of fields whose values together are unique: on a clash, every field of the set names the others. */
async function checkUniqueTogether(
  db: AnyDb,
  resource: ResourceDefinition,
  record: Record<string, unknown>,
  exceptId: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const names of resource.uniqueTogether ?? []) {
    // An update may send only some of the fields: the others are the record's own.
    const stored: Record<string, unknown> =
      exceptId !== null && names.some((name) => !(name in record))
        ? ((await db.selectFrom(resource.table).select(names).where('id', '=', exceptId).executeTakeFirst()) ?? {})
        : {};
    const values = names.map((name) => (name in record ? record[name] : stored[name]));
    if (values.some((value) => value === null || value === undefined)) continue;
    let q = db.selectFrom(resource.table).select('id');
    for (const [i, name] of names.entries()) q = q.where(name, '=', values[i]);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    if (!(await q.executeTakeFirst())) continue;
    for (const name of names) {
      const others = names.filter((other) => other !== name);
      errors[name] = others.map((other) => ({ key: 'validation.unique_together', params: { other } }));
    }
  }
  return errors;
}

/** Two writes at once can both pass the uniqueness checks: the database's constraint decides, the other gets a 409. */
async function refusingDuplicates<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    // unique_violation
    if ((error as { code?: string }).code === '23505') throw new AppError(409, 'errors.duplicate');
    throw error;
  }
}

export async function createRecord(db: AnyDb, resource: ResourceDefinition, record: Record<string, unknown>): Promise<Row> {
  return refusingDuplicates(
    inTransaction(db, async (trx) => {
      const values = columnValues(resource, record);
      const inserted: { id: number } = Object.keys(values).length
        ? await trx.insertInto(resource.table).values(values).returning('id').executeTakeFirstOrThrow()
        : await trx.insertInto(resource.table).defaultValues().returning('id').executeTakeFirstOrThrow();
      await setManyReferences(trx, resource, inserted.id, record);
      return getRecord(trx, resource, inserted.id);
    }),
  );
}

export async function updateRecord(db: AnyDb, resource: ResourceDefinition, id: number, record: Record<string, unknown>): Promise<Row> {
  return refusingDuplicates(
    inTransaction(db, async (trx) => {
      const values = columnValues(resource, record);
      // Every settings table has updated_at (server/db/migrations).
      const result = await trx
        .updateTable(resource.table)
        .set({ ...values, updated_at: sql`now()` })
        .where('id', '=', id)
        .executeTakeFirst();
      if (!result.numUpdatedRows) throw notFound();
      await setManyReferences(trx, resource, id, record);
      return getRecord(trx, resource, id);
    }),
  );
}

/** Deletes a record; one still in use elsewhere (a foreign key refuses) is a 409 with a clear message. */
export async function deleteRecord(db: AnyDb, resource: ResourceDefinition, id: number): Promise<Row> {
  const row = await getRecord(db, resource, id);
  try {
    await db.deleteFrom(resource.table).where('id', '=', id).execute();
  } catch (error) {
    // foreign_key_violation, or restrict_violation (ON DELETE RESTRICT, and the append-only history's refusal).
    if (['23503', '23001'].includes((error as { code?: string }).code ?? '')) {
      throw new AppError(409, resource.inUseMessage ?? 'errors.in_use', { params: { label: plainText(row[resource.labelField] ?? id) } });
    }
    throw error;
  }
  return row;
}
