import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ability, Requirement } from '../../resources/abilities';
import { entityOf, requirementFor } from '../../resources/index';
import { createAuthProvider, SecondFactorNeeded, type AccessMap, type EntityMap } from './authProvider';
import { getEnums } from './enums';
import { createHttpClient } from './httpClient';
import { setLocale } from './locale';
import { createSession } from './session';
import { fakeApi } from './testServer';

const general = (name: string): Ability => ({ name, entity_id: null, entity_type: null });
const user = { id: 1, first_name: 'Anna', last_name: 'Lindqvist', email: 'admin@demo.se', role: 'admin', locale: 'sv-SE' };

function setup(routes: Parameters<typeof fakeApi>[0], maps: { accessFor?: AccessMap; entityOf?: EntityMap } = {}) {
  const api = fakeApi({
    'POST /auth/login': () => ({ status: 200, data: { data: { expires_in: 7200 } } }),
    'POST /auth/logout': () => ({ status: 204 }),
    'GET /users/me': () => ({ status: 200, data: { data: user } }),
    'GET /users/me/abilities': () => ({
      status: 200,
      data: { data: [general('manage-users'), { name: 'manage-periods', entity_id: 7, entity_type: 'periods' }] },
    }),
    'GET /protocol/enums/sv-SE': () => ({ status: 200, data: { data: { application_status: [] } } }),
    ...routes,
  });
  const session = createSession({ storageKey: 'staff', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: (url) => staff.auth.handleUnauthorized(url), fetch: api.fetch });
  const requirements: Record<string, Requirement> = {
    users: 'manage-users',
    settings: 'manage-users',
    periods: 'manage-periods',
    both: { allOf: ['manage-users', 'manage-faq'] },
    either: { anyOf: ['manage-faq', 'manage-users'] },
  };
  const staff = createAuthProvider(http, session, maps.accessFor ?? ((name) => requirements[name] ?? null), maps.entityOf);
  const loggedOut = vi.fn();
  staff.auth.onLogout(loggedOut);
  return { api, session, http, ...staff, loggedOut };
}

beforeEach(() => {
  localStorage.clear();
  setLocale('sv-SE');
});

