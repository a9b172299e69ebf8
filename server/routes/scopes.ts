import type { FastifyRequest } from 'fastify';
import { applicationIdsOf, applicationOf, applicationsOfApplicant } from '../applicationCore/staffReach.js';
import { applicationsOnAgenda } from '../meetings/agenda.js';
import { meetingReach, periodOfKnownMeeting } from '../meetings/meetings.js';
import { payoutsNamedBy } from '../payouts/bankAnswers/importBankAnswer.js';
import { ownersOfBatch, ownersOfPayouts } from '../payouts/payoutOwners.js';
import { applicationOfRepayment } from '../payouts/repayments.js';
import { periodIdOfUuid } from '../periods.js';
import type { NamedApplications, Scope, ScopeTarget } from '../types.js';
import { isUuid } from './schemas.js';

/**
 * What routes name in their access declaration, in one place: their scope, where an ability granted for one entity
 * finds the entity of a request (an ability for a period covers the period and every application in it); and the
 * applications they reach by name, which the access layer checks against where the caller stands (server/auth/
 * standing.ts). The applications are read from the path, query or body before the body is validated (text where a
 * validated request would have numbers), so each reader takes what it finds with care.
 */

const param = (request: FastifyRequest, name: string): unknown => (request.params as Record<string, unknown> | undefined)?.[name];

/** A uuid in the path, or nothing when it is malformed (unknown, as the handler says too: 404). */
function uuidParam(request: FastifyRequest, name: string): string | null {
  const value = param(request, name);
  return typeof value === 'string' && isUuid(value) ? value : null;
}

/** A whole number as a column takes it: a number, or its digits before the path or body is validated; else null. */
function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

const idParam = (request: FastifyRequest) => wholeNumber(param(request, 'id'));

const known = (id: number | undefined): ScopeTarget => id ?? 'unknown';

/** Looks a request's entity up once, whichever of the scope and the named applications asks first. */
function oncePerRequest<T>(find: (request: FastifyRequest) => Promise<T>) {
  const found = new WeakMap<FastifyRequest, Promise<T>>();
  return (request: FastifyRequest): Promise<T> => {
    let answer = found.get(request);
    if (!answer) found.set(request, (answer = find(request)));
    return answer;
  };
}

const applicationInPath = oncePerRequest(async (request) => {
  const uuid = uuidParam(request, 'uuid');
  return uuid ? applicationOf(request.server.db, uuid) : undefined;
});
const payoutInPath = oncePerRequest(async (request) => {
  const id = idParam(request);
  return ownersOfPayouts(request.server.db, { ids: id ? [id] : [] });
});
const batchInPath = oncePerRequest(async (request) => {
  const id = idParam(request);
  return id ? ownersOfBatch(request.server.db, id) : undefined;
});
const payoutsInBody = oncePerRequest(async (request) => {
  const given = (request.body as { data?: { payout_ids?: unknown } } | undefined)?.data?.payout_ids;
  const payoutIds = Array.isArray(given) ? given.slice(0, 1000).map(wholeNumber) : [];
  return ownersOfPayouts(request.server.db, { ids: payoutIds.filter((id): id is number => id !== null) });
});
/** The payouts a bank's answer in the body (`data.xml`) names: read once per request, for the access check and the handler. */
const payoutsOfBankAnswer = oncePerRequest(async (request) => {
  const xml = (request.body as { data?: { xml?: unknown } } | undefined)?.data?.xml;
  return ownersOfPayouts(request.server.db, { ids: typeof xml === 'string' ? await payoutsNamedBy(request.server.db, xml) : [] });
});
const repaymentInPath = oncePerRequest(async (request) => {
  const id = idParam(request);
  return id ? applicationOfRepayment(request.server.db, id) : undefined;
});

/** A list of `type`'s records, or of rows inside them: narrowed to those the caller holds (`request.scope`). */
export const listOf = (type: string): Scope => ({ type });

/** Lists of applications and other rows of periods: narrowed to the caller's periods. */
export const periodsList = listOf('periods');

/** The period of the application in the path (`:uuid`), which every staff route of one application names. */
export const applicationPeriod: Scope = {
  type: 'periods',
  of: async (request) => known((await applicationInPath(request))?.period_id),
};

/** The period of the payout in the path (`:id`): an ability granted for a period covers its payouts. */
export const payoutPeriod: Scope = { type: 'periods', of: async (request) => known((await payoutInPath(request)).periods[0]) };

/** The periods of the batch in the path (`:id`): a batch is the caller's when all its payouts are. */
export const batchPeriods: Scope = { type: 'periods', of: async (request) => (await batchInPath(request))?.periods ?? 'unknown' };

