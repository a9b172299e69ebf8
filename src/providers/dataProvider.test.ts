import { HttpError } from 'ra-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './httpClient';
import { pageFromEnd } from './pageFromEnd';
import { createSession } from './session';
import { fakeApi } from './testServer';

const page = { data: [{ id: 1, label: 'Barn och unga' }], total: 51, current_page: 1, per_page: 50, last_page: 2 };

function setup() {
  const api = fakeApi({
    'GET /categories': () => ({ status: 200, data: { data: page } }),
    'GET /categories/1': () => ({ status: 200, data: { data: page.data[0] } }),
    'POST /categories': (r) => ({ status: 201, data: { data: { id: 2, ...(r.body as { data: object }).data } } }),
    'PUT /categories/1': (r) => ({ status: 200, data: { data: { id: 1, ...(r.body as { data: object }).data } } }),
    'DELETE /categories/1': () => ({ status: 204 }),
    'PUT /categories/2': () => ({
      status: 422,
      data: { message: 'De angivna uppgifterna var ogiltiga.', errors: { label: ['Fältet etikett är obligatoriskt.'] } },
    }),
  });
  const session = createSession({ storageKey: 'staff', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  return { api, provider: createDataProvider(http, (r) => (r === 'category-list' ? 'categories' : r)) };
}

beforeEach(() => localStorage.clear());

describe('dataProvider', () => {
  it('maps getList to page, per_page, sort, direction, search and bracketed-array filters', async () => {
    const { provider, api } = setup();
    const result = await provider.getList('categories', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'label', order: 'DESC' },
      filter: { q: ' Öre ', type: [10, 20], empty: '' },
    });
    expect(result).toEqual({ data: page.data, total: 51 });
    expect(api.calls[0].uri).toBe('/categories?page=2&per_page=50&sort=label&direction=desc&search=Öre&type[]=10&type[]=20');
  });

  it('asks for a page counted from the end as a negative page, and passes on whether pages precede and follow it', async () => {
    const api = fakeApi({
      'GET /applications/all': () => ({
        status: 200,
        data: {
          data: {
            ...page,
            total: 10_000,
            current_page: -2,
            last_page: -1,
            total_exact: false,
            has_next_page: true,
            has_previous_page: true,
          },
        },
      }),
    });
    const session = createSession({ storageKey: 'staff', refreshPath: '/auth/refresh' });
    const provider = createDataProvider(
      createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch }),
      () => 'applications/all',
    );
    const result = await provider.getList('applications', { pagination: { page: pageFromEnd(2), perPage: 50 } });
    expect(api.calls[0].uri).toBe('/applications/all?page=-2&per_page=50');
    expect(result).toEqual({ data: page.data, pageInfo: { hasNextPage: true, hasPreviousPage: true }, meta: { moreThan: 10_000 } });
  });

  it('reads single records from data and wraps writes in { data }', async () => {
    const { provider, api } = setup();
    expect((await provider.getOne('categories', { id: 1 })).data).toEqual(page.data[0]);
    const created = await provider.create('categories', { data: { label: 'Äldre', type: 10 } });
    expect(created.data).toEqual({ id: 2, label: 'Äldre', type: 10 });
    expect(api.calls[1].body).toEqual({ data: { label: 'Äldre', type: 10 } });
    await provider.update('categories', { id: 1, data: { label: 'Unga' }, previousData: page.data[0] });
    expect(api.calls[2]).toMatchObject({ method: 'PUT', url: '/categories/1', body: { data: { label: 'Unga' } } });
    expect((await provider.delete('categories', { id: 1, previousData: page.data[0] })).data).toEqual(page.data[0]);
  });

  it('asks for many records by id with bracketed ids, and for references by their target', async () => {
    const { provider, api } = setup();
    await provider.getMany('categories', { ids: [1, 2] });
    expect(api.calls[0].uri).toBe('/categories?id[]=1&id[]=2&per_page=2');
    await provider.getManyReference('categories', {
      target: 'type',
      id: 30,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(api.calls[1].uri).toContain('type=30');
  });

  it('uses the endpoint the resource declares', async () => {
    const { provider, api } = setup();
    await provider.getList('category-list', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(api.calls[0].url).toBe('/categories');
  });

  it('lists from the endpoint a list names in meta, for an address with a parameter', async () => {
    const { provider, api } = setup();
    await provider.getList('category-page', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'label', order: 'ASC' },
      filter: {},
      meta: { endpoint: 'categories' },
    });
    expect(api.calls[0].uri).toBe('/categories?page=1&per_page=50&sort=label&direction=asc');
  });

  it('turns a validation answer into an HttpError whose field errors react-admin shows beside the fields', async () => {
    const { provider } = setup();
    const error = await provider.update('categories', { id: 2, data: { label: '' }, previousData: { id: 2 } }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('De angivna uppgifterna var ogiltiga.');
    expect(error.body.errors).toEqual({ label: 'Fältet etikett är obligatoriskt.' });
  });
});

