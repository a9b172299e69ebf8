import { staffUsers } from '../../resources/staffUsers.js';
import { validateRecord } from '../../resources/validate.js';
import type { Db } from '../db/connect.js';
import { invalid } from '../errors.js';

/** A staff user's own notification settings: three fields of the users resource. */
export interface NotificationSettings {
  notifications_email: string | null;
  notify_on_applications: boolean;
  /** The morning mail of what needs them (server/work/dailySummary.ts). */
  daily_summary: boolean;
}

export function notificationSettingsOf(db: Db, userId: number): Promise<NotificationSettings> {
  return db
    .selectFrom('users')
    .select(['notifications_email', 'notify_on_applications', 'daily_summary'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * Saves them by the users resource's rules, as Settings → Users does: the address trimmed and in lower case, a blank
 * one is none; a malformed one is a 422 with the field's error.
 */
export async function saveNotificationSettings(db: Db, userId: number, input: NotificationSettings): Promise<NotificationSettings> {
  const settings = { ...input, notifications_email: input.notifications_email?.trim().toLowerCase() || null };
  const errors = validateRecord(staffUsers, { ...settings }, { partial: true });
  if (Object.keys(errors).length) throw invalid(errors);
  return db
    .updateTable('users')
    .set({ ...settings, updated_at: new Date() })
    .where('id', '=', userId)
    .returning(['notifications_email', 'notify_on_applications', 'daily_summary'])
    .executeTakeFirstOrThrow();
}
