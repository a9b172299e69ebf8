import { notificationSettingsOf, saveNotificationSettings } from '../../notifications/settings.js';
import { body, data, type Api } from '../schemas.js';
import { notificationSettings } from '../schemas/notifications.js';

/** Every staff user's own notification settings (admins set anyone's in Settings → Users). */
export default async function notificationSettingsRoutes(app: Api) {
  const { db } = app;
  const tags = ['users'];
  // `resource` names the fields by the users resource's labels in error messages.
  const config = { access: 'staff' as const, resource: 'users' };

  app.get(
    '/users/me/notification-settings',
    { config, schema: { tags, summary: 'The signed-in user’s notification settings', response: { 200: data(notificationSettings) } } },
    async (request) => ({ data: await notificationSettingsOf(db, request.staff!.id) }),
  );

  app.put(
    '/users/me/notification-settings',
    {
      config,
      schema: {
        tags,
        summary: 'Saves the signed-in user’s notification settings (422 with the field’s error for a malformed address)',
        body: body(notificationSettings.properties),
        response: { 200: data(notificationSettings) },
      },
    },
    async (request) => ({ data: await saveNotificationSettings(db, request.staff!.id, request.body.data) }),
  );
}
