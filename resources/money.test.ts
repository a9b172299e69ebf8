import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput, type MoneyInputOptions } from './money.js';

const ore = (text: string, options: MoneyInputOptions = {}) => {
  const result = parseMoneyInput(text, options);
  return 'error' in result ? result : result.ore;
};

describe('formatMoneyInput', () => {
  it('shows öre as kronor with a decimal point and comma thousands', () => {
    expect(formatMoneyInput(2500050)).toBe('25,000.50');
    expect(formatMoneyInput(100)).toBe('1.00');
    expect(formatMoneyInput(0)).toBe('0.00');
    expect(formatMoneyInput(29)).toBe('0.29');
    expect(formatMoneyInput(5)).toBe('0.05');
    expect(formatMoneyInput(99999)).toBe('999.99');
    expect(formatMoneyInput(100000)).toBe('1,000.00');
    expect(formatMoneyInput(100_000_000_00)).toBe('100,000,000.00');
    expect(formatMoneyInput(123456789012)).toBe('1,234,567,890.12');
  });

  it('is empty for no value', () => {
    expect(formatMoneyInput(null)).toBe('');
  });

  it('shows negatives with a leading minus, never "-0"', () => {
    expect(formatMoneyInput(-2500050)).toBe('-25,000.50');
    expect(formatMoneyInput(-5)).toBe('-0.05');
    expect(formatMoneyInput(-4, 1)).toBe('0.0');
    expect(formatMoneyInput(-0)).toBe('0.00');
  });

  it('shows `precision` decimals, rounding half away from zero', () => {
    expect(formatMoneyInput(2500050, 0)).toBe('25,001');
    expect(formatMoneyInput(2500049, 0)).toBe('25,000');
    expect(formatMoneyInput(-2500050, 0)).toBe('-25,001');
    expect(formatMoneyInput(2500050, 1)).toBe('25,000.5');
    expect(formatMoneyInput(105, 1)).toBe('1.1');
    expect(formatMoneyInput(104, 1)).toBe('1.0');
    expect(formatMoneyInput(-105, 1)).toBe('-1.1');
  });

  it('refuses a precision finer than öre', () => {
    expect(() => formatMoneyInput(100, 3)).toThrow(RangeError);
    expect(() => formatMoneyInput(100, -1)).toThrow(RangeError);
    expect(() => formatMoneyInput(100, 1.5)).toThrow(RangeError);
  });
});

