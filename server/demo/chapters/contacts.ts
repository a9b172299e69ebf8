import type { Db } from '../../db/connect.js';
import { createSetting, type SettingRecord } from './createSetting.js';

const contacts = {
  secretary: {
    first_name: 'Karin',
    last_name: 'Sundström',
    title: 'Stiftelsesekreterare',
    title_en: 'Foundation secretary',
    email: 'karin.sundstrom@demo.se',
    phone: '+46 980 31 92 10',
  },
  officer: {
    first_name: 'Per',
    last_name: 'Holmgren',
    title: 'Handläggare',
    title_en: 'Case officer',
    email: 'per.holmgren@demo.se',
    phone: '+46 980 31 92 11',
  },
  chair: {
    first_name: 'Ulla',
    last_name: 'Åström',
    title: 'Ordförande',
    title_en: 'Chair',
    email: 'ulla.astrom@demo.se',
    phone: '+46 980 31 92 12',
  },
} satisfies Record<string, SettingRecord<'contacts'>>;

export type ContactIds = Record<keyof typeof contacts, number>;

/** The foundation's contact people, created as on their settings screen. */
export async function seedContacts(trx: Db): Promise<ContactIds> {
  const ids = {} as ContactIds;
  for (const role of Object.keys(contacts) as (keyof typeof contacts)[]) ids[role] = await createSetting(trx, 'contacts', contacts[role]);
  return ids;
}
