import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput, type MoneyInputOptions } from './money.js';

const ore = (text: string, options: MoneyInputOptions = {}) => {
  const result = parseMoneyInput(text, options);
  return 'error' in result ? result : result.ore;
};

describe('formatMoneyInput', () => {
  it('shows öre in Swedish with spaces between thousands and a decimal comma', () => {
    expect(formatMoneyInput(2500050, 'sv-SE')).toBe('25 000,50');
    expect(formatMoneyInput(100, 'sv-SE')).toBe('1,00');
    expect(formatMoneyInput(0, 'sv-SE')).toBe('0,00');
    expect(formatMoneyInput(29, 'sv-SE')).toBe('0,29');
    expect(formatMoneyInput(99999, 'sv-SE')).toBe('999,99');
    expect(formatMoneyInput(100000, 'sv-SE')).toBe('1 000,00');
    expect(formatMoneyInput(123456789012, 'sv-SE')).toBe('1 234 567 890,12');
  });

  it('shows öre in English with commas between thousands and a decimal point', () => {
    expect(formatMoneyInput(2500050, 'en-US')).toBe('25,000.50');
    expect(formatMoneyInput(100, 'en-US')).toBe('1.00');
    expect(formatMoneyInput(0, 'en-US')).toBe('0.00');
    expect(formatMoneyInput(5, 'en-US')).toBe('0.05');
    expect(formatMoneyInput(100000, 'en-US')).toBe('1,000.00');
    expect(formatMoneyInput(100_000_000_00, 'en-US')).toBe('100,000,000.00');
    expect(formatMoneyInput(123456789012, 'en-US')).toBe('1,234,567,890.12');
  });

  it('shows an unknown language the default (Swedish) way', () => {
    expect(formatMoneyInput(2500050, 'de-DE')).toBe('25 000,50');
  });

  it('is empty for no value', () => {
    expect(formatMoneyInput(null, 'sv-SE')).toBe('');
  });

  it('shows negatives with a leading minus, never "-0"', () => {
    expect(formatMoneyInput(-2500050, 'sv-SE')).toBe('-25 000,50');
    expect(formatMoneyInput(-2500050, 'en-US')).toBe('-25,000.50');
    expect(formatMoneyInput(-5, 'en-US')).toBe('-0.05');
    expect(formatMoneyInput(-4, 'en-US', 1)).toBe('0.0');
    expect(formatMoneyInput(-0, 'sv-SE')).toBe('0,00');
  });

  it('shows `precision` decimals, rounding half away from zero', () => {
    expect(formatMoneyInput(2500050, 'sv-SE', 0)).toBe('25 001');
    expect(formatMoneyInput(2500049, 'en-US', 0)).toBe('25,000');
    expect(formatMoneyInput(-2500050, 'en-US', 0)).toBe('-25,001');
    expect(formatMoneyInput(2500050, 'sv-SE', 1)).toBe('25 000,5');
    expect(formatMoneyInput(105, 'en-US', 1)).toBe('1.1');
    expect(formatMoneyInput(104, 'en-US', 1)).toBe('1.0');
    expect(formatMoneyInput(-105, 'sv-SE', 1)).toBe('-1,1');
  });

  it('refuses a precision finer than öre', () => {
    expect(() => formatMoneyInput(100, 'sv-SE', 3)).toThrow(RangeError);
    expect(() => formatMoneyInput(100, 'sv-SE', -1)).toThrow(RangeError);
    expect(() => formatMoneyInput(100, 'sv-SE', 1.5)).toThrow(RangeError);
  });
});

