import { describe, expect, it } from 'vitest';
import { addDays, addStockholmDays, stockholmDay, stockholmYear } from './clock.js';

describe('the day in Stockholm', () => {
  it('turns at midnight in Stockholm, in winter (UTC+1) and in summer (UTC+2), not at midnight UTC', () => {
    expect(stockholmDay(new Date('2027-01-25T23:59:00+01:00'))).toBe('2027-01-25');
    expect(stockholmDay(new Date('2027-01-26T00:00:00+01:00'))).toBe('2027-01-26');
    expect(stockholmDay(new Date('2027-08-15T23:59:00+02:00'))).toBe('2027-08-15');
    expect(stockholmDay(new Date('2027-08-16T00:00:00+02:00'))).toBe('2027-08-16');
  });

  it('gives the year of that day, which numbers the references', () => {
    expect(stockholmYear(new Date('2026-12-31T23:59:00+01:00'))).toBe(2026);
    expect(stockholmYear(new Date('2027-01-01T00:00:00+01:00'))).toBe(2027);
  });

  it('counts calendar days across months, leap days and changes of offset', () => {
    expect(addDays('2027-01-31', 30)).toBe('2027-03-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('adds days at the same time of day in Stockholm across a change to and from summer time, and a fraction as hours', () => {
    expect(addStockholmDays(new Date('2027-03-20T23:59:00+01:00'), 14)).toEqual(new Date('2027-04-03T23:59:00+02:00'));
    expect(addStockholmDays(new Date('2027-10-20T00:00:00+02:00'), 14)).toEqual(new Date('2027-11-03T00:00:00+01:00'));
    expect(addStockholmDays(new Date('2027-04-03T23:59:00+02:00'), -14)).toEqual(new Date('2027-03-20T23:59:00+01:00'));
    expect(addStockholmDays(new Date('2027-01-10T09:00:00Z'), 0.5)).toEqual(new Date('2027-01-10T21:00:00Z'));
  });
});
