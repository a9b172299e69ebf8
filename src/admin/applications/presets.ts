import { listedStatuses } from '../../../resources/applications';

/** The filters of the applications list, as react-admin keeps them in the address (?filter=…). */
export type ListFilters = Record<string, unknown>;

/**
 * What an address presets on the applications list: applications/{status}, ?status=, ?unread=1 and
 * ?followups=1. Null when a status is given that the list does not show ("xyz", a draft's 10): that page is not found.
 */
export function presetsOf(pathStatus: string | undefined, query: URLSearchParams): ListFilters | null {
  const presets: ListFilters = {};
  for (const text of [pathStatus, query.get('status')]) {
    if (!text) continue;
    const code = /^-?\d+$/.test(text) ? Number(text) : NaN;
    if (!listedStatuses.includes(code)) return null;
    presets.status = [code];
  }
  for (const flag of ['unread', 'followups']) {
    if (['1', 'true'].includes(query.get(flag) ?? '')) presets[flag] = true;
  }
  return presets;
}
