import { describe, expect, it } from 'vitest';
import { bicProblem, displayIban, ibanProblem } from './ibanBic.js';

describe('the foundation’s IBAN and BIC', () => {
  it('accepts IBANs whose check digits hold, with spaces and in any case', () => {
    expect(ibanProblem('SE45 5000 0000 0583 9825 7466')).toBeNull();
    expect(ibanProblem('se4550000000058398257466')).toBeNull();
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
  });

  it('refuses a changed digit, and what is no IBAN at all', () => {
    expect(ibanProblem('SE45 5000 0000 0583 9825 7467')).toEqual({ key: 'validation.iban_check_digits' });
    expect(ibanProblem('SE54 5000 0000 0583 9825 7466')).toEqual({ key: 'validation.iban_check_digits' });
    expect(ibanProblem('5000 0000 0583 9825 7466')).toEqual({ key: 'validation.iban_format' });
    expect(ibanProblem('SE45-5000')).toEqual({ key: 'validation.iban_format' });
  });

  it('accepts BICs of 8 and 11 characters and refuses other shapes', () => {
    expect(bicProblem('ESSESESS')).toBeNull();
    expect(bicProblem('swedsesshel')).toBeNull();
    expect(bicProblem('ESSESES')).toEqual({ key: 'validation.bic_format' });
    expect(bicProblem('ESSE5ESS')).toEqual({ key: 'validation.bic_format' });
    expect(bicProblem('ESSESESSX')).toEqual({ key: 'validation.bic_format' });
  });

  it('prints an IBAN in groups of four', () => {
    expect(displayIban('se4550000000058398257466')).toBe('SE45 5000 0000 0583 9825 7466');
  });
});
