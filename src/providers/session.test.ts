import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, REFRESH_POLL_MS } from './session';

let clock = 1_000_000;
const now = () => clock;

beforeEach(() => {
  localStorage.clear();
  clock = 1_000_000;
});

describe('session timing', () => {
  it('is logged in while the stored expiry is in the future', () => {
    const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh', now });
    expect(session.isLoggedIn()).toBe(false);
    session.start(3600);
    expect(JSON.parse(localStorage.getItem('s')!)).toEqual({ expiresAt: 1_000_000 + 3_600_000, lifetime: 3600 });
    clock += 3_599_999;
    expect(session.isLoggedIn()).toBe(true);
    clock += 1;
    expect(session.isLoggedIn()).toBe(false);
  });

  it('needs a refresh only once more than half the lifetime has passed', () => {
    const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh', now });
    session.start(100);
    clock += 50_000;
    expect(session.needsRefresh()).toBe(false);
    clock += 1;
    expect(session.needsRefresh()).toBe(true);
    clock += 50_000;
    expect(session.needsRefresh()).toBe(false); // expired: nothing left to refresh
  });

  it('refreshes before a call when due and stores the new expiry', async () => {
    const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh', now });
    session.start(100);
    const refresh = vi.fn(async () => 100);
    await session.beforeRequest('/users/me', refresh);
    expect(refresh).not.toHaveBeenCalled();
    clock += 60_000;
    await session.beforeRequest('/users/me', refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.read()).toEqual({ expiresAt: clock + 100_000, lifetime: 100 });
    // The refresh call itself never waits for or starts a refresh.
    clock += 60_000;
    await session.beforeRequest('/api/v1/auth/refresh', refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('one refresh at a time', () => {
  it('runs a single refresh while other calls wait in 200 ms steps', async () => {
    const sleeps: number[] = [];
    let finishRefresh!: (seconds: number) => void;
    const sleep = vi.fn(async (ms: number) => {
      sleeps.push(ms);
      if (sleeps.length === 3) finishRefresh(100);
      await Promise.resolve();
    });
    const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh', now, sleep });
    session.start(100);
    clock += 70_000;
    const refresh = vi.fn(() => new Promise<number>((resolve) => (finishRefresh = resolve)));

    const first = session.beforeRequest('/a', refresh);
    expect(session.refreshing).toBe(true);
    const second = session.beforeRequest('/b', refresh);
    const third = session.beforeRequest('/c', refresh);
    await Promise.all([first, second, third]);

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sleeps.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sleeps)).toEqual(new Set([REFRESH_POLL_MS]));
    expect(session.refreshing).toBe(false);
    expect(session.needsRefresh()).toBe(false);
  });

  it('a failed refresh resets the flag and rejects the call', async () => {
    const session = createSession({ storageKey: 's', refreshPath: '/auth/refresh', now, sleep: async () => {} });
    session.start(100);
    clock += 70_000;
    await expect(session.beforeRequest('/a', async () => Promise.reject(new Error('refresh failed')))).rejects.toThrow('refresh failed');
    expect(session.refreshing).toBe(false);
    // The next call tries again rather than waiting forever.
    await session.beforeRequest('/b', async () => 100);
    expect(session.needsRefresh()).toBe(false);
  });
});
