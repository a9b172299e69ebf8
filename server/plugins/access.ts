import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAllowed, type Entity, type Requirement } from '../../resources/abilities.js';
import { findApplicant, findStaffUser, loadAbilities, sessionCookie, type Applicant, type StaffUser } from '../auth/sessions.js';
import { forbidden, unauthenticated } from '../errors.js';
import type { RouteAccess } from '../types.js';

/**
 * Every route declares `config.access`; a route without it stops the server from starting (and so fails the tests).
 * Routes of the API browser are public by this one declaration.
 */
export function registerAccess(app: FastifyInstance, publicPrefixes: string[]) {
  app.decorateRequest('staff', null);
  app.decorateRequest('applicant', null);
  // Declared without a value: an array must not be shared between requests; the onRequest hook sets one on each.
  app.decorateRequest('abilities');

  app.decorate('routeAccess', [] as RouteAccess[]);
  app.addHook('onRoute', (route) => {
    if (publicPrefixes.some((prefix) => route.url.startsWith(prefix))) {
      route.config = { ...route.config, access: 'anonymous' };
    } else if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access: route.config.access! });
  });

  app.addHook('onRequest', async (request) => {
    request.abilities = [];
    const access = request.routeOptions.config?.access;
    if (!access || access === 'anonymous') return;
    if (access === 'applicant') {
      await requireApplicant(request);
      return;
    }
    const staff = await requireStaff(request);
    request.abilities = await loadAbilities(app.db, staff);
    if (access !== 'staff' && !isAllowed(request.abilities, access.abilities)) throw forbidden();
  });
}

export async function requireStaff(request: FastifyRequest): Promise<StaffUser> {
  const token = request.cookies[sessionCookie.staff];
  request.staff = token ? await findStaffUser(request.server.db, token) : null;
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

export async function requireApplicant(request: FastifyRequest): Promise<Applicant> {
  const token = request.cookies[sessionCookie.applicant];
  request.applicant = token ? await findApplicant(request.server.db, token) : null;
  if (!request.applicant) throw unauthenticated();
  return request.applicant;
}

/** For checks on one record inside a handler, e.g. an ability granted for one period. */
export function assertAllowed(request: FastifyRequest, requirement: Requirement, entity?: Entity) {
  if (!isAllowed(request.abilities, requirement, entity)) throw forbidden();
}
