import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from './httpClient';
import { queryString } from './queryString';
import { createSession } from './session';
import { fakeApi } from './testServer';

function setup(routes: Parameters<typeof fakeApi>[0], networkMessage?: () => string) {
  const api = fakeApi(routes);
  const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh' });
  const onUnauthorized = vi.fn();
  const http = createHttpClient({ session, onUnauthorized, networkMessage, fetch: api.fetch });
  return { api, session, http, onUnauthorized };
}

beforeEach(() => localStorage.clear());

describe('httpClient', () => {
  it('sends JSON bodies with cookies and reads JSON answers, headers in lower case', async () => {
    const { http, api } = setup({ 'POST /things': (r) => ({ status: 201, data: { data: r.body } }) });
    const response = await http.post('/things', { data: { a: 1 } });
    expect(response).toMatchObject({ status: 201, data: { data: { data: { a: 1 } } }, headers: { 'content-type': 'application/json' } });
    expect(api.calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('answers a body-less 204 with empty data, and a call without body sends none', async () => {
    const { http, api } = setup({ 'DELETE /things/1': () => ({ status: 204 }), 'POST /things/1/open': () => ({ status: 204 }) });
    expect((await http.delete('/things/1')).data).toBe('');
    await http.post('/things/1/open');
    expect(api.calls[1].body).toBeUndefined();
    expect(api.calls[1].headers['Content-Type']).toBeUndefined();
  });

  it('sends a DELETE’s body as JSON when one is given', async () => {
    const { http, api } = setup({ 'DELETE /me': (r) => ({ status: 200, data: { data: r.body } }) });
    const response = await http.delete('/me', { body: { data: { confirm: true } } });
    expect(response.data).toEqual({ data: { data: { confirm: true } } });
    expect(api.calls[0].headers['Content-Type']).toBe('application/json');
  });

  it('refreshes a half-spent session before the call', async () => {
    const { http, api, session } = setup({
      'POST /auth/refresh': () => ({ status: 200, data: { data: { expires_in: 100 } } }),
      'GET /things': () => ({ status: 200, data: { data: [] } }),
    });
    localStorage.setItem('s', JSON.stringify({ expiresAt: Date.now() + 10_000, lifetime: 100 }));
    await http.get('/things');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /auth/refresh', 'GET /things']);
    expect(session.read()?.lifetime).toBe(100);
  });

  it('rejects with an ApiError: the server’s message and first field errors, 401 reported with the URL', async () => {
    const { http, onUnauthorized } = setup({
      'POST /things': () => ({ status: 422, data: { message: 'Ogiltigt.', errors: { label: ['Saknas.', 'För kort.'] } } }),
      'GET /me': () => ({ status: 401, data: { message: 'Du är inte inloggad.' } }),
      'GET /broken': () => ({ status: 500 }),
    });
    const invalid = await http.post('/things', {}).catch((e) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({ status: 422, message: 'Ogiltigt.', body: { errors: { label: 'Saknas.' } } });
    await expect(http.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/me');
    await expect(http.get('/broken')).rejects.toMatchObject({ status: 500, message: 'Request failed with status code 500' });
  });

  it('an unreachable server rejects with status 0 and the network message', async () => {
    const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh' });
    const down = async () => Promise.reject(new TypeError('Failed to fetch'));
    const plain = createHttpClient({ session, onUnauthorized: () => {}, fetch: down });
    await expect(plain.get('/x')).rejects.toMatchObject({ status: 0, message: 'Network Error' });
    const told = createHttpClient({ session, onUnauthorized: () => {}, fetch: down, networkMessage: () => 'Servern svarar inte.' });
    await expect(told.get('/x')).rejects.toMatchObject({ status: 0, message: 'Servern svarar inte.' });
  });
});

describe('queryString', () => {
  it('brackets arrays, nests objects, leaves out empty values and encodes as the API expects', () => {
    const query = queryString({
      status: [20, null, 30],
      range: { from: '2026-01-01' },
      search: 'barn och unga',
      none: undefined,
      nil: null,
      flag: false,
    });
    expect(query).toBe('status%5B%5D=20&status%5B%5D=30&range%5Bfrom%5D=2026-01-01&search=barn+och+unga&flag=false');
  });
});
