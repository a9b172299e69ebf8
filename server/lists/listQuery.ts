import { isInt4 } from '../../resources/columnRanges.js';
import { PAGE_SIZE } from '../../resources/fields.js';
import { isoDate } from '../../resources/validators.js';
import { invalid, type FieldErrors, type Message } from '../errors.js';

/**
 * What a filter accepts. The first six take exactly one value (the staff application lists; `percent` a number from
 * 0 to 100, with up to two decimals; `day` a day as YYYY-MM-DD, as a Stockholm day); the `[]` kinds take one or more, any of which may match (the settings lists,
 * e.g. `category_id[]=1&category_id[]=2`).
 */
export type FilterKind = 'id' | 'boolean' | 'text' | 'month' | 'day' | 'percent' | 'integer[]' | 'choice[]' | 'boolean[]';

/** A list's whitelists: anything a query carries beyond them is a 422. */
export interface ListGrammar {
  sorts: readonly string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** 50 unless the list says otherwise. */
  perPage?: number;
  search: boolean;
  filters: Readonly<Record<string, FilterKind>>;
  /** The statuses the list shows; `status[]` may narrow them and nothing else. */
  statuses?: readonly number[];
  /** `id[]` picks records by id (react-admin's getMany). */
  byId?: boolean;
  /**
   * A negative page counts from the end (`page=-1` the last `per_page` rows in the list's order, -2 those before):
   * the list function answers it through `fromTheEnd`. Elsewhere a page below 1 is a 422.
   */
  fromEnd?: boolean;
}

export interface ListQuery {
  /** From 1; negative (a list with `fromEnd`) counts from the end. */
  page: number;
  perPage: number;
  sort: string;
  direction: 'asc' | 'desc';
  search: string | null;
  statuses: number[];
  /** The single-valued filters by kind. */
  ids: Record<string, number>;
  flags: Record<string, boolean>;
  texts: Record<string, string>;
  /** The `percent` filters, as numbers from 0 to 100. */
  numbers: Record<string, number>;
  /** The `[]` filters: the accepted values, already of the filter's type. */
  anyOf: Record<string, (string | number | boolean)[]>;
  /** `id[]`, or null when not given. */
  only: number[] | null;
}

const MAX_PER_PAGE = 100;
const MAX_PAGE = 1_000_000;

/** `name[]` and `name` are the same parameter; every value is a list of strings. */
function parameters(raw: unknown) {
  const params = new Map<string, string[]>();
  for (const [key, value] of Object.entries(typeof raw === 'object' && raw !== null ? raw : {})) {
    if (value === undefined) continue;
    params.set(key.replace(/\[\]$/, ''), ([] as unknown[]).concat(value).map(String));
  }
  return params;
}

/**
 * The list parameters (page, per_page, sort, direction, search, filters, status[]),
 * checked against the list's whitelists: an unknown sort or filter, a status the list does not show, a malformed
 * page or a search of 2 characters or fewer is a 422 with translated field errors, never silently ignored.
 * Unpaged (an export), every match is taken at once.
 */
export function parseListQuery(grammar: ListGrammar, raw: unknown, { paged = true } = {}): ListQuery {
  const errors: FieldErrors = {};
  const fail = (name: string, message: Message) => (errors[name] ??= []).push(message);
  const params = parameters(raw);
  const single = (name: string) => params.get(name)?.[0];

  /** A whole number from 1 to `max`, or with `fromEnd` from -1 to -`max` too (never 0). */
  const whole = (name: string, fallback: number, max: number, fromEnd = false) => {
    const value = single(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!(fromEnd ? /^-?\d+$/ : /^\d+$/).test(value) || n === 0 || Math.abs(n) > max) {
      fail(name, { key: fromEnd ? 'validation.page_from_end' : 'validation.max_number', params: { limit: max } });
      return fallback;
    }
    return n;
  };
  const page = whole('page', 1, MAX_PAGE, grammar.fromEnd);
  const perPage = paged ? whole('per_page', grammar.perPage ?? PAGE_SIZE, MAX_PER_PAGE) : Number.MAX_SAFE_INTEGER;

  const sortName = single('sort');
  let sort = grammar.defaultSort.field;
  if (sortName !== undefined) {
    if (grammar.sorts.includes(sortName)) sort = sortName;
    else fail('sort', { key: 'validation.sort', params: { field: sortName } });
  }
  // The default order belongs to the default sort; a sort asked for goes up unless told otherwise.
  const direction = (single('direction') ?? (sortName === undefined ? grammar.defaultSort.order : 'asc')).toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') fail('direction', 'validation.in');

  let search: string | null = null;
  const term = single('search')?.trim();
  if (term) {
    if (!grammar.search) fail('search', { key: 'validation.filter', params: { field: 'search' } });
    else if (term.length <= 2) fail('search', 'validation.search_too_short');
    else search = term;
  }

  const query: ListQuery = {
    page,
    perPage,
    sort,
    direction: direction as 'asc' | 'desc',
    search,
    statuses: [...(grammar.statuses ?? [])],
    ids: {},
    flags: {},
    texts: {},
    numbers: {},
    anyOf: {},
    only: null,
  };
  for (const [name, values] of params) {
    if (['page', 'per_page', 'sort', 'direction', 'search'].includes(name)) continue;
    if (name === 'status' && grammar.statuses) {
      const wanted = values.filter((v) => v !== '');
      if (!wanted.length) continue;
      const codes = wanted.map(Number);
      if (codes.some((code) => !grammar.statuses!.includes(code))) fail('status', 'validation.in');
      else query.statuses = [...new Set(codes)];
    } else if (name === 'id' && grammar.byId) {
      query.only = values.map(Number);
      // Past the column (99999999999, 1e21), PostgreSQL would refuse the number with a 500.
      if (query.only.some((id) => !isInt4(id))) fail('id', 'validation.integer');
    } else {
      const kind = Object.hasOwn(grammar.filters, name) ? grammar.filters[name] : undefined;
      if (!kind) fail(name, { key: 'validation.filter', params: { field: name } });
      else readFilter(query, name, kind, values, fail);
    }
  }
  const names = Object.keys(errors);
  // A short search is the common case: say so on top, not only beside the field.
  if (names.length) throw invalid(errors, names.length === 1 && names[0] === 'search' ? 'validation.search_too_short' : undefined);
  return query;
}

