import { signalSettingRanges } from '../../resources/signals.js';
import type { Db } from '../db/connect.js';

/** The signals' settings as staff set them (resources/signals.ts), or the defaults where the row is missing. */
export async function signalSettingsOf(db: Db): Promise<{ similarity: number; registrationsPerDay: number }> {
  const row = await db.selectFrom('signal_settings').select(['similarity_percent', 'registrations_per_day']).executeTakeFirst();
  return {
    similarity: (row?.similarity_percent ?? signalSettingRanges.similarity_percent.default) / 100,
    registrationsPerDay: row?.registrations_per_day ?? signalSettingRanges.registrations_per_day.default,
  };
}
