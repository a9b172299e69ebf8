import type { FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { Ability, Entity, Requirement } from '../resources/abilities.js';
import type { Locale } from '../resources/locales.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Translate } from './i18n.js';
import type { Jobs } from './jobs/queue.js';
import type { Mailer } from './mail/outbox.js';
import type { AuthKeys } from './auth/secrets.js';
import type { Applicant, StaffUser } from './auth/sessions.js';
import type { Viewer } from './auth/standing.js';
import type { FileStorage } from './uploads/storage.js';

/**
 * Who may call a route. Every route declares one (server/plugins/access.ts refuses to start otherwise):
 * anyone, a signed-in applicant, any signed-in staff user, or staff holding the named abilities, generally or, where
 * the route names its `scope`, for the entity the request is about; such a route also says what it `reaches` of the
 * applications, so that a conflict of interest and a blind review hold on it (server/auth/standing.ts).
 */
export type Access = 'anonymous' | 'applicant' | 'staff' | { abilities: Requirement; scope?: Scope; reaches: Reach };

/**
 * What a staff route reaches of the applications' data:
 * - `nothing`: no one application's data (settings, a period, counts and sums of many);
 * - `rows`: a list, document or batch of many applications, read and written through the caller's standing
 *   (`request.viewer`): what is withheld from them is masked, left out or refused by the functions it calls;
 * - the applications it names (`names`, resolved from the path, query or body before the body is validated): the
 *   access layer refuses the request (403) when the caller stood aside from any of them, or has yet to declare as its
 *   reviewer, unless the route is where that is declared (`lets: 'declaring'`).
 */
export type Reach = 'nothing' | 'rows' | NamedApplications;
export interface NamedApplications {
  names: (request: FastifyRequest) => Promise<readonly number[]>;
  lets?: 'declaring';
}

/**
 * Where a route finds the entity that an ability granted for one entity must match, e.g. the period of
 * the application in the path. `of` runs once params, query and body are parsed, and only for callers who hold such
 * an ability: it answers the entity's id; the ids of a set of them, every one of which the caller must hold it for (a
 * batch's periods); 'unknown' when the request names none that exists (404); or 'list' when the request is about no
 * one entity and the handler narrows its rows to `request.scope`. Without `of` the route is always such a list.
 */
export interface Scope {
  type: string;
  of?: (request: FastifyRequest) => Promise<ScopeTarget> | ScopeTarget;
  /** `of` runs for every caller, general holders too: the entity decides who reaches it (a meeting: its members). */
  everyCaller?: boolean;
}
export type ScopeTarget = number | readonly number[] | 'unknown' | 'list';

/** One registered route and its declaration; the authorization tests walk this table. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The resource a generated route serves: its field labels name the fields in error messages. */
    resource?: string;
  }
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    jobs: Jobs;
    clock: Clock;
    /** Where uploaded files are kept (server/uploads/storage.ts). */
    storage: FileStorage;
    /** What AUTH_SECRET keys: second-factor secrets sealed, personal numbers hashed (server/auth/secrets.ts). */
    authKeys: AuthKeys;
    routeAccess: RouteAccess[];
    /** The metrics that GET /metrics and METRICS_PORT serve (server/metrics/). */
    metrics: Registry;
  }
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
    staff: StaffUser | null;
    applicant: Applicant | null;
    abilities: Ability[];
    /** The entities a list may show: null for every one (a general ability), else the ids the caller holds. */
    scope: number[] | null;
    /** The entity of a scoped route once resolved (for callers holding an entity-scoped ability), else null. */
    entity: Entity | null;
    /** Where the signed-in staff user stands towards the applications (conflicts, reviews not yet in); else unconcerned. */
    viewer: Viewer;
  }
}
