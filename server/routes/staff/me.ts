import { Type } from 'typebox';
import { data, Nullable, type Api } from '../schemas.js';

const { Optional, Integer, String: Text } = Type;
const user = Type.Object({
  id: Optional(Integer()),
  first_name: Optional(Text()),
  last_name: Optional(Text()),
  email: Optional(Text()),
  role: Optional(Text()),
  locale: Optional(Text()),
});
const ability = Type.Object({ name: Optional(Text()), entity_id: Optional(Nullable(Integer())), entity_type: Optional(Nullable(Text())) });

/** The signed-in staff user and the abilities that decide what the admin shows (the server checks them again). */
export default async function meRoutes(app: Api) {
  const tags = ['users'];
  app.get(
    '/users/me',
    { config: { access: 'staff' }, schema: { tags, summary: 'The signed-in staff user', response: { 200: data(user) } } },
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