describe('parseMoneyInput', () => {
  it('reads twenty-five thousand however either language writes it', () => {
    for (const text of ['25000', '25 000', '25.000', '25,000', '25\u00A0000', '25\u202F000', '25 000 kr', 'SEK 25,000']) {
      expect(parseMoneyInput(text, {}), text).toEqual({ ore: 2500000, clamped: false });
    }
  });

  it('reads what either language shows, back to the same öre', () => {
    expect(parseMoneyInput('25 000,50', {})).toEqual({ ore: 2500050, clamped: false });
    expect(parseMoneyInput('25,000.50', {})).toEqual({ ore: 2500050, clamped: false });
  });

  it('reads a separator followed by one or two digits as the decimal sign', () => {
    expect(ore('25000,5')).toBe(2500050);
    expect(ore('25000.5')).toBe(2500050);
    expect(ore('25000,50')).toBe(2500050);
    expect(ore('1,5')).toBe(150);
    expect(ore('1.05')).toBe(105);
    expect(ore('0,29')).toBe(29);
    expect(ore(',5')).toBe(50);
    expect(ore('.5')).toBe(50);
    expect(ore('25 000,50')).toBe(2500050);
    expect(ore('1 000 000.25')).toBe(100000025);
  });

  it('reads a separator followed by exactly three digits as grouping thousands', () => {
    expect(ore('1,500')).toBe(150000);
    expect(ore('1.500')).toBe(150000);
    expect(ore('1,000,000')).toBe(100000000);
    expect(ore('1.000.000')).toBe(100000000);
    expect(ore('1 000 000')).toBe(100000000);
    expect(ore('100 000 000')).toBe(100_000_000_00);
  });

  it('reads a comma and a point together: the last one is the decimal sign', () => {
    expect(ore('25,000.50')).toBe(2500050);
    expect(ore('25.000,50')).toBe(2500050);
    expect(ore('1,500.5')).toBe(150050);
    expect(ore('1.000.000,25')).toBe(100000025);
    expect(ore('99,999,999.99')).toBe(99_999_999_99);
  });

  it('reads a separator with nothing after it as the end of the number, as it is while typing', () => {
    expect(ore('5,')).toBe(500);
    expect(ore('5.')).toBe(500);
    expect(ore('25 000,')).toBe(2500000);
  });

  it('reads plain digits', () => {
    expect(ore('1')).toBe(100);
    expect(ore('0')).toBe(0);
    expect(ore('007')).toBe(700);
    expect(ore('  25000  ')).toBe(2500000);
  });

  it('is exact where floating point is not', () => {
    expect(ore('0.29')).toBe(29);
    expect(ore('0,57')).toBe(57);
    expect(ore('1.15')).toBe(115);
    expect(ore('4,35')).toBe(435);
    expect(ore('100000000')).toBe(100_000_000_00);
    expect(ore('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('calls digits whose separators could mean more than one amount unclear, never guessing', () => {
    for (const text of [
      '1.2345',
      '1,2345',
      '1,5000',
      '0,999',
      '0.500',
      ',500',
      '1234,567',
      '1234.567',
      '1,50,000',
      '1.2.3',
      '25 0000',
      '1 5',
      '1.5 0',
      '1.2,5',
      '25,000,50',
      '1,000.000.5',
      '1,500,5',
    ]) {
      expect(parseMoneyInput(text, {}), text).toEqual({ error: 'unclear' });
    }
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
    expect(ore('\u221225\u00A0000,50\u00A0kr')).toBe(-2500050);
  });

  it('rounds to `precision` decimals, half away from zero', () => {
    expect(ore('10,000.005')).toBe(1000001);
    expect(ore('10.000,004')).toBe(1000000);
    expect(ore('1,000.0049999')).toBe(100000);
    expect(ore('-10,000.005')).toBe(-1000001);
    expect(ore('1,000.999')).toBe(100100);
    expect(ore('10.5', { precision: 0 })).toBe(1100);
    expect(ore('10,49', { precision: 0 })).toBe(1000);
    expect(ore('-10,5', { precision: 0 })).toBe(-1100);
    expect(ore('10.25', { precision: 1 })).toBe(1030);
    expect(ore('10,24', { precision: 1 })).toBe(1020);
  });

  it('is null for blank text', () => {
    for (const text of ['', '   ', '\u00A0', '\t']) expect(parseMoneyInput(text, {})).toEqual({ ore: null, clamped: false });
  });

  it('refuses what is not a number', () => {
    for (const text of [
      'abc',
      '12a',
      'a12',
      '1..2',
      '1,,5',
      '-',
      '.',
      ',',
      'kr',
      'SEK',
      '--5',
      '5-',
      '+5',
      '1e5',
      'Infinity',
      'NaN',
      '0x10',
      '12 kronor',
      '1/2',
      '1,000,',
      '1,000.50 0',
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
    expect(parseMoneyInput('0,5', limits)).toEqual({ ore: 100, clamped: true });
    expect(parseMoneyInput('1', limits)).toEqual({ ore: 100, clamped: false });
    expect(parseMoneyInput('100 000 000', limits)).toEqual({ ore: 100_000_000_00, clamped: false });
    expect(parseMoneyInput('100,000,000.01', limits)).toEqual({ ore: 100_000_000_00, clamped: true });
    expect(parseMoneyInput('200 000 000 kr', limits)).toEqual({ ore: 100_000_000_00, clamped: true });
    expect(parseMoneyInput('-50', { min: -1000 })).toEqual({ ore: -1000, clamped: true });
  });

  it('clamps after rounding', () => {
    expect(parseMoneyInput('1,4', { max: 100, precision: 0 })).toEqual({ ore: 100, clamped: false });
    expect(parseMoneyInput('1,5', { max: 100, precision: 0 })).toEqual({ ore: 100, clamped: true });
  });

  it('accepts a leading minus by default', () => {
    expect(parseMoneyInput('-25 000,50', {})).toEqual({ ore: -2500050, clamped: false });
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
  it('reads back what it shows, in both languages', () => {
    for (const locale of ['sv-SE', 'en-US']) {
      for (const value of [0, 1, 29, 99, 100, 150, 2500050, -2500050, 99_999_999_99, 100_000_000_00, Number.MAX_SAFE_INTEGER]) {
        expect(parseMoneyInput(formatMoneyInput(value, locale), {}), `${value} ${locale}`).toEqual({ ore: value, clamped: false });
      }
    }
  });

  it('shows typed text in the language’s one form', () => {
    const cases: [string, string, string][] = [
      ['25000', '25 000,00', '25,000.00'],
      ['25 000', '25 000,00', '25,000.00'],
      ['25.000', '25 000,00', '25,000.00'],
      ['25,000', '25 000,00', '25,000.00'],
      ['25000,5', '25 000,50', '25,000.50'],
      ['25,000.50', '25 000,50', '25,000.50'],
      ['1,50', '1,50', '1.50'],
      ['0.29', '0,29', '0.29'],
      ['25 000 kr', '25 000,00', '25,000.00'],
      ['SEK 1234567.8', '1 234 567,80', '1,234,567.80'],
      ['-0,5', '-0,50', '-0.50'],
    ];
    for (const [typed, swedish, english] of cases) {
      const result = parseMoneyInput(typed, {});
      if ('error' in result) throw new Error(`${typed}: ${result.error}`);
      expect(formatMoneyInput(result.ore, 'sv-SE'), typed).toBe(swedish);
      expect(formatMoneyInput(result.ore, 'en-US'), typed).toBe(english);
      // And what is shown reads back the same.
      expect(parseMoneyInput(swedish, {})).toEqual(result);
      expect(parseMoneyInput(english, {})).toEqual(result);
    }
  });

  it('keeps the precision both ways', () => {
    const result = parseMoneyInput('25000,46', { precision: 1 });
    expect(result).toEqual({ ore: 2500050, clamped: false });
    expect(formatMoneyInput(2500050, 'sv-SE', 1)).toBe('25 000,5');
    expect(parseMoneyInput('25 000,5', { precision: 1 })).toEqual(result);
  });
});
