import { Type } from 'typebox';
import { notificationSettingsOf, saveNotificationSettings } from '../../notifications/settings.js';
import { body, data, Nullable, type Api } from '../schemas.js';

const emailText = { maxLength: 254, description: 'Where notification mails go; null or blank: no mails' };
const notifyText = { description: 'For one who manages applications: notified of every application, not only those they investigate' };
const settings = Type.Object({
  notifications_email: Nullable(Type.String(emailText)),
  notify_on_applications: Type.Boolean(notifyText),
});

/** Every staff user's own notification settings (admins set anyone's in Settings → Users). */
export default async function notificationSettingsRoutes(app: Api) {
  const { db } = app;
  const tags = ['users'];
  // `resource` names the fields by the users resource's labels in error messages.
  const config = { access: 'staff' as const, resource: 'users' };

  app.get(
    '/users/me/notification-settings',
    { config, schema: { tags, summary: 'The signed-in user’s notification settings', response: { 200: data(settings) } } },
    async (request) => ({ data: await notificationSettingsOf(db, request.staff!.id) }),
  );

  app.put(
    '/users/me/notification-settings',
    {
      config,
      schema: {
        tags,
        summary: 'Saves the signed-in user’s notification settings (422 with the field’s error for a malformed address)',
        body: body({ notifications_email: Nullable(Type.String(emailText)), notify_on_applications: Type.Boolean(notifyText) }),
        response: { 200: data(settings) },
      },
    },
    async (request) => ({ data: await saveNotificationSettings(db, request.staff!.id, request.body.data) }),
  );
}