describe('dataProvider, the staff API calls', () => {
  const uuid = 'a1b2';
  const answer = { id: 7 };
  function staffSetup() {
    const api = fakeApi({});
    const session = createSession({ storageKey: 'staff', refreshPath: '/auth/refresh' });
    // Every call answers { data: answer }, except a removal (204, no body) and a refused decision (422).
    const fetch: typeof api.fetch = async (input, init) => {
      await api.fetch(input, init);
      const last = api.calls[api.calls.length - 1];
      if (last.method === 'DELETE') return new Response(null, { status: 204 });
      if (last.method === 'PUT' && last.url.endsWith('/decision') && (last.body as { data: { status: number } }).data.status === 0) {
        return new Response(JSON.stringify({ message: 'Beslutet kunde inte sparas.', errors: { status: ['Välj ett beslut.'] } }), {
          status: 422,
        });
      }
      return new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const http = createHttpClient({ session, onUnauthorized: () => {}, fetch });
    return { api, provider: createDataProvider(http) };
  }

  it.each([
    ['getApplication', () => [uuid], 'GET', `/applications/${uuid}`, undefined],
    ['applicationFormOptions', () => [], 'GET', '/applications/form-options', undefined],
    ['saveApplication', () => [uuid, { money: 5 }], 'PUT', `/applications/${uuid}`, { data: { money: 5 } }],
    [
      'saveApplication',
      () => [null, { money: 5, frontend_user_id: 2 }],
      'POST',
      '/applications',
      { data: { money: 5, frontend_user_id: 2 } },
    ],
    ['setFinished', () => [uuid, true], 'POST', `/applications/${uuid}/finished`, { data: { finished: true } }],
    ['updateStatus', () => [uuid, 30], 'POST', `/applications/${uuid}/updateStatus`, { data: { status: 30 } }],
    ['getHistory', () => [uuid], 'GET', `/applications/${uuid}/history`, undefined],
    ['getDecision', () => [uuid], 'GET', `/applications/${uuid}/decision`, undefined],
    ['releaseDecision', () => [uuid], 'POST', `/applications/${uuid}/decision-release`, undefined],
    [
      'decide',
      () => [uuid, { status: 50, approved_money: 100 }],
      'PUT',
      `/applications/${uuid}/decision`,
      { data: { status: 50, approved_money: 100 } },
    ],
    ['getInvestigators', () => [uuid], 'GET', `/applications/${uuid}/investigators`, undefined],
    ['addInvestigator', () => [uuid, 3], 'POST', `/applications/${uuid}/investigators`, { data: { user_id: 3 } }],
    ['getInvestigations', () => [uuid], 'GET', `/applications/${uuid}/investigations`, undefined],
    [
      'investigate',
      () => [uuid, { amount: 5, status: 1, comment: null }],
      'PUT',
      `/applications/${uuid}/investigations/mine`,
      { data: { amount: 5, status: 1, comment: null } },
    ],
    ['getMessages', () => [uuid], 'GET', `/applications/${uuid}/messages`, undefined],
    [
      'sendMessage',
      () => [uuid, { body: 'Hej', is_welcome_message: true, files: [], agreements: [] }],
      'POST',
      `/applications/${uuid}/messages`,
      { data: { body: 'Hej', is_welcome_message: true } },
    ],
    ['markMessagesRead', () => [uuid, 'm9'], 'POST', `/applications/${uuid}/messages/read`, { data: { up_to: 'm9' } }],
    ['getStatistics', () => [4], 'GET', '/statistics?period=4', undefined],
    ['getStatistics', () => [null], 'GET', '/statistics', undefined],
    ['getDashboard', () => [], 'GET', '/dashboard', undefined],
    ['getDecisionPeriods', () => [], 'GET', '/periods/decisioning', undefined],
    ['getEnums', () => ['en-US'], 'GET', '/protocol/enums/en-US', undefined],
    ['forgotPassword', () => ['anna@example.se'], 'POST', '/auth/forgot-password', { data: { email: 'anna@example.se' } }],
    [
      'resetPassword',
      () => ['t0k', 'hemligt-lösen', 'hemligt-lösen'],
      'POST',
      '/auth/reset-password',
      { data: { token: 't0k', password: 'hemligt-lösen', password_confirmation: 'hemligt-lösen' } },
    ],
    ['setFaqOrder', () => [[3, 1, 2]], 'PUT', '/faqs/order', { data: { ids: [3, 1, 2] } }],
    ['setPeriodOpen', () => [9, true], 'POST', '/periods/9/open', undefined],
    ['setPeriodOpen', () => [9, false], 'POST', '/periods/9/close', undefined],
  ] as const)('%s calls %s %s and reads data', async (method, args, verb, uri, body) => {
    const { provider, api } = staffSetup();
    const result = await (provider[method] as (...a: unknown[]) => Promise<unknown>)(...args());
    expect(result).toEqual(answer);
    expect(api.calls[0]).toMatchObject({ method: verb, uri });
    if (body) expect(api.calls[0].body).toEqual(body);
  });

  it('removes an investigator, whose answer has no body', async () => {
    const { provider, api } = staffSetup();
    expect(await provider.removeInvestigator(uuid, 3)).toBeUndefined();
    expect(api.calls[0]).toMatchObject({ method: 'DELETE', url: `/applications/${uuid}/investigators/3` });
  });

  it('sends a message with attachments as a multipart form, the agreement’s files under their own name', async () => {
    const { provider, api } = staffSetup();
    const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
    const message = { body: 'Avtalet', is_welcome_message: false, files: [file('bilaga.pdf')], agreements: [file('avtal.pdf')] };
    await provider.sendMessage(uuid, message);
    const form = api.calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('body')).toBe('Avtalet');
    expect(form.get('is_welcome_message')).toBe('false');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['bilaga.pdf']);
    expect((form.getAll('agreements') as File[]).map((f) => f.name)).toEqual(['avtal.pdf']);
  });

  it('turns a refused decision into an HttpError with its field errors', async () => {
    const { provider } = staffSetup();
    const error = await provider.decide(uuid, { status: 0, approved_money: null }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Beslutet kunde inte sparas.');
    expect(error.body.errors).toEqual({ status: 'Välj ett beslut.' });
  });
});

