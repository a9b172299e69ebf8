import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format';

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says how long ago within a week, in the chosen language', () => {
    expect(formatTimeAgo('2026-11-23T11:55:00Z', 'sv-SE', now)).toBe('för 5 minuter sedan');
    expect(formatTimeAgo('2026-11-23T11:55:00Z', 'en-US', now)).toBe('5 minutes ago');
    expect(formatTimeAgo('2026-11-22T12:00:00Z', 'en-US', now)).toBe('yesterday');
  });
  it('gives the date and time (Stockholm) when older', () => {
    expect(formatTimeAgo('2026-11-01T09:30:00Z', 'en-US', now)).toBe('Nov 1, 2026, 10:30 AM');
    expect(formatTimeAgo('2026-11-01T09:30:00Z', 'sv-SE', now)).toBe('1 nov. 2026 10:30');
  });
});
