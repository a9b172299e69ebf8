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
