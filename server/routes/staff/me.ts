import type { FastifyInstance } from 'fastify';
import { data } from '../schemas.js';

const user = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    locale: { type: 'string' },
  },
};
const ability = {
  type: 'object',
  properties: { name: { type: 'string' }, entity_id: { type: ['integer', 'null'] }, entity_type: { type: ['string', 'null'] } },
};

/** The signed-in staff user and the abilities that decide what the admin shows (the server checks them again). */
export default async function meRoutes(app: FastifyInstance) {
  const tags = ['users'];
  app.get('/users/me', { config: { access: 'staff' }, schema: { tags, summary: 'The signed-in staff user', response: { 200: data(user) } } }, async (request) => ({
    data: request.staff,
  }));
  app.get(
    '/users/me/abilities',
    { config: { access: 'staff' }, schema: { tags, summary: 'The signed-in user’s abilities', response: { 200: data({ type: 'array', items: ability }) } } },
    async (request) => ({ data: request.abilities }),
  );
}
