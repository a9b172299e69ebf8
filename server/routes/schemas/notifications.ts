import { Type } from 'typebox';
import { dateTime, Nullable, nullableDateTime, stringEnum } from '../schemas.js';

// Each staff user's own notifications and their settings.
const { Integer } = Type;
const Text = Type.String;

/** Something a staff member is told about: a message from an applicant, a follow-up sent in. */
export const notification = Type.Object({
  id: Integer(),
  kind: stringEnum(['applicant_message', 'followup_sent_in', 'decision_change_asked']),
  application: Type.Object({ uuid: Text(), reference: Nullable(Text()), applicant_name: Text() }),
  created_at: dateTime,
  read_at: nullableDateTime,
});

/** A page of the signed-in user's notifications, newest first, with how many of all are unread. */
export const notificationPage = Type.Object({
  data: Type.Array(notification),
  total: Integer(),
  current_page: Integer(),
  per_page: Integer(),
  last_page: Integer(),
  unread: Integer({ description: 'How many of all the user’s notifications are unread' }),
});

const emailText = { maxLength: 254, description: 'Where notification mails go; null or blank: no mails' };
const notifyText = { description: 'For one who manages applications: notified of every application, not only those they investigate' };

/** A staff user's own notification settings, as answered and as saved. */
export const notificationSettings = Type.Object({
  notifications_email: Nullable(Text(emailText)),
  notify_on_applications: Type.Boolean(notifyText),
  daily_summary: Type.Boolean({ description: 'Mails the user what needs them at 07:00 (Stockholm) on each day something does' }),
});
