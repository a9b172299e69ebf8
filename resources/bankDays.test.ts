import { describe, expect, it } from 'vitest';
import { bankHolidays, isBankDay, nextBankDay } from './bankDays.js';

// Swedish bank days, checked against the calendar the banks publish for 2026 and 2027.

describe('bank days', () => {
  it('knows the holidays of 2026, moving ones included', () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-03', // Långfredagen
      '2026-04-06', // Annandag påsk
      '2026-05-01',
      '2026-05-14', // Kristi himmelsfärd
      '2026-06-06',
      '2026-06-19', // Midsommarafton
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-31',
    ]);
    expect(bankHolidays(2027)).toContain('2027-03-26'); // Långfredagen 2027
    expect(bankHolidays(2027)).toContain('2027-06-25'); // Midsommarafton 2027
  });

  it('takes the next bank day over weekends and holidays', () => {
    expect(isBankDay('2026-11-30')).toBe(true);
    expect(isBankDay('2026-11-29')).toBe(false); // a Sunday
    expect(nextBankDay('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(nextBankDay('2026-12-23')).toBe('2026-12-28'); // Christmas Eve to the weekend
    expect(nextBankDay('2026-12-30')).toBe('2027-01-04'); // New Year's Eve, New Year's Day, the weekend
    expect(nextBankDay('2026-04-02')).toBe('2026-04-07'); // Easter
    expect(nextBankDay('2026-06-18')).toBe('2026-06-22'); // Midsummer Eve
  });
});
