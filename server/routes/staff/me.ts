import { Type } from 'typebox';
import { data, type Api } from '../schemas.js';
import { ability, staffUser } from '../schemas/users.js';

/** The signed-in staff user and the abilities that decide what the admin shows (the server checks them again). */
export default async function meRoutes(app: Api) {
  const tags = ['users'];
  app.get(
    '/users/me',
    { config: { access: 'staff' }, schema: { tags, summary: 'The signed-in staff user', response: { 200: data(staffUser) } } },
    async (request) => ({
      data: request.staff!,
    }),
  );
  app.get(
    '/users/me/abilities',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'The signed-in user’s abilities', response: { 200: data(Type.Array(ability)) } },
    },
    async (request) => ({ data: request.abilities }),
  );
}