describe('parseMoneyInput', () => {
  it('reads plain numbers with a decimal point', () => {
    expect(parseMoneyInput('25000.50', {})).toEqual({ ore: 2500050, clamped: false });
    expect(ore('1')).toBe(100);
    expect(ore('1.5')).toBe(150);
    expect(ore('1.05')).toBe(105);
    expect(ore('0')).toBe(0);
    expect(ore('007')).toBe(700);
    expect(ore('.5')).toBe(50);
    expect(ore('5.')).toBe(500);
  });

  it('is exact where floating point is not', () => {
    expect(ore('0.29')).toBe(29);
    expect(ore('0.57')).toBe(57);
    expect(ore('1.15')).toBe(115);
    expect(ore('4.35')).toBe(435);
    expect(ore('100000000')).toBe(100_000_000_00);
    expect(ore('99,999,999.99')).toBe(99_999_999_99);
    expect(ore('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads comma thousands', () => {
    expect(ore('25,000.50')).toBe(2500050);
    expect(ore('1,500')).toBe(150000);
    expect(ore('1,000,000')).toBe(100000000);
    expect(ore('1,500.5')).toBe(150050);
  });

  it('reads spaces and no-break spaces as thousands separators', () => {
    expect(ore('25 000')).toBe(2500000);
    expect(ore('25\u00A0000')).toBe(2500000);
    expect(ore('25\u202F000')).toBe(2500000);
    expect(ore('1 000 000.25')).toBe(100000025);
    expect(ore('  25 000  ')).toBe(2500000);
  });

  it('reads a final comma with one or two digits as a decimal comma when there is no point', () => {
    expect(ore('25000,5')).toBe(2500050);
    expect(ore('1,50')).toBe(150);
    expect(ore('1,5')).toBe(150);
    expect(ore('0,29')).toBe(29);
    expect(ore(',5')).toBe(50);
    expect(ore('25 000,50')).toBe(2500050);
    expect(ore('1,500,5')).toBe(150050);
  });

  it('reads "kr" and "SEK" before or after the number', () => {
    expect(ore('25 000 kr')).toBe(2500000);
    expect(ore('25000kr')).toBe(2500000);
    expect(ore('25 000 KR')).toBe(2500000);
    expect(ore('SEK 25,000.50')).toBe(2500050);
    expect(ore('25000,50 SEK')).toBe(2500050);
    expect(ore('kr 100')).toBe(10000);
    expect(ore('25:-')).toBe(2500);
    // What formatMoney shows in Swedish and English.
    expect(ore('25\u00A0000,50\u00A0kr')).toBe(2500050);
    expect(ore('SEK\u00A025,000.50')).toBe(2500050);
  });

  it('rounds to `precision` decimals, half away from zero', () => {
    expect(ore('10.005')).toBe(1001);
    expect(ore('10.004')).toBe(1000);
    expect(ore('10.0049999')).toBe(1000);
    expect(ore('-10.005')).toBe(-1001);
    expect(ore('0.999')).toBe(100);
    expect(ore('10.5', { precision: 0 })).toBe(1100);
    expect(ore('10.49', { precision: 0 })).toBe(1000);
    expect(ore('-10.5', { precision: 0 })).toBe(-1100);
    expect(ore('10.25', { precision: 1 })).toBe(1030);
    expect(ore('10,24', { precision: 1 })).toBe(1020);
  });

  it('is null for blank text', () => {
    for (const text of ['', '   ', '\u00A0', '\t']) expect(parseMoneyInput(text, {})).toEqual({ ore: null, clamped: false });
  });

  it('refuses what is not a number', () => {
    for (const text of [
      'abc', '12a', 'a12', '1.2.3', '1..2', '1.2,5', '25.000,50', '1,5000', '1,50,000', '1 5', '25 0000', '1.5 0', '5,',
      '-', '.', ',', 'kr', 'SEK', '--5', '5-', '+5', '1e5', 'Infinity', 'NaN', '0x10', '12 kronor', '1/2',
    ]) {
      expect(parseMoneyInput(text, {}), text).toEqual({ error: 'number' });
    }
  });

  it('refuses a value too large to be exact, unless a maximum clamps it', () => {
    expect(parseMoneyInput('900719925474099.92', {})).toEqual({ error: 'number' });
    expect(parseMoneyInput('99999999999999999999999', { max: 100_000_000_00 })).toEqual({ ore: 100_000_000_00, clamped: true });
  });

  it('clamps to min and max and says so', () => {
    const limits = { min: 100, max: 100_000_000_00 };
    expect(parseMoneyInput('0.5', limits)).toEqual({ ore: 100, clamped: true });
    expect(parseMoneyInput('1', limits)).toEqual({ ore: 100, clamped: false });
    expect(parseMoneyInput('100,000,000', limits)).toEqual({ ore: 100_000_000_00, clamped: false });
    expect(parseMoneyInput('100,000,000.01', limits)).toEqual({ ore: 100_000_000_00, clamped: true });
    expect(parseMoneyInput('200 000 000 kr', limits)).toEqual({ ore: 100_000_000_00, clamped: true });
    expect(parseMoneyInput('-50', { min: -1000 })).toEqual({ ore: -1000, clamped: true });
  });

  it('clamps after rounding', () => {
    expect(parseMoneyInput('1.004', { max: 100 })).toEqual({ ore: 100, clamped: false });
    expect(parseMoneyInput('1.005', { max: 100 })).toEqual({ ore: 100, clamped: true });
  });

  it('accepts a leading minus by default', () => {
    expect(parseMoneyInput('-25,000.50', {})).toEqual({ ore: -2500050, clamped: false });
    expect(ore('\u221225')).toBe(-2500);
    expect(ore('- 25 kr')).toBe(-2500);
    expect(ore('-SEK 25')).toBe(-2500);
    expect(ore('SEK -25')).toBe(-2500);
    expect(ore('-1,5')).toBe(-150);
    expect(Object.is(ore('-0'), 0)).toBe(true);
  });

  it('clamps a negative value to max(0, min) when negatives are not allowed', () => {
    expect(parseMoneyInput('-25', { allowNegative: false })).toEqual({ ore: 0, clamped: true });
    expect(parseMoneyInput('-25', { allowNegative: false, min: 500 })).toEqual({ ore: 500, clamped: true });
    expect(parseMoneyInput('-25', { allowNegative: false, min: -1000 })).toEqual({ ore: 0, clamped: true });
    expect(parseMoneyInput('-0', { allowNegative: false })).toEqual({ ore: 0, clamped: false });
    expect(parseMoneyInput('25', { allowNegative: false })).toEqual({ ore: 2500, clamped: false });
  });

  it('refuses a precision finer than öre', () => {
    expect(() => parseMoneyInput('1', { precision: 3 })).toThrow(RangeError);
  });
});

describe('round trips', () => {
  it('reads back what it shows', () => {
    for (const value of [0, 1, 29, 99, 100, 150, 2500050, -2500050, 99_999_999_99, 100_000_000_00, Number.MAX_SAFE_INTEGER]) {
      expect(parseMoneyInput(formatMoneyInput(value), {})).toEqual({ ore: value, clamped: false });
    }
  });

  it('shows typed text in one form', () => {
    const cases: [string, string][] = [
      ['25000,5', '25,000.50'],
      ['25 000', '25,000.00'],
      ['1,500', '1,500.00'],
      ['1,50', '1.50'],
      ['0.29', '0.29'],
      ['10.005', '10.01'],
      ['25 000 kr', '25,000.00'],
      ['SEK 1234567.8', '1,234,567.80'],
      ['-0,5', '-0.50'],
    ];
    for (const [typed, shown] of cases) {
      const result = parseMoneyInput(typed, {});
      expect('error' in result ? result : formatMoneyInput(result.ore), typed).toBe(shown);
      // And what is shown reads back the same.
      expect(parseMoneyInput(shown, {})).toEqual(result);
    }
  });

  it('keeps the precision both ways', () => {
    const result = parseMoneyInput('25000,46', { precision: 1 });
    expect(result).toEqual({ ore: 2500050, clamped: false });
    expect(formatMoneyInput(2500050, 1)).toBe('25,000.5');
    expect(parseMoneyInput('25,000.5', { precision: 1 })).toEqual(result);
  });
});
