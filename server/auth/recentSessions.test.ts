import { describe, expect, it } from 'vitest';
import { RecentSessions, SESSION_MEMORY_MS } from './recentSessions.js';

describe('the sessions a server remembers', () => {
  const at = (start: number) => {
    const clock = { now: start };
    return { clock, recent: new RecentSessions<string>(() => clock.now) };
  };

  it('answers for a second, then asks again', () => {
    const { clock, recent } = at(1_000_000);
    recent.remember('token', 'Anna', new Date(clock.now + 3_600_000));
    clock.now += SESSION_MEMORY_MS - 1;
    expect(recent.get('token')).toBe('Anna');
    clock.now += 1;
    expect(recent.get('token')).toBeUndefined();
  });

  it('never past the session’s own expiry', () => {
    const { clock, recent } = at(1_000_000);
    recent.remember('token', 'Anna', new Date(clock.now + 200));
    clock.now += 199;
    expect(recent.get('token')).toBe('Anna');
    clock.now += 1;
    expect(recent.get('token')).toBeUndefined();
  });

  it('forgets every session at once after a change', () => {
    const { clock, recent } = at(1_000_000);
    recent.remember('a', 'Anna', new Date(clock.now + 3_600_000));
    recent.remember('b', 'Bo', new Date(clock.now + 3_600_000));
    recent.forgetAll();
    expect([recent.get('a'), recent.get('b')]).toEqual([undefined, undefined]);
  });

  it('holds a bounded number of sessions, forgetting the oldest', () => {
    const { clock, recent } = at(1_000_000);
    for (let i = 0; i <= 2_000; i++) recent.remember(`t${i}`, `user ${i}`, new Date(clock.now + 3_600_000));
    expect(recent.get('t0')).toBeUndefined();
    expect(recent.get('t1')).toBe('user 1');
    expect(recent.get('t2000')).toBe('user 2000');
  });
});
