import type { Ability, Requirement } from '../resources/abilities.js';
import type { Locale } from '../resources/locales.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Translate } from './i18n.js';
import type { Jobs } from './jobs/queue.js';
import type { Mailer } from './mail/outbox.js';
import type { Applicant, StaffUser } from './auth/sessions.js';

/**
 * Who may call a route. Every route declares one (server/plugins/access.ts refuses to start otherwise):
 * anyone, a signed-in applicant, any signed-in staff user, or staff holding the named abilities.
 */
export type Access = 'anonymous' | 'applicant' | 'staff' | { abilities: Requirement };

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
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
    staff: StaffUser | null;
    applicant: Applicant | null;
    abilities: Ability[];
  }
}