describe('login', () => {
  it('posts the wrapped credentials, stores lifetime and expiry, then loads the user and abilities', async () => {
    const { provider, api, session } = setup({});
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /auth/login', 'GET /users/me', 'GET /users/me/abilities']);
    expect(api.calls[0].body).toEqual({ data: { email: 'admin@demo.se', password: 'demo-2026' } });
    expect(api.calls[0].headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(api.calls[0].headers['Accept-Language']).toBe('sv-SE');
    expect(session.read()?.lifetime).toBe(7200);
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect(await provider.getIdentity!()).toMatchObject({ fullName: 'Anna Lindqvist', role: 'admin' });
  });

  it('rejects with the server’s translated message and stays logged out', async () => {
    const { provider, session } = setup({
      'POST /auth/login': () => ({
        status: 422,
        data: {
          message: 'Uppgifterna stämmer inte med våra register.',
          errors: { email: ['Uppgifterna stämmer inte med våra register.'] },
        },
      }),
    });
    await expect(provider.login({ email: 'a@b.se', password: 'x' })).rejects.toThrow('Uppgifterna stämmer inte med våra register.');
    expect(session.isLoggedIn()).toBe(false);
    await expect(provider.checkAuth({})).rejects.toBeTruthy();
  });

  it('asks nothing of the server while signed out, and says nothing until a session has run out', async () => {
    const { provider, api, session } = setup({});
    await expect(provider.checkAuth({})).rejects.toEqual({ message: false });
    await expect(provider.getPermissions!({})).resolves.toEqual([]);
    await expect(provider.getIdentity!()).rejects.toBeTruthy();
    await expect(provider.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(false);
    expect(api.calls).toEqual([]);
    // A session that ran out is said to have: "sign in to go on".
    session.start(-1);
    await expect(provider.checkAuth({})).rejects.toThrow('ra.auth.auth_check_error');
  });

  it('sends the chosen language with every call', async () => {
    const { provider, api } = setup({});
    setLocale('en-US');
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    expect(api.calls.every((c) => c.headers['Accept-Language'] === 'en-US')).toBe(true);
  });
});

describe('a sign-in with a second factor or through the organisation’s identity provider', () => {
  const urls = (api: ReturnType<typeof setup>['api']) => api.calls.map((c) => `${c.method} ${c.url}`);

  it.each(['verify', 'enrol'] as const)('a password that calls for the second factor (%s) signs nobody in yet', async (step) => {
    const { provider, api, session } = setup({ 'POST /auth/login': () => ({ status: 200, data: { data: { second_factor: step } } }) });
    const attempt = provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    await expect(attempt).rejects.toBeInstanceOf(SecondFactorNeeded);
    await expect(attempt).rejects.toMatchObject({ step });
    expect(urls(api)).toEqual(['POST /auth/login']);
    expect(session.isLoggedIn()).toBe(false);
  });

  it('signs in with the code from the app, or with a recovery code', async () => {
    for (const params of [{ code: '123456' }, { recovery_code: 'abcde-fghij' }]) {
      localStorage.clear();
      const { provider, api, session } = setup({
        'POST /auth/second-factor': () => ({ status: 200, data: { data: { expires_in: 3600 } } }),
      });
      await provider.login(params);
      expect(urls(api)).toEqual(['POST /auth/second-factor', 'GET /users/me', 'GET /users/me/abilities']);
      expect(api.calls[0].body).toEqual({ data: params });
      expect(session.read()?.lifetime).toBe(3600);
    }
  });

  it('rejects a wrong code with the server’s message and its field, still signed out', async () => {
    const { provider, session } = setup({
      'POST /auth/second-factor': () => ({
        status: 422,
        data: { message: 'Koden stämmer inte.', errors: { code: ['Koden stämmer inte.'] } },
      }),
    });
    await expect(provider.login({ code: '000000' })).rejects.toMatchObject({
      message: 'Koden stämmer inte.',
      status: 422,
      body: { errors: { code: 'Koden stämmer inte.' } },
    });
    expect(session.isLoggedIn()).toBe(false);
  });

  it('completes a session another call started (an enrolment completed during sign-in)', async () => {
    const { provider, api, session } = setup({});
    await provider.login({ expires_in: 1800 });
    expect(urls(api)).toEqual(['GET /users/me', 'GET /users/me/abilities']);
    expect(session.read()?.lifetime).toBe(1800);
  });

  it('posts the identity provider’s answer as it came, and signs in', async () => {
    const { provider, api, session } = setup({ 'POST /auth/oidc/callback': () => ({ status: 200, data: { data: { expires_in: 7200 } } }) });
    await provider.login({ sso_callback: '?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example' });
    expect(api.calls[0].body).toEqual({ data: { callback: '?code=abc&state=xyz&iss=https%3A%2F%2Fidp.example' } });
    expect(urls(api)).toEqual(['POST /auth/oidc/callback', 'GET /users/me', 'GET /users/me/abilities']);
    expect(session.isLoggedIn()).toBe(true);
  });
});

describe('401 handling and logout', () => {
  it('a 401 from any call runs the logout sequence and emits the logout event', async () => {
    let dashboardStatus = 200;
    const { provider, http, api, session, loggedOut } = setup({
      'GET /dashboard': () => ({ status: dashboardStatus, data: { message: 'Du är inte inloggad.' } }),
    });
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    await getEnums(http, 'sv-SE');
    dashboardStatus = 401;
    await expect(http.get('/dashboard')).rejects.toMatchObject({ status: 401, message: 'Du är inte inloggad.' });
    await vi.waitFor(() => expect(loggedOut).toHaveBeenCalledTimes(1));
    expect(session.read()).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST' && c.url === '/auth/logout')).toBe(true);
    // The enumeration cache was cleared: the next read asks the server again.
    const enumCalls = () => api.calls.filter((c) => c.url === '/protocol/enums/sv-SE').length;
    const before = enumCalls();
    await getEnums(http, 'sv-SE');
    expect(enumCalls()).toBe(before + 1);
    // Abilities were forgotten with the user: none are known while signed out, and the next sign-in reads them anew.
    api.calls.length = 0;
    await expect(provider.getPermissions!({})).resolves.toEqual([]);
    expect(api.calls).toEqual([]);
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    expect(api.calls.map((c) => c.url)).toContain('/users/me/abilities');
  });

  it('a 401 from the login or logout call itself does not log out', async () => {
    const { provider, loggedOut } = setup({ 'POST /auth/login': () => ({ status: 401, data: { message: 'no' } }) });
    await expect(provider.login({ email: 'a@b.se', password: 'x' })).rejects.toThrow();
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('a me call that fails without a 401 (the server busy, a page left mid-call) keeps the session and asks again', async () => {
    let failing = true;
    const { provider, session, loggedOut, api } = setup({
      'GET /users/me': () => (failing ? { status: 500, data: { message: 'boom' } } : { status: 200, data: { data: user } }),
    });
    session.start(7200);
    await expect(provider.getIdentity!()).rejects.toThrow('boom');
    expect(loggedOut).not.toHaveBeenCalled();
    expect(session.isLoggedIn()).toBe(true);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).not.toContain('POST /auth/logout');
    failing = false;
    expect(await provider.getIdentity!()).toMatchObject({ fullName: 'Anna Lindqvist' });
  });

  it('a me call answered 401 ends the session', async () => {
    const { provider, session, loggedOut } = setup({ 'GET /users/me': () => ({ status: 401, data: { message: 'no' } }) });
    session.start(7200);
    await expect(provider.getIdentity!()).rejects.toThrow();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(session.isLoggedIn()).toBe(false);
  });

  it('logout ignores a failing logout call and still clears everything', async () => {
    const { provider, session, loggedOut } = setup({ 'POST /auth/logout': () => ({ status: 500, data: {} }) });
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    await expect(provider.logout({})).resolves.toBeUndefined();
    expect(session.read()).toBeNull();
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});

describe('abilities and canAccess', () => {
  it('maps resources and screens to abilities, with all-of, any-of and entity-scoped checks', async () => {
    const { provider } = setup({});
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    const can = (resource: string, record?: { id: number }, action = 'list') => provider.canAccess!({ action, resource, record });
    expect(await can('users')).toBe(true);
    expect(await can('settings')).toBe(true);
    expect(await can('either')).toBe(true);
    expect(await can('both')).toBe(false);
    expect(await can('unknown-screen')).toBe(false);
    // manage-periods is held for period 7 only: its list opens (the server shows period 7 alone), that record may be
    // edited and deleted, another may not, and nothing may be created.
    expect(await can('periods')).toBe(true);
    expect(await can('periods', { id: 7 }, 'edit')).toBe(true);
    expect(await can('periods', { id: 7 }, 'delete')).toBe(true);
    expect(await can('periods', { id: 8 }, 'edit')).toBe(false);
    expect(await can('periods', undefined, 'create')).toBe(false);
    expect(await can('users', undefined, 'create')).toBe(true);
  });

  it('reaches the application screens and their records through the period, with the admin’s own maps', async () => {
    const { provider } = setup(
      {
        'GET /users/me/abilities': () => ({
          status: 200,
          data: { data: [{ name: 'manage-applications', entity_id: 7, entity_type: 'periods' }] },
        }),
      },
      { accessFor: requirementFor, entityOf },
    );
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    const can = (resource: string, record?: object, action = 'list') => provider.canAccess!({ action, resource, record });
    expect(await can('applications')).toBe(true);
    expect(await can('statistics')).toBe(true);
    expect(await can('applications', { id: 1, period: { id: 7 } }, 'edit')).toBe(true);
    expect(await can('applications', { id: 7, period: { id: 8 } }, 'edit')).toBe(false);
    expect(await can('investigations')).toBe(false);
    expect(await can('periods')).toBe(false);
  });

  it('permits nothing while the abilities cannot be loaded, and asks again until they are', async () => {
    let failing = true;
    const { provider } = setup({
      'GET /users/me/abilities': () => (failing ? { status: 500, data: {} } : { status: 200, data: { data: [general('manage-users')] } }),
    });
    await provider.login({ email: 'admin@demo.se', password: 'demo-2026' });
    await expect(provider.getPermissions!({})).rejects.toThrow();
    expect(await provider.canAccess!({ action: 'list', resource: 'users' })).toBe(false);
    failing = false;
    expect(await provider.canAccess!({ action: 'list', resource: 'users' })).toBe(true);
    expect(await provider.getPermissions!({})).toEqual([general('manage-users')]);
  });
});