describe('dataProvider, CSV exports', () => {
  function exportSetup() {
    const api = fakeApi({});
    const fetch: typeof api.fetch = async (input, init) => {
      await api.fetch(input, init);
      return new Response('label\nBarn', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="kategorier.csv"' },
      });
    };
    const session = createSession({ storageKey: 'staff', refreshPath: '/auth/refresh' });
    const http = createHttpClient({ session, onUnauthorized: () => {}, fetch });
    return { api, provider: createDataProvider(http, (r) => (r === 'category-list' ? 'categories' : r)) };
  }

  it("exports a resource's list from its endpoint, with the name the server gives", async () => {
    const { provider, api } = exportSetup();
    const { file, name } = await provider.exportList('category-list', { sort: 'label', direction: 'asc' });
    expect(await file.text()).toBe('label\nBarn');
    expect(name).toBe('kategorier.csv');
    expect(api.calls[0].uri).toBe('/categories/export?sort=label&direction=asc');
  });

  it('downloads a file of an application, a message’s attachment too', async () => {
    const { provider, api } = exportSetup();
    expect(await (await provider.getApplicationFile('a1b2', 'f3')).file.text()).toBe('label\nBarn');
    expect(api.calls[0]).toMatchObject({ method: 'GET', uri: '/applications/a1b2/files/f3' });
  });

  it('exports a statistics table, of one period or of all', async () => {
    const { provider, api } = exportSetup();
    await provider.exportStatistics('categories', 4);
    await provider.exportStatistics('categories', null);
    expect(api.calls.map((c) => c.uri)).toEqual(['/statistics/export?table=categories&period=4', '/statistics/export?table=categories']);
  });
});
