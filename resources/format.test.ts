import { describe, expect, it } from 'vitest';
import { currencyLabel, formatDateTime, formatFileSize, formatMoney, formatTimeAgo } from './format';

describe('formatDateTime', () => {
  it('gives the date and the time in Stockholm, as each language writes them', () => {
    expect(formatDateTime('2026-11-23T13:05:00Z', 'sv-SE')).toBe('23 nov. 2026 14:05');
    expect(formatDateTime('2026-06-01T21:30:00Z', 'en-US')).toMatch(/^Jun 1, 2026,? 11:30\sPM$/);
    expect(formatDateTime(null, 'sv-SE')).toBe('');
  });
});

describe('formatFileSize', () => {
  it('gives whole kilobytes, never 0, and megabytes to one decimal', () => {
    expect(formatFileSize(120, 'sv-SE')).toBe('1 kB');
    expect(formatFileSize(150 * 1024, 'en-US')).toBe('150 kB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'sv-SE')).toBe('1,5 MB');
    expect(formatFileSize(2.25 * 1024 * 1024, 'en-US')).toBe('2.3 MB');
  });
});

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

describe('currencyLabel', () => {
  // One name for the krona per language (docs/GLOSSARY.md): what the amount inputs show is what the amounts read.
  it.each([
    ['sv-SE', 'kr'],
    ['en-US', 'SEK'],
  ])('is %s’s way of writing amounts: %s', (locale, label) => {
    expect(currencyLabel(locale)).toBe(label);
    expect(formatMoney(25_000_00, locale)).toContain(label);
  });
});