function readFilter(query: ListQuery, name: string, kind: FilterKind, values: string[], fail: (name: string, message: Message) => void) {
  if (kind.endsWith('[]')) {
    const typed = values.map((v) => (kind === 'boolean[]' ? v === 'true' || v === '1' : kind === 'choice[]' ? v : Number(v)));
    const wrong =
      kind === 'boolean[]'
        ? values.some((v) => !['true', 'false', '1', '0'].includes(v))
        : typed.some((v) => typeof v === 'number' && !isInt4(v));
    if (wrong) fail(name, 'validation.in');
    else query.anyOf[name] = typed;
    return;
  }
  const value = values[0]?.trim() ?? '';
  if (values.length !== 1) fail(name, 'validation.in');
  else if (kind === 'id') {
    if (/^\d{1,9}$/.test(value)) query.ids[name] = Number(value);
    else fail(name, 'validation.integer');
  } else if (kind === 'boolean') {
    if (['true', '1'].includes(value)) query.flags[name] = true;
    else if (['false', '0'].includes(value)) query.flags[name] = false;
    else fail(name, 'validation.boolean');
  } else if (kind === 'percent') {
    if (/^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100) query.numbers[name] = Number(value);
    else fail(name, 'validation.percent');
  } else if (kind === 'month') {
    // PostgreSQL has no year 0 (0000-01 would be a 500), and SQL dates begin at year 1.
    const month = /^(\d{4})-(\d{2})$/.exec(value);
    if (month && Number(month[1]) >= 1 && Number(month[2]) >= 1 && Number(month[2]) <= 12) query.texts[name] = value;
    else fail(name, 'validation.date');
  } else if (kind === 'day') {
    if (value && !isoDate(value)) query.texts[name] = value;
    else fail(name, 'validation.date');
  } else if (value.length <= 2) {
    // A text filter searches as the search does, so it needs as many characters.
    fail(name, 'validation.search_too_short');
  } else {
    query.texts[name] = value;
  }
}

/** The list envelope, which routes answer inside { data } (server/routes/schemas.ts `listPageSchema` documents it). */
export interface ListEnvelope<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
  total_exact?: false;
  has_next_page?: boolean;
  has_previous_page?: boolean;
}

/**
 * The list envelope; an unpaged list (an export) is one page of everything. Not `exact`, the list has more than
 * `total` matches (counted up to a cap): `total_exact` false, and `last_page` the last known (the next, if one
 * follows). Then, and on a page counted from the end, `has_next_page` and `has_previous_page` say whether a page
 * follows this one (towards the end) and precedes it (towards the start): on page -k, whether more than k pages'
 * rows match. Past the cap a full page is taken to have one beyond it.
 */
export function listPage<T>(data: T[], total: number, query: Pick<ListQuery, 'page' | 'perPage'>, exact = true): ListEnvelope<T> {
  const paged = query.perPage < Number.MAX_SAFE_INTEGER;
  const full = data.length === query.perPage;
  const fromEnd = query.page < 0;
  // Whether rows lie beyond this page, away from where its numbering starts.
  const beyond = exact ? total > Math.abs(query.page) * query.perPage : full;
  return {
    data,
    total,
    current_page: query.page,
    per_page: paged ? query.perPage : total,
    last_page: exact ? (paged ? Math.max(1, Math.ceil(total / query.perPage)) : 1) : fromEnd ? -1 : query.page + (full ? 1 : 0),
    ...(exact ? {} : { total_exact: false as const }),
    ...(exact && !fromEnd
      ? {}
      : { has_next_page: fromEnd ? query.page < -1 : beyond, has_previous_page: fromEnd ? beyond : query.page > 1 }),
  };
}

/**
 * Page -k of a list: the same list in the reverse direction, its page k, the rows turned back into the list's order.
 * Every term and the id turn round, and the nulls with them, whether a sort places them itself (first ascending, last
 * descending) or leaves them where PostgreSQL does (last ascending, first descending): exactly the list reversed,
 * found by the same paths (walking an index backwards), as cheap as the first page.
 */
export async function fromTheEnd<T>(query: ListQuery, list: (reversed: ListQuery) => Promise<ListEnvelope<T>>) {
  const reversed = await list({ ...query, page: -query.page, direction: query.direction === 'asc' ? 'desc' : 'asc' });
  return listPage(reversed.data.reverse(), reversed.total, query, reversed.total_exact !== false);
}
