import type { Selectable } from 'kysely';
import { resourceList } from '../../../resources/index.js';
import { AppError } from '../../errors.js';
import { createRecord } from '../../settingsEngine/repository.js';
import { prepareRecord } from '../../settingsEngine/writes.js';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

/** A record as a settings screen sends it: some of its table's columns, as they read, and the ids its lists of links hold. */
export type SettingRecord<T extends keyof Database> = Partial<Selectable<Database[T]>> & { [links: `${string}_ids`]: number[] };

/**
 * Creates a record of a settings table as staff do on its screen: the declaration's defaults, its checks and
 * normalising, then the settings engine's write. Answers its id.
 */
export async function createSetting<T extends keyof Database>(trx: Db, table: T, record: SettingRecord<T>): Promise<number> {
  const resource = resourceList.find((r) => r.table === table);
  if (!resource) throw new Error(`No settings screen writes ${table}`);
  const defaults = Object.fromEntries(resource.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
  const prepared = await prepareRecord(trx, resource, { ...defaults, ...record }, null).catch((error: unknown) => {
    throw error instanceof AppError ? new Error(`The demo's ${table} breaks its rules: ${JSON.stringify(error.options.errors)}`) : error;
  });
  return (await createRecord(trx, resource, prepared)).id;
}
