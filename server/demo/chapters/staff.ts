import type { Db } from '../../db/connect.js';
import { createSetting, type SettingRecord } from './createSetting.js';

export const demoLogins = [
  { email: 'admin@demo.se', role: 'admin' },
  { email: 'utredare@demo.se', role: 'utredare' },
  // Approves the payouts the administrator prepares (created with the payouts, which name the periods).
  { email: 'ekonomi@demo.se', role: 'utredare' },
  // A board member: reads the board meetings they sit on, with the pack and the minutes, and declares conflicts.
  { email: 'styrelse@demo.se', role: 'styrelse' },
] as const;

export const DEMO_PASSWORD = 'demo-2026';

const staff: SettingRecord<'users'>[] = [
  // The administrator hears of every applicant's message (in the app and by mail); the investigator of those on
  // applications they investigate.
  { ...demoLogins[0], first_name: 'Anna', last_name: 'Lindqvist', notify_on_applications: true, notifications_email: demoLogins[0].email },
  { ...demoLogins[1], first_name: 'Erik', last_name: 'Johansson' },
  { ...demoLogins[3], first_name: 'Birgitta', last_name: 'Holm' },
  { email: 'inaktiv@demo.se', role: 'utredare', first_name: 'Gunnar', last_name: 'Öhman', active: false },
];

/** The staff, created as on the users' screen, all with the demo's password (hashed once: hashing takes a while). */
export async function seedStaff(trx: Db, passwordHash: string) {
  const ids = [];
  for (const user of staff) ids.push(await createSetting(trx, 'users', user));
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', 'in', ids).execute();
}
