import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { listPage, parseListQuery, type ListGrammar } from './listQuery.js';

const grammar: ListGrammar = {
  sorts: ['reference', 'money'],
  defaultSort: { field: 'reference', order: 'desc' },
  search: true,
  filters: {
    period: 'id',
    unread: 'boolean',
    organisation: 'text',
    month: 'month',
    due_before: 'day',
    category_id: 'integer[]',
    kind: 'choice[]',
    active: 'boolean[]',
  },
  statuses: [20, 30, 40],
  byId: true,
};

/** The field errors (and the message on top) of a refused query. */
function refusal(raw: Record<string, unknown>, of = grammar) {
  try {
    parseListQuery(of, raw);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, key: error.key, errors: error.options.errors };
    throw error;
  }
  throw new Error('accepted');
}

describe('the list-query grammar', () => {
  it('defaults to the first page of 50 in the default order', () => {
    expect(parseListQuery(grammar, {})).toMatchObject({
      page: 1,
      perPage: 50,
      sort: 'reference',
      direction: 'desc',
      search: null,
      statuses: [20, 30, 40],
      only: null,
    });
    expect(parseListQuery({ ...grammar, perPage: 25 }, {}).perPage).toBe(25);
  });

  it('goes up when a sort is asked for without a direction', () => {
    expect(parseListQuery(grammar, { sort: 'money' })).toMatchObject({ sort: 'money', direction: 'asc' });
    expect(parseListQuery(grammar, { sort: 'money', direction: 'DESC' }).direction).toBe('desc');
  });

  it('reads bracketed arrays and typed filters', () => {
    const query = parseListQuery(grammar, {
      'status[]': ['30', '30', '40'],
      'id[]': ['4', '5'],
      period: '7',
      unread: '1',
      organisation: ' Föreningen ',
      month: '2026-03',
      'category_id[]': ['1', '2'],
      'kind[]': 'a',
      'active[]': ['true', '0'],
      search: ' lisa ',
    });
    expect(query).toMatchObject({
      statuses: [30, 40],
      only: [4, 5],
      ids: { period: 7 },
      flags: { unread: true },
      texts: { organisation: 'Föreningen', month: '2026-03' },
      anyOf: { category_id: [1, 2], kind: ['a'], active: [true, false] },
      search: 'lisa',
    });
  });

  it('takes every match when unpaged, and builds the envelope', () => {
    const all = parseListQuery(grammar, { per_page: 'x' }, { paged: false });
    expect(listPage(['a', 'b'], 2, all)).toEqual({ data: ['a', 'b'], total: 2, current_page: 1, per_page: 2, last_page: 1 });
    expect(listPage([], 0, { page: 1, perPage: 50 })).toMatchObject({ per_page: 50, last_page: 1 });
    expect(listPage([], 101, { page: 2, perPage: 50 })).toMatchObject({ current_page: 2, last_page: 3 });
  });

  it('counts a negative page from the end where the list can, and never takes page 0', () => {
    const fromEnd = { ...grammar, fromEnd: true };
    expect(parseListQuery(fromEnd, { page: '-1' }).page).toBe(-1);
    expect(parseListQuery(fromEnd, { page: '-1000000' }).page).toBe(-1_000_000);
    expect(parseListQuery(fromEnd, { page: '3' }).page).toBe(3);
    for (const page of ['0', '-0', '-1000001', '-1.5', '--1', '-']) {
      expect(refusal({ page }, fromEnd).errors, page).toEqual({
        page: [{ key: 'validation.page_from_end', params: { limit: 1_000_000 } }],
      });
    }
    // A list that cannot (the settings lists): a page below 1 as before.
    expect(refusal({ page: '-1' }).errors).toEqual({ page: [{ key: 'validation.max_number', params: { limit: 1_000_000 } }] });
  });

  it('says on a page from the end, and past a cap, whether pages precede and follow it', () => {
    // 7 of 2 a page, counted: -1 is followed by none and preceded; -4 (one row) by nothing before it.
    expect(listPage(['f', 'g'], 7, { page: -1, perPage: 2 })).toEqual({
      data: ['f', 'g'],
      total: 7,
      current_page: -1,
      per_page: 2,
      last_page: 4,
      has_next_page: false,
      has_previous_page: true,
    });
    expect(listPage(['a'], 7, { page: -4, perPage: 2 })).toMatchObject({ has_next_page: true, has_previous_page: false });
    expect(listPage(['c', 'd'], 6, { page: -3, perPage: 2 })).toMatchObject({ has_previous_page: false });
    // More than the cap: a full page may have one beyond it; the last page is -1.
    expect(listPage(['x', 'y'], 3, { page: -2, perPage: 2 }, false)).toEqual({
      data: ['x', 'y'],
      total: 3,
      current_page: -2,
      per_page: 2,
      last_page: -1,
      total_exact: false,
      has_next_page: true,
      has_previous_page: true,
    });
    expect(listPage(['x', 'y'], 3, { page: 1, perPage: 2 }, false)).toMatchObject({
      last_page: 2,
      has_next_page: true,
      has_previous_page: false,
    });
  });

  it('refuses what the whitelists do not hold, each beside its parameter', () => {
    expect(refusal({ sort: 'password' })).toEqual({
      status: 422,
      key: 'errors.invalid_data',
      errors: { sort: [{ key: 'validation.sort', params: { field: 'password' } }] },
    });
    const { errors } = refusal({
      page: '0',
      per_page: '101',
      direction: 'sideways',
      'status[]': ['10'],
      secret: '1',
      period: 'x',
      unread: 'maybe',
      organisation: 'ab',
      month: '2026-13',
      'category_id[]': ['1.5'],
      'active[]': ['yes'],
    });
    expect(errors).toEqual({
      page: [{ key: 'validation.max_number', params: { limit: 1_000_000 } }],
      per_page: [{ key: 'validation.max_number', params: { limit: 100 } }],
      direction: ['validation.in'],
      status: ['validation.in'],
      secret: [{ key: 'validation.filter', params: { field: 'secret' } }],
      period: ['validation.integer'],
      unread: ['validation.boolean'],
      organisation: ['validation.search_too_short'],
      month: ['validation.date'],
      category_id: ['validation.in'],
      active: ['validation.in'],
    });
    expect(refusal({ month: '0000-01' }).errors).toEqual({ month: ['validation.date'] });
    // A day is a real one: no 30 February, no time of day.
    for (const day of ['2026-02-30', '2026-11-30T07:00', '', '30/11/2026'])
      expect(refusal({ due_before: day }).errors).toEqual({ due_before: ['validation.date'] });
    expect(parseListQuery(grammar, { due_before: '2026-11-30' }).texts).toEqual({ due_before: '2026-11-30' });
    expect(refusal({ period: ['1', '2'] }).errors).toEqual({ period: ['validation.in'] });
    expect(refusal({ 'id[]': ['a'] }).errors).toEqual({ id: ['validation.integer'] });
    expect(refusal({ 'id[]': ['1'] }, { ...grammar, byId: false }).errors).toEqual({
      id: [{ key: 'validation.filter', params: { field: 'id' } }],
    });
  });

  it('says a search is too short on top when that is the only problem', () => {
    expect(refusal({ search: 'ab' })).toMatchObject({
      key: 'validation.search_too_short',
      errors: { search: ['validation.search_too_short'] },
    });
    expect(refusal({ search: 'lisa' }, { ...grammar, search: false }).errors).toEqual({
      search: [{ key: 'validation.filter', params: { field: 'search' } }],
    });
    expect(refusal({ search: 'ab', sort: 'x' }).key).toBe('errors.invalid_data');
  });
});
