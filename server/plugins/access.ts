import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allowedEntityIds, hasAbility, isAllowed, type Ability, type AbilityName } from '../../resources/abilities.js';
import { RecentSessions } from '../auth/recentSessions.js';
import { findApplicant, findStaffUser, sessionCookie, type Applicant, type StaffUser } from '../auth/sessions.js';
import { assertTakesPart, unconcerned, type Viewer } from '../auth/standing.js';
import { AppError, forbidden, notFound, unauthenticated } from '../errors.js';
import type { NamedApplications, RouteAccess } from '../types.js';

/**
 * Every route declares `config.access`; a route without it stops the server from starting (and so fails the tests),
 * as does a staff route that does not say what it reaches of the applications (`reaches`, server/types.ts).
 * Routes of the API browser are public by this one declaration.
 */
export function registerAccess(app: FastifyInstance, publicPrefixes: string[]) {
  app.decorateRequest('staff', null);
  app.decorateRequest('applicant', null);
  // Declared without a value: an array must not be shared between requests; the onRequest hook sets one on each.
  app.decorateRequest('abilities');
  app.decorateRequest('scope', null);
  app.decorateRequest('entity', null);
  app.decorateRequest('viewer');

  app.decorate('routeAccess', [] as RouteAccess[]);
  app.addHook('onRoute', (route) => {
    if (publicPrefixes.some((prefix) => route.url.startsWith(prefix))) {
      route.config = { ...route.config, access: 'anonymous' };
    } else if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    } else if (typeof route.config.access === 'object' && !route.config.access.reaches) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not say what it reaches of the applications (access.reaches)`);
    }
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access: route.config.access! });
  });

  // Who is behind a session, remembered a second (auth/recentSessions.ts); forgotten after any change this server makes.
  const staffSessions = new RecentSessions<StaffSession>();
  const applicantSessions = new RecentSessions<Applicant>();
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    staffSessions.forgetAll();
    applicantSessions.forgetAll();
  });

  app.addHook('onRequest', async (request) => {
    request.abilities = [];
    request.viewer = unconcerned;
    const access = request.routeOptions.config?.access;
    if (!access || access === 'anonymous') return;
    if (access === 'applicant') {
      await requireApplicant(request, applicantSessions);
      return;
    }
    await requireStaff(request, staffSessions);
    if (access === 'staff') return;
    const { abilities: requirement, scope } = access;
    request.scope = scope
      ? allowedEntityIds(request.abilities, requirement, scope.type)
      : isAllowed(request.abilities, requirement)
        ? null
        : [];
    if (request.scope?.length === 0) throw forbidden();
  });

  // An entity-scoped ability is checked against the request's entity (or each of a set) once params, query and body are
  // parsed. It runs for every caller holding one of the scope's type, general holders too (a handler asks `holds` about
  // that entity), and for every caller at all where the entity decides who reaches it (`everyCaller`).
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (typeof access !== 'object') return;
    const { abilities: requirement, scope } = access;
    if (scope?.of && (scope.everyCaller || request.abilities.some((a) => a.entity_type === scope.type))) {
      const target = await scope.of(request);
      if (target === 'unknown') throw notFound();
      if (typeof target === 'number') {
        request.entity = { id: target, type: scope.type };
        if (!isAllowed(request.abilities, requirement, request.entity)) throw forbidden();
      } else if (target !== 'list' && !target.every((id) => isAllowed(request.abilities, requirement, { id, type: scope.type }))) {
        throw forbidden();
      }
    }
  });

  // The applications a route names, checked against where the caller stands before anything else of the request is
  // read, so that the refusal is the same whatever the body holds: one who stood aside from any of them, or has yet to
  // declare as its reviewer, is refused on every route but the one where that is declared.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (typeof access !== 'object' || typeof access.reaches !== 'object' || !request.staff) return;
    await assertStanding(request, await access.reaches.names(request), access.reaches);
  });
}

export interface StaffSession {
  staff: StaffUser;
  abilities: Ability[];
  viewer: Viewer;
}

/**
 * The staff user signed in by the request's session cookie, or null: the one way a route learns who is signed in (the
 * access layer for every staff route; the second factor's set-up, which a challenge may start as well).
 */
export async function signedInStaff(request: FastifyRequest, recent?: RecentSessions<StaffSession>): Promise<StaffSession | null> {
  const token = request.cookies[sessionCookie.staff];
  if (!token) return null;
  const remembered = recent?.get(token);
  if (remembered) return remembered;
  const looked = await findStaffUser(request.server.db, token);
  if (!looked) return null;
  const found = { staff: looked.staff, abilities: looked.abilities, viewer: looked.viewer };
  recent?.remember(token, found, looked.expiresAt);
  return found;
}

async function requireStaff(request: FastifyRequest, recent: RecentSessions<StaffSession>) {
  const found = await signedInStaff(request, recent);
  if (!found) throw unauthenticated();
  request.staff = found.staff;
  // A copy: the remembered list is shared by the requests of the next second.
  request.abilities = [...found.abilities];
  request.viewer = found.viewer;
}

/**
 * Refuses (403) a request about applications the caller stood aside from (`errors.conflict_of_interest`; naming their
 * references where the request is about several, a batch or a meeting's agenda) or must first declare on as their
 * reviewer (`errors.declare_conflict_first`).
 */
async function assertStanding(request: FastifyRequest, applicationIds: readonly number[], { lets }: NamedApplications) {
  if (lets === 'declaring') return;
  await assertTakesPart(request.server.db, request.viewer, applicationIds);
  if (applicationIds.some((id) => request.viewer.undeclared.has(id))) throw new AppError(403, 'errors.declare_conflict_first');
}

async function requireApplicant(request: FastifyRequest, recent: RecentSessions<Applicant>) {
  const token = request.cookies[sessionCookie.applicant];
  if (!token) throw unauthenticated();
  let applicant = recent.get(token);
  if (!applicant) {
    const looked = await findApplicant(request.server.db, token);
    if (!looked) throw unauthenticated();
    applicant = looked.applicant;
    recent.remember(token, applicant, looked.expiresAt);
  }
  request.applicant = applicant;
}

/** Whether the caller holds the ability for what the request is about: generally, or for its entity (the route's scope). */
export function holds(request: FastifyRequest, name: AbilityName): boolean {
  return hasAbility(request.abilities, name, request.entity);
}
