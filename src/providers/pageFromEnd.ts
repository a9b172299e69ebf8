/**
 * A page counted from the end (the API's `page=-k`, -1 the last) as react-admin's list keeps it: FROM_END + k.
 * react-admin takes a page below 1 for none and goes back to the first (useListController), so such a page goes
 * through it as a number past every page counted from the start (the API's stop at 1 000 000), and the
 * dataProvider asks the API for -k.
 */
const FROM_END = 1_000_000;

/** react-admin's page for the k-th page from the end (1 the last). */
export const pageFromEnd = (k: number) => FROM_END + k;

/** k when react-admin's page is the k-th from the end, undefined when it counts from the start. */
export const countFromEnd = (page: number) => (page > FROM_END ? page - FROM_END : undefined);

/** The API's page for react-admin's: negative from the end. */
export function apiPage(page: number) {
  const k = countFromEnd(page);
  return k === undefined ? page : -k;
}