/** The periods of the payouts the body lists (`data.payout_ids`), as a new batch gathers them: all must be the caller's. */
export const payoutsInBodyPeriods: Scope = { type: 'periods', of: async (request) => (await payoutsInBody(request)).periods };

/** The periods of the payouts a bank's answer in the body names: all must be the caller's. */
export const bankAnswerPeriods: Scope = { type: 'periods', of: async (request) => (await payoutsOfBankAnswer(request)).periods };

/** The period of the repayment in the path (`:id`): an ability for a period covers its applications' repayments. */
export const repaymentPeriod: Scope = { type: 'periods', of: async (request) => known((await repaymentInPath(request))?.period_id) };

/**
 * The period of the meeting in the path (`:id`), for every caller: those who manage meetings of its period reach it,
 * its members who attend meetings read it, to one who attends the period's meetings but is no member of it it is
 * unknown (404), and anyone else is refused it (403).
 */
export const meetingPeriod: Scope = {
  type: 'periods',
  everyCaller: true,
  async of(request) {
    const meetingId = idParam(request);
    const reach = meetingReach(request.abilities, request.staff!.id);
    return (meetingId !== null && (await periodOfKnownMeeting(request.server.db, meetingId, reach))) || 'unknown';
  },
};

/**
 * The scope's entity and, where the body moves it to another period (`data.period_id`), that period too: the caller
 * must hold the route's abilities for both.
 */
export const movedByBody = (scope: Scope): Scope => ({
  ...scope,
  async of(request) {
    const own = await scope.of!(request);
    const moved = (request.body as { data?: { period_id?: unknown } } | undefined)?.data?.period_id;
    return typeof own === 'number' && typeof moved === 'number' && moved !== own ? [own, moved] : own;
  },
});

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

const ids = (found: { id: number } | undefined): number[] => (found ? [found.id] : []);

/** The application in the path (`:uuid`). */
export const namesApplicationInPath: NamedApplications = { names: async (request) => ids(await applicationInPath(request)) };

/**
 * The same, on the routes where its reviewer declares a conflict of interest or not, and one who stood aside reads
 * their own declaration: the handler says what each may read and write.
 */
export const declaresOnApplicationInPath: NamedApplications = { ...namesApplicationInPath, lets: 'declaring' };

/** The application of the payout in the path (`:id`). */
export const namesPayoutInPath: NamedApplications = { names: async (request) => (await payoutInPath(request)).applications };

/** The application of the repayment in the path (`:id`). */
export const namesRepaymentInPath: NamedApplications = { names: async (request) => ids(await repaymentInPath(request)) };

/** The applications of the payment batch in the path (`:id`): all of them must be the caller's to act on. */
export const namesBatchInPath: NamedApplications = { names: async (request) => (await batchInPath(request))?.applications ?? [] };

/** The applications of the payouts the body lists (`data.payout_ids`), as a new batch gathers them. */
export const namesPayoutsInBody: NamedApplications = { names: async (request) => (await payoutsInBody(request)).applications };

/** The applications of the payouts a bank's answer names: all must be the caller's to act on. */
export const namesBankAnswerPayouts: NamedApplications = { names: async (request) => (await payoutsOfBankAnswer(request)).applications };

/** The applications an applicant (the path's `:id`) has sent in: what carrying out their erasure acts on. */
export const namesApplicantsApplications: NamedApplications = {
  async names(request) {
    const id = idParam(request);
    return id ? applicationsOfApplicant(request.server.db, id) : [];
  },
};

/** The applications on the agenda of the meeting in the path (`:id`): the board's decisions are about all of them. */
export const namesMeetingAgenda: NamedApplications = {
  async names(request) {
    const id = idParam(request);
    return id ? applicationsOnAgenda(request.server.db, id) : [];
  },
};

/** The applications the body puts on a meeting's agenda (`data.application_uuids`). */
export const namesAgendaInBody: NamedApplications = {
  async names(request) {
    const given = (request.body as { data?: { application_uuids?: unknown } } | undefined)?.data?.application_uuids;
    const uuids = Array.isArray(given) ? given.slice(0, 500).filter((u): u is string => typeof u === 'string' && isUuid(u)) : [];
    return applicationIdsOf(request.server.db, uuids);
  },
};

/** The application the body names (`data.application_uuid`), as a changed decision takes it up on a meeting's agenda. */
export const namesApplicationInBody: NamedApplications = {
  async names(request) {
    const given = (request.body as { data?: { application_uuid?: unknown } } | undefined)?.data?.application_uuid;
    return typeof given === 'string' && isUuid(given) ? applicationIdsOf(request.server.db, [given]) : [];
  },
};
