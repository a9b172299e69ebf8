/**
 * The time, as the server's rules read it (due dates, reminders, expiry). Injected rather than read from `new Date()`
 * so that a test can move it forward 14 days and see what the scheduled work does then.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
