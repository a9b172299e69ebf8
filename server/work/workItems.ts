import { allowedEntityIds, mayReach, type Ability, type AbilityName, type Requirement } from '../../resources/abilities.js';
import { enums } from '../../resources/enums.js';
import type { WorkFilter, WorkKey, WorkList } from '../../resources/work.js';
import type { Viewer } from '../auth/standing.js';
import type { Db } from '../db/connect.js';
import { parseListQuery, type ListEnvelope } from '../lists/listQuery.js';
import { listApplications, listSpecs } from '../applications/lists.js';
import { ownInvestigations, ownList } from '../applications/investigations.js';
import { listPayouts, payoutListGrammar } from '../payouts/payoutList.js';
import { meetingReach, nextMeetingOf } from '../meetings/meetings.js';
import { addDays } from '../clock.js';

/**
 * What needs a staff user now, each item a count and the list it opens: the count IS that list's total, asked of the
 * list's own function with the filter the link carries and the periods its route would give the same user (`needs`,
 * as the route declares it), so a count and its list never disagree.
 */

interface WorkSpec {
  key: WorkKey;
  /** Whether the user's abilities let the item concern them (beyond its list's route, e.g. attesting). */
  concerns: AbilityName;
  list: WorkList;
  filter: (today: string) => WorkFilter;
}

const { requested, prepared } = enums.payout_status;

/** In the order the dashboard shows them: the applicant waiting first, then the foundation's own steps. */
export const workSpecs: readonly WorkSpec[] = [
  { key: 'unread_messages', concerns: 'manage-applications', list: 'applications', filter: () => ({ unread: true }) },
  { key: 'followups_to_read', concerns: 'manage-applications', list: 'applications', filter: () => ({ followups_to_read: true }) },
  {
    key: 'followups_overdue',
    concerns: 'manage-applications',
    list: 'applications',
    filter: (today) => ({ followup_overdue_on: today }),
  },
  { key: 'decisions_to_release', concerns: 'manage-applications', list: 'decided', filter: () => ({ unreleased: true }) },
  { key: 'payouts_to_prepare', concerns: 'manage-payouts', list: 'payouts', filter: () => ({ status: requested }) },
  {
    key: 'payouts_to_attest',
    concerns: 'approve-payouts',
    list: 'payouts',
    filter: () => ({ status: prepared, prepared_by_others: true }),
  },
  { key: 'reviews_to_do', concerns: 'investigate-applications', list: 'investigations', filter: () => ({ todo: true }) },
  { key: 'unassigned', concerns: 'manage-applications', list: 'applications', filter: (today) => ({ unassigned_on: today }) },
];

/** The query a list's route reads from a filter: arrays as `name[]`, as the admin's data provider sends them. */
export function filterQuery(filter: WorkFilter, perPage = 1): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = { per_page: String(perPage) };
  for (const [name, value] of Object.entries(filter)) {
    if (Array.isArray(value)) query[`${name}[]`] = value.map(String);
    else query[name] = String(value);
  }
  return query;
}

/** Who asks: their abilities and where they stand towards the applications, as their session gives them. */
export interface Worker {
  userId: number;
  abilities: readonly Ability[];
  viewer: Viewer;
}

type Reader = Viewer & { userId: number };

/**
 * Each list as its route serves it: its address (below /api/v1), what the route requires (so which of the user's
 * periods it covers, its `request.scope`), and its grammar and function.
 */
export const workLists: Record<
  WorkList,
  {
    route: string;
    requires: Requirement;
    read: (db: Db, raw: unknown, periods: number[] | null, viewer: Reader) => Promise<ListEnvelope<unknown>>;
  }
> = {
  applications: {
    route: '/applications/all',
    requires: 'manage-applications',
    read: (db, raw, periods, viewer) => listApplications(db, 'all', parseListQuery(listSpecs.all, raw), { periods, viewer }),
  },
  decided: {
    route: '/applications/decided',
    requires: 'manage-applications',
    read: (db, raw, periods, viewer) => listApplications(db, 'decided', parseListQuery(listSpecs.decided, raw), { periods, viewer }),
  },
  payouts: {
    route: '/payouts',
    requires: { anyOf: ['manage-payouts', 'approve-payouts'] },
    read: (db, raw, periods, viewer) => listPayouts(db, parseListQuery(payoutListGrammar, raw), { periods, viewer }),
  },
  investigations: {
    route: '/applications/userInvestigations',
    requires: 'investigate-applications',
    read: (db, raw, periods, viewer) => ownInvestigations(db, viewer, parseListQuery(ownList, raw), periods),
  },
};

/** One list's total under the filter, as its route would answer the worker: exact, or "more than" its cap. */
async function listTotal(db: Db, list: WorkList, filter: WorkFilter, worker: Worker) {
  const { requires, read } = workLists[list];
  const page = await read(db, filterQuery(filter), allowedEntityIds(worker.abilities, requires, 'periods'), {
    ...worker.viewer,
    userId: worker.userId,
  });
  return { count: page.total, exact: page.total_exact !== false };
}

export interface WorkItem {
  key: WorkKey;
  count: number;
  /** False past the list's cap: "more than" count. */
  exact: boolean;
  list: WorkList;
  filter: WorkFilter;
}

/**
 * What needs the worker on `today` (a Stockholm day): the items that concern them and are not empty (one their
 * abilities do not reach, or whose list is empty, is left out), and their next meeting, if one is coming.
 */
export async function workOf(db: Db, worker: Worker, today: string) {
  const concerning = workSpecs.filter(
    (spec) => mayReach(worker.abilities, spec.concerns) && mayReach(worker.abilities, workLists[spec.list].requires),
  );
  const meets = mayReach(worker.abilities, { anyOf: ['attend-meetings', 'manage-meetings'] });
  const [items, nextMeeting] = await Promise.all([
    Promise.all(
      concerning.map(async (spec): Promise<WorkItem> => {
        const filter = spec.filter(today);
        return { key: spec.key, list: spec.list, filter, ...(await listTotal(db, spec.list, filter, worker)) };
      }),
    ),
    meets ? nextMeetingOf(db, meetingReach(worker.abilities, worker.userId), today) : undefined,
  ]);
  return { items: items.filter((item) => item.count > 0), next_meeting: nextMeeting ?? null };
}
export type Work = Awaited<ReturnType<typeof workOf>>;

/** Days ahead within which a coming meeting is worth a morning mail by itself. */
const MEETING_SOON_DAYS = 7;

/** Whether anything needs the worker on `today`: the daily summary is mailed only then. */
export const needsThem = (work: Work, today: string) =>
  work.items.length > 0 || (work.next_meeting !== null && work.next_meeting.held_on <= addDays(today, MEETING_SOON_DAYS));
