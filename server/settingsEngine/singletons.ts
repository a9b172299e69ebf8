import type { Field } from '../../resources/fields.js';
import { personName } from '../../resources/users.js';
import { storedFields, type SingletonDefinition } from '../../resources/singletons.js';
import { applies, normaliseRecord, validateRecord } from '../../resources/validate.js';
import { invalid } from '../errors.js';
import type { AnyDb } from './repository.js';

/** Who changed a row last and when; null both while nobody has (the installation's first values). */
interface Changed {
  updated_at: Date | null;
  updated_by: { id: number; name: string } | null;
}

/** A singleton's plain row, or one key's row of a keyed one, as read with who changed it. */
export type SingletonRow = Record<string, unknown> & Changed;

/** What a singleton needs beyond its declaration: one entry for each that does (server/settingsEngine/hooks.ts). */
export interface SingletonHooks {
  /** The row as the API answers it (stored forms shown as people write them, derived fields read). */
  present?: (row: SingletonRow) => SingletonRow;
  /** Runs in the write's transaction, its row locked, before the write: the checks that need the database, and what changes with it. */
  beforeWrite?: (trx: AnyDb, values: Record<string, unknown>, stored: Record<string, unknown>) => Promise<void>;
}

/** The one read of who changed a row: the row's own columns with the staff user who last changed it. */
async function rowsWithChanger(db: AnyDb, singleton: SingletonDefinition, columns: string[]): Promise<SingletonRow[]> {
  const rows = (await db
    .selectFrom(`${singleton.table} as t`)
    .leftJoin('users as u', 'u.id', 't.updated_by')
    .select([...columns.map((c) => `t.${c}`), 't.updated_at', 'u.id as changer_id', 'u.first_name', 'u.last_name'])
    .execute()) as Record<string, unknown>[];
  return rows.map(({ updated_at, changer_id, first_name, last_name, ...values }) => ({
    ...values,
    updated_at: changer_id == null ? null : (updated_at as Date),
    updated_by: changer_id == null ? null : { id: changer_id as number, name: personName(first_name as string, last_name as string) },
  }));
}

/**
 * The singleton as the API answers it: its fields with who changed it; a keyed one (the privacy notice) by key, each
 * key's value with who changed that key (a key never written: an empty value, changed by nobody).
 */
export async function readSingleton(db: AnyDb, singleton: SingletonDefinition, hooks: SingletonHooks = {}) {
  const present = hooks.present ?? ((row: SingletonRow) => row);
  if (singleton.keyed) {
    const { keyColumn, valueColumn } = singleton.keyed;
    const rows = await rowsWithChanger(db, singleton, [keyColumn, valueColumn]);
    const byKey = new Map(rows.map((row) => [row[keyColumn], row]));
    return Object.fromEntries(
      singleton.fields.map(({ name }) => {
        const { [keyColumn]: _key, ...row } = byKey.get(name) ?? { [valueColumn]: '', updated_at: null, updated_by: null };
        return [name, present(row as SingletonRow)];
      }),
    );
  }
  const [row] = await rowsWithChanger(
    db,
    singleton,
    storedFields(singleton).map((f) => f.name),
  );
  return present(row);
}

/**
 * Changes the singleton as `userId` at `now`: the fields given are checked as the form checks them (each problem
 * beside its field, a 422, nothing saved), then written with who changed it; a field left out is kept, one that does
 * not apply (a bankgiro when an IBAN is chosen) is emptied. A keyed one writes the keys given, each its own row.
 */
export async function writeSingleton(
  db: AnyDb,
  singleton: SingletonDefinition,
  input: Record<string, unknown>,
  userId: number,
  now: Date,
  hooks: SingletonHooks = {},
) {
  const values = normaliseRecord(singleton, input);
  // A keyed one checks the keys given; a row, each field that applies (one left out, if it need not be given, is kept).
  const errors = validateRecord(singleton, values, { partial: !!singleton.keyed });
  if (Object.keys(errors).length) throw invalid(errors);
  const changed = { updated_by: userId, updated_at: now };
  await db.transaction().execute(async (trx) => {
    if (singleton.keyed) {
      const { keyColumn, valueColumn } = singleton.keyed;
      for (const { name } of singleton.fields.filter((f) => f.name in values)) {
        const row = { [valueColumn]: values[name], ...changed };
        await trx
          .insertInto(singleton.table)
          .values({ [keyColumn]: name, ...row })
          .onConflict((oc) => oc.column(keyColumn).doUpdateSet(row))
          .execute();
      }
      return;
    }
    const stored = storedFields(singleton);
    // A field that does not apply, by a value given, is emptied.
    const emptied = (f: Field) => !!f.showIf && f.showIf.field in values && !applies(f, values);
    const columns = stored.filter((f) => f.name in values || emptied(f));
    const row = Object.fromEntries(columns.map((f) => [f.name, emptied(f) ? null : values[f.name]]));
    const before = (await trx
      .selectFrom(singleton.table)
      .select(stored.map((f) => f.name))
      .forUpdate()
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    await hooks.beforeWrite?.(trx, row, before);
    await trx
      .updateTable(singleton.table)
      .set({ ...row, ...changed })
      .execute();
  });
  return readSingleton(db, singleton, hooks);
}
