/**
 * What needs a staff user (server/work/): the items, and where in the admin each opens its list. Shared, so that the
 * dashboard's link and the morning mail's open the same filtered list the count was taken from.
 */

export const workKeys = [
  'unread_messages',
  'followups_to_read',
  'followups_overdue',
  'decisions_to_release',
  'payouts_to_prepare',
  'payouts_to_attest',
  'reviews_to_do',
  'unassigned',
] as const;
export type WorkKey = (typeof workKeys)[number];

/** The lists an item opens: the staff lists of applications, decided applications, payouts and one's own investigations. */
export type WorkList = 'applications' | 'decided' | 'payouts' | 'investigations';

/** A list filter as the admin keeps it in the address (react-admin's ?filter=). */
export type WorkFilter = Record<string, string | number | boolean | number[]>;

const listPaths: Record<WorkList, string> = {
  applications: '/applications',
  decided: '/decision',
  payouts: '/payouts',
  investigations: '/investigations',
};

/** The admin's address (below /admin) of an item's list, filtered as its count was. */
export const workListPath = (item: { list: WorkList; filter: WorkFilter }) =>
  `${listPaths[item.list]}?${new URLSearchParams({ filter: JSON.stringify(item.filter) })}`;

/** The admin's address (below /admin) of a meeting. */
export const meetingPath = (id: number) => `/meetings/${id}`;
