import type { FastifyRequest } from 'fastify';
import { periodOfApplication } from '../applications/staffReach.js';
import { AppError } from '../errors.js';
import { periodOfMeeting } from '../meetings/meetings.js';
import { periodIdOfUuid } from '../periods.js';
import { reviewStanding } from '../reviews/standing.js';
import type { Scope, ScopeTarget } from '../types.js';
import { isUuid } from './schemas.js';

/**
 * The scopes routes name in their access declaration: where an ability granted for one entity finds the
 * entity of a request. An ability for a period covers the period and every application in it.
 */

const param = (request: FastifyRequest, name: string): unknown => (request.params as Record<string, unknown>)[name];

/** A uuid in the path, or nothing when it is malformed (unknown, as the handler says too: 404). */
function uuidParam(request: FastifyRequest, name: string): string | null {
  const value = param(request, name);
  return typeof value === 'string' && isUuid(value) ? value : null;
}

const known = (id: number | undefined): ScopeTarget => id ?? 'unknown';

/** A list of `type`'s records, or of rows inside them: narrowed to those the caller holds (`request.scope`). */
export const listOf = (type: string): Scope => ({ type });

/** Lists of applications and other rows of periods: narrowed to the caller's periods. */
export const periodsList = listOf('periods');

/** The period of the application in the path, as the scope of the application's reviews (the gate left open). */
export const reviewedApplicationPeriod: Scope = {
  type: 'periods',
  async of(request) {
    const uuid = uuidParam(request, 'uuid');
    return uuid ? known(await periodOfApplication(request.server.db, uuid)) : 'unknown';
  },
};

/**
 * The period of the application in the path (`:uuid`), which every staff route of one application names. A reviewer of
 * it (server/reviews/standing.ts) reaches it only after declaring that they have no conflict of interest with the
 * applicant: before, 403 `errors.declare_conflict_first`; having declared one, 403 `errors.conflict_of_interest`.
 * The reviews' own routes, where the declaration is made, name `reviewedApplicationPeriod` instead.
 */
export const applicationPeriod: Scope = {
  ...reviewedApplicationPeriod,
  async gate(request) {
    const uuid = uuidParam(request, 'uuid');
    if (!uuid || !request.staff) return;
    const standing = await reviewStanding(request.server.db, uuid, request.staff.id);
    if (standing === 'undeclared') throw new AppError(403, 'errors.declare_conflict_first');
    if (standing === 'conflict') throw new AppError(403, 'errors.conflict_of_interest');
  },
};

/** The period of the meeting in the path (`:id`): an ability granted for a period covers its meetings. */
export const meetingPeriod: Scope = {
  type: 'periods',
  async of(request) {
    const meetingId = (request.params as { id?: unknown }).id;
    return (typeof meetingId === 'number' && (await periodOfMeeting(request.server.db, meetingId))) || 'unknown';
  },
};

/** The period in the path by its uuid (`:uuid`, or `:period_uuid`). */
export const pathPeriod: Scope = {
  type: 'periods',
  async of(request) {
    const uuid = uuidParam(request, 'period_uuid') ?? uuidParam(request, 'uuid');
    return uuid ? known(await periodIdOfUuid(request.server.db, uuid)) : 'unknown';
  },
};

/** The period an application is registered in (`data.period_id` of the body). */
export const bodyPeriod: Scope = {
  type: 'periods',
  of(request) {
    const body = request.body as { data?: { period_id?: unknown } } | undefined;
    const id = body?.data?.period_id;
    return typeof id === 'number' ? id : 'unknown';
  },
};

/** The period asked for in the query (`?period=`), or, without one, every period the caller holds. */
export const queryPeriod: Scope = {
  type: 'periods',
  of(request) {
    const id = (request.query as { period?: unknown } | undefined)?.period;
    return typeof id === 'number' ? id : 'list';
  },
};

/** One record of a settings entity by the path's `:id` (unknown ones are the handler's 404). */
export const record = (type: string): Scope => ({
  type,
  of(request) {
    const id = param(request, 'id');
    return typeof id === 'number' ? id : 'unknown';
  },
});
