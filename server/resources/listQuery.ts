import { PAGE_SIZE, fieldOf, type Field, type ResourceDefinition } from '../../resources/fields.js';
import { invalid } from '../errors.js';

export interface ListQuery {
  page: number;
  perPage: number;
  sort: Field | null;
  direction: 'asc' | 'desc';
  search: string | null;
  /** Field -> accepted values (one or more), already of the field's type. */
  filters: { field: Field; values: (string | number | boolean)[] }[];
  /** Only these ids (react-admin's getMany). */
  ids: number[] | null;
}

const MAX_PER_PAGE = 100;
const FILTERABLE = new Set(['enum', 'choice', 'boolean', 'reference', 'integer']);

type Raw = Record<string, string | string[] | undefined>;

/**
 * The list parameters of DESIGN.md §4, checked against the resource's whitelists: an unknown sort or filter, a
 * malformed page, or a search of 2 characters or fewer is a 422, never silently ignored.
 */
export function parseListQuery(resource: ResourceDefinition, raw: Raw, { paged = true } = {}): ListQuery {
  const errors: Record<string, { key: string; params?: Record<string, string | number> }[]> = {};
  const fail = (name: string, key: string, params?: Record<string, string | number>) => (errors[name] ??= []).push({ key, params });
  const params = new Map<string, string[]>();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    params.set(key.replace(/\[\]$/, ''), ([] as string[]).concat(value));
  }
  const single = (name: string) => params.get(name)?.[0];

  const whole = (name: string, fallback: number, max: number) => {
    const value = single(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      fail(name, 'validation.max_number', { limit: max });
      return fallback;
    }
    return n;
  };
  const page = whole('page', 1, 1_000_000);
  const perPage = paged ? whole('per_page', resource.perPage ?? PAGE_SIZE, MAX_PER_PAGE) : Number.MAX_SAFE_INTEGER;

  let sort: Field | null = null;
  const sortName = single('sort');
  if (sortName !== undefined && sortName !== 'id') {
    const field = fieldOf(resource, sortName);
    if (!field?.sortable) fail('sort', 'validation.sort', { field: sortName });
    else sort = field;
  } else if (sortName === undefined) {
    sort = fieldOf(resource, resource.defaultSort.field) ?? null;
  }
  const directionValue = single('direction') ?? (sortName === undefined ? resource.defaultSort.order : 'asc');
  const direction = directionValue.toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') fail('direction', 'validation.in');

  let search: string | null = null;
  const term = single('search')?.trim();
  if (term) {
    if (!resource.search?.length) fail('search', 'validation.filter', { field: 'search' });
    else if (term.length <= 2) fail('search', 'validation.search_too_short');
    else search = term;
  }

  let ids: number[] | null = null;
  const filters: ListQuery['filters'] = [];
  for (const [name, values] of params) {
    if (['page', 'per_page', 'sort', 'direction', 'search'].includes(name)) continue;
    if (name === 'id') {
      ids = values.map(Number);
      if (ids.some((id) => !Number.isInteger(id))) fail('id', 'validation.integer');
      continue;
    }
    const field = fieldOf(resource, name);
    if (!field || !(field.filter || field.kind === 'reference') || !FILTERABLE.has(field.kind)) {
      fail(name, 'validation.filter', { field: name });
      continue;
    }
    const typed = values.map((v) => (field.kind === 'boolean' ? v === 'true' || v === '1' : field.kind === 'choice' ? v : Number(v)));
    if (typed.some((v) => typeof v === 'number' && !Number.isInteger(v)) || (field.kind === 'boolean' && values.some((v) => !['true', 'false', '1', '0'].includes(v)))) {
      fail(name, 'validation.in');
      continue;
    }
    filters.push({ field, values: typed });
  }
  // A short search is the common case: say so on top, not only beside the field.
  if (Object.keys(errors).length) throw invalid(errors, Object.keys(errors).length === 1 && errors.search ? 'validation.search_too_short' : undefined);
  return { page, perPage, sort, direction: direction as 'asc' | 'desc', search, filters, ids };
}
