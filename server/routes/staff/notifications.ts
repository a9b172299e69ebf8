import { Type } from 'typebox';
import { parseListQuery } from '../../lists/listQuery.js';
import { inboxList, markAllNotificationsRead, markNotificationRead, notificationsOf } from '../../notifications/inbox.js';
import { data, type Api } from '../schemas.js';
import { notificationPage } from '../schemas/notifications.js';

const { Optional, Integer } = Type;

/**
 * Each staff user's own notifications (an applicant's message, a follow-up sent in, on applications they investigate
 * or, having asked to, on any they manage): read and marked read by that user only.
 */
export default async function notificationRoutes(app: Api) {
  const { db } = app;
  const tags = ['notifications'];
  const config = { access: 'staff' as const };

  app.get(
    '/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'The signed-in user’s notifications, newest first (50 a page), with how many are unread',
        querystring: Type.Object(
          {
            page: Optional(Integer({ minimum: 1, maximum: 1_000_000 })),
            per_page: Optional(Integer({ minimum: 1, maximum: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: data(notificationPage) },
      },
    },
    async (request) => ({ data: await notificationsOf(db, request.staff!.id, parseListQuery(inboxList, request.query)) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      config,
      schema: {
        tags,
        summary: 'Marks one of the user’s notifications read (another user’s or an unknown one: 404)',
        params: Type.Object({ id: Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
      },
    },
    async (request, reply) => {
      await markNotificationRead(db, request.staff!.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/notifications/read',
    { config, schema: { tags, summary: 'Marks all of the user’s notifications read' } },
    async (request, reply) => {
      await markAllNotificationsRead(db, request.staff!.id);
      return reply.status(204).send();
    },
  );
}
