import { PAGE_SIZE } from '../../resources/fields.js';
import { invalid, type FieldErrors, type Message } from '../errors.js';

/** What a list's query may carry beyond paging, sorting and search; anything else is a 422. */
type FilterKind = 'id' | 'boolean' | 'text' | 'month';

export interface ListSpec {
  /** The statuses this list shows; `status[]` may narrow them and nothing else. */
  statuses: readonly number[];
  sorts: readonly string[];
  defaultSort: string;
  filters: Readonly<Record<string, FilterKind>>;
  search: boolean;
}

export interface ApplicationListQuery {
  page: number;
  perPage: number;
  sort: string;
  direction: 'asc' | 'desc';
  search: string | null;
  statuses: number[];
  ids: Record<string, number>;
  flags: Record<string, boolean>;
  texts: Record<string, string>;
}

const MAX_PER_PAGE = 100;
const PAGING = ['page', 'per_page', 'sort', 'direction', 'search', 'status'];

/**
 * The list parameters of DESIGN.md §4 for the staff application lists, checked against the list's whitelists as the
 * settings engine does (server/resources/listQuery.ts): an unknown sort or filter, a status the list does not show,
 * a malformed page or a search of 2 characters or fewer is a 422 with a translated message, never ignored.
 */
export function parseApplicationListQuery(spec: ListSpec, raw: Record<string, unknown>, { paged = true } = {}): ApplicationListQuery {
  const errors: FieldErrors = {};
  const fail = (name: string, message: Message) => (errors[name] ??= []).push(message);
  const params = new Map<string, string[]>();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    params.set(key.replace(/\[\]$/, ''), ([] as unknown[]).concat(value).map(String));
  }
  const single = (name: string) => params.get(name)?.[0];

  const whole = (name: string, fallback: number, max: number) => {
    const value = single(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > max) {
      fail(name, { key: 'validation.max_number', params: { limit: max } });
      return fallback;
    }
    return n;
  };
  const page = whole('page', 1, 1_000_000);
  // An export takes every match at once.
  const perPage = paged ? whole('per_page', PAGE_SIZE, MAX_PER_PAGE) : Number.MAX_SAFE_INTEGER;

  const sortName = single('sort');
  let sort = spec.defaultSort;
  if (sortName !== undefined) {
    if (spec.sorts.includes(sortName)) sort = sortName;
    else fail('sort', { key: 'validation.sort', params: { field: sortName } });
  }
  const direction = (single('direction') ?? 'asc').toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') fail('direction', 'validation.in');

  let search: string | null = null;
  const term = single('search')?.trim();
  if (term) {
    if (!spec.search) fail('search', { key: 'validation.filter', params: { field: 'search' } });
    else if (term.length <= 2) fail('search', 'validation.search_too_short');
    else search = term;
  }

  let statuses = [...spec.statuses];
  const wanted = params.get('status')?.filter((v) => v !== '');
  if (wanted?.length) {
    const codes = wanted.map(Number);
    if (codes.some((code) => !spec.statuses.includes(code))) fail('status', 'validation.in');
    else statuses = [...new Set(codes)];
  }

  const query: ApplicationListQuery = { page, perPage, sort, direction: direction as 'asc' | 'desc', search, statuses, ids: {}, flags: {}, texts: {} };
  for (const [name, values] of params) {
    if (PAGING.includes(name)) continue;
    const kind = spec.filters[name];
    const value = values[0]?.trim() ?? '';
    if (!kind) fail(name, { key: 'validation.filter', params: { field: name } });
    else if (values.length !== 1) fail(name, 'validation.in');
    else if (kind === 'id') {
      if (/^\d{1,9}$/.test(value)) query.ids[name] = Number(value);
      else fail(name, 'validation.integer');
    } else if (kind === 'boolean') {
      if (['true', '1'].includes(value)) query.flags[name] = true;
      else if (['false', '0'].includes(value)) query.flags[name] = false;
      else fail(name, 'validation.boolean');
    } else if (kind === 'month') {
      const month = /^(\d{4})-(\d{2})$/.exec(value);
      if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) query.texts[name] = value;
      else fail(name, 'validation.date');
    } else if (value.length <= 2) {
      // A text filter searches as the search does, so it needs as many characters.
      fail(name, 'validation.search_too_short');
    } else {
      query.texts[name] = value;
    }
  }
  const names = Object.keys(errors);
  // A short search is the common case: say so on top, not only beside the field (as the settings lists do).
  if (names.length) throw invalid(errors, names.length === 1 && names[0] === 'search' ? 'validation.search_too_short' : undefined);
  return query;
}
