import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import svSE from '../locales/sv-SE.json';
import { ibanIsBankAccount, payoutAccount, readPayoutAccount, type PayoutAccountKind } from './payoutAccounts.js';
import { luhn, type Message } from './validators.js';

/** The payload with the Luhn check digit appended. */
const withLuhn = (payload: string) => `${payload}${[...'0123456789'].find((d) => luhn(payload + d))}`;

/** The payload with the mod 11 check digit of Bankgirot's rules appended (weights 1, 2, ... 10 from the right). */
function withMod11(payload: string): string {
  const sum = (digits: string) => [...digits].reverse().reduce((total, d, i) => total + Number(d) * ((i % 10) + 1), 0);
  const digit = [...'0123456789'].find((d) => sum(payload + d) % 11 === 0);
  if (digit === undefined) throw new Error(`${payload} needs the check digit 10: pick another`);
  return payload + digit;
}

/** Each digit at and after `from` changed by one: a mistyped digit, which every check digit here catches. */
const offByOne = (digits: string, from = 0) =>
  [...digits].slice(from).map((d, i) => digits.slice(0, from + i) + ((Number(d) + 1) % 10) + digits.slice(from + i + 1));

const read = (kind: PayoutAccountKind, text: string) => readPayoutAccount(kind, text);
const problemKey = (kind: PayoutAccountKind, text: string) => read(kind, text).problem?.key;

describe('bankgiro', () => {
  // Bankgirot's own bankgiro number, printed on its documents.
  const bankgirot = '160-9908';
  const eightDigits = withLuhn('5050105');

  it('accepts a published number and constructed ones of 7 and 8 digits, shown NNN-NNNN and NNNN-NNNN', () => {
    expect(read('bankgiro', bankgirot).account).toEqual({ kind: 'bankgiro', digits: '1609908', display: '160-9908' });
    expect(read('bankgiro', withLuhn('123456')).account?.display).toBe(`123-${withLuhn('123456').slice(3)}`);
    expect(read('bankgiro', eightDigits).account).toEqual({
      kind: 'bankgiro',
      digits: eightDigits,
      display: `${eightDigits.slice(0, 4)}-${eightDigits.slice(4)}`,
    });
  });

  it.each([' 160-9908 ', '1609908', '160 99 08', '160.9908', '160–9908', '16-099-08', '160\u00a09908'])('reads %j as typed', (text) => {
    expect(read('bankgiro', text).account?.digits).toBe('1609908');
  });

  it('refuses each digit mistyped by its check digit', () => {
    for (const text of [...offByOne('1609908'), ...offByOne(eightDigits)]) {
      expect(read('bankgiro', text).problem).toEqual({ key: 'validation.bankgiro_check_digit' });
    }
  });

  it('has 7 or 8 digits', () => {
    expect(problemKey('bankgiro', withLuhn('12345'))).toBe('validation.bankgiro_length');
    expect(problemKey('bankgiro', withLuhn('12345678'))).toBe('validation.bankgiro_length');
    expect(problemKey('bankgiro', '')).toBe('validation.bankgiro_length');
  });
});

describe('plusgiro', () => {
  it('accepts 2 to 8 digits with a Luhn check digit, shown with a dash before it', () => {
    expect(read('plusgiro', '90 12 34-5').account).toEqual({ kind: 'plusgiro', digits: '9012345', display: '901234-5' });
    expect(read('plusgiro', withLuhn('1')).account?.display).toBe(`1-${withLuhn('1')[1]}`);
    const eight = withLuhn('4123456');
    expect(read('plusgiro', eight).account?.display).toBe(`4123456-${eight[7]}`);
  });

  it('refuses each digit mistyped by its check digit', () => {
    for (const text of offByOne(withLuhn('4123456'))) expect(problemKey('plusgiro', text)).toBe('validation.plusgiro_check_digit');
  });

  it('has 2 to 8 digits', () => {
    expect(problemKey('plusgiro', '7')).toBe('validation.plusgiro_length');
    expect(problemKey('plusgiro', withLuhn('41234567'))).toBe('validation.plusgiro_length');
  });

  it('is told from a bankgiro number with the same digits only by the kind given', () => {
    expect(read('plusgiro', '160-9908').account?.display).toBe('160990-8');
    expect(read('bankgiro', '160990-8').account?.display).toBe('160-9908');
  });
});

describe('bank accounts', () => {
  // SEB and Swedbank 7xxx: type 1, mod 11 over the clearing number's last three digits and the account's seven.
  const seb = `5000 ${withMod11('000123456').slice(3)}`;
  const swedbank7 = `7654-${withMod11('654123456').slice(3)}`;
  // Handelsbanken: mod 11 over the nine digits of the account alone.
  const handelsbanken = withMod11('12345678');
  const nordeaPersonnummer = withLuhn('811218987');

  it.each([
    // Accounts from the tests of the kontonummer package: Swedbank and two savings banks behind its clearing numbers.
    ['8424-4,983 189 224-6', 'Swedbank', '842449831892246', '8424-4, 983 189 224-6'],
    ['8351-9, 392 242 224-5', 'Swedbank', '835193922422245', '8351-9, 392 242 224-5'],
    ['8129-9 043 386 711-6', 'Swedbank', '812990433867116', '8129-9, 043 386 711-6'],
    ['3300 000620-5124', 'Nordea', '33000006205124', '3300, 000620-5124'],
    ['9071, 417 23 83', 'Multitude Bank', '90714172383', '9071 41 723 83'],
    [`3300 ${nordeaPersonnummer.slice(0, 6)}-${nordeaPersonnummer.slice(6)}`, 'Nordea', `3300${nordeaPersonnummer}`, '3300, 811218-9876'],
    [`6789, ${handelsbanken}`, 'Handelsbanken', `6789${handelsbanken}`, `6789, 123 456 78${handelsbanken[8]}`],
    [seb, 'SEB', seb.replace(' ', ''), `5000 12 345 6${seb.slice(-1)}`],
    [swedbank7, 'Swedbank', swedbank7.replace('-', ''), `7654-12-3456${swedbank7.slice(-1)}`],
  ])('accepts %s at %s', (text, name, digits, display) => {
    const { account } = read('bank', text);
    expect(account).toMatchObject({ kind: 'bank', digits, display, bank: { name } });
    expect(account?.bank?.clearing + (account?.bank?.account ?? '')).toBe(digits);
  });

  it('adds the leading zeros an account number is often written without', () => {
    expect(read('bank', '8129-9, 433 867 116').account?.digits).toBe('812990433867116');
    const eightDigits = withMod11('1234567');
    expect(eightDigits).toHaveLength(8);
    expect(read('bank', `6000, ${eightDigits}`).account?.bank).toEqual({
      clearing: '6000',
      account: `0${eightDigits}`,
      name: 'Handelsbanken',
    });
  });

  it.each([
    ['Swedbank 8xxx-x', '8424-4,', '9831892246'],
    ['Nordea personkonto', '3300 ', nordeaPersonnummer],
    ['Handelsbanken', '6789 ', handelsbanken],
    ['SEB', '5000 ', seb.slice(5)],
    ['Swedbank 7xxx', '7654 ', swedbank7.slice(5)],
  ])('refuses each digit of a %s account mistyped', (_bank, clearing, account) => {
    for (const mistyped of offByOne(account)) expect(problemKey('bank', clearing + mistyped)).toBe('validation.bank_account_check_digit');
  });

  it('names the bank whose check digit failed', () => {
    expect(read('bank', '6789 123456788').problem).toEqual({
      key: 'validation.bank_account_check_digit',
      params: { bank: 'Handelsbanken' },
    });
  });

  it.each([
    ['5000 123456', 'SEB', '7'],
    ['5000 12345678', 'SEB', '7'],
    ['6789 1234567', 'Handelsbanken', '8–9'],
    ['6789 1234567890', 'Handelsbanken', '8–9'],
    ['3300 811218987', 'Nordea', '10'],
    ['8424-4 123456', 'Swedbank', '7–10'],
    ['8424-4 12345678901', 'Swedbank', '7–10'],
  ])('refuses %s: a wrong length for %s', (text, bank, digits) => {
    expect(read('bank', text).problem).toEqual({ key: 'validation.bank_account_length', params: { bank, digits } });
  });

  it('knows the clearing numbers of the Swedish banks only, with the check digit of Swedbank 8xxx-x', () => {
    expect(read('bank', '1000 1234567').problem).toEqual({ key: 'validation.bank_clearing_unknown', params: { clearing: '1000' } });
    expect(read('bank', '8424-1, 983 189 224-6').problem).toEqual({
      key: 'validation.bank_clearing_unknown',
      params: { clearing: '8424-1' },
    });
  });

  it('wants the clearing number first, with its fifth digit for Swedbank 8xxx-x', () => {
    for (const text of ['123', '8424, 983 189 224-6', '', '50000, 1234567']) {
      expect(problemKey('bank', text)).toBe('validation.bank_clearing_length');
    }
  });
});

describe('what is typed', () => {
  it.each(['bankgiro', 'plusgiro', 'bank'] as const)('refuses letters and other signs for a %s', (kind) => {
    for (const text of ['160-99O8', '160/9908', 'SE45 5000 0000 0583 9825 7466']) {
      expect(problemKey(kind, text)).toBe('validation.payout_account_characters');
    }
  });

  it('leaves an empty value to the required check, as validators.ts does', () => {
    for (const value of [null, undefined, '']) expect(payoutAccount('bank', value)).toBeNull();
    expect(payoutAccount('bankgiro', 1609908)).toEqual({ key: 'validation.string' });
    expect(payoutAccount('bankgiro', '160-9908')).toBeNull();
    expect(payoutAccount('bankgiro', '160-9909')).toEqual({ key: 'validation.bankgiro_check_digit' });
  });
});

describe('the messages', () => {
  const problems: Message[] = [
    ['bankgiro', '123'],
    ['bankgiro', '160-9909'],
    ['plusgiro', '1'],
    ['plusgiro', '90 12 34-6'],
    ['bank', '12'],
    ['bank', '1000 1234567'],
    ['bank', '5000 12'],
    ['bank', '6789 123456788'],
    ['bank', 'x'],
  ].map(([kind, text]) => read(kind as PayoutAccountKind, text).problem!);

  it.each([
    ['sv-SE', svSE],
    ['en-US', enUS],
  ])('are in %s, each with the params it names', (_locale, texts) => {
    const validation: Record<string, string> = texts.validation;
    expect(new Set(problems.map((p) => p.key)).size).toBe(problems.length);
    for (const { key, params } of problems) {
      const text = validation[key.replace('validation.', '')];
      expect(text, key).toBeTypeOf('string');
      const named = [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(named, key).toEqual(Object.keys(params ?? {}).sort());
    }
  });
});

describe('a Swedish IBAN and a bank account', () => {
  /** SEkk, the bank's code and the 17 digits, kk made by ISO 13616's rule. */
  const iban = (bank: string, number: string) => {
    const rest = [...`${bank}${number}SE00`].map((c) => parseInt(c, 36)).join('');
    const check = 98 - Number(BigInt(rest) % 97n);
    return `SE${String(check).padStart(2, '0')}${bank}${number}`;
  };
  const parts = (text: string) => readPayoutAccount('bank', text).account!.bank!;

  it('reads the register’s own example as SEB 5839, 825 746 6', () => {
    expect(ibanIsBankAccount('SE4550000000058398257466', '5839', '8257466')).toBe(true);
    expect(ibanIsBankAccount('SE4550000000058398257466', '5839', '8257467')).toBe(false);
  });

  it.each([
    // A type 1 account: the clearing number and its seven digits.
    ['5839 8257466', '500', '00000058398257466'],
    // Swedbank behind a five-digit clearing number: all five and the account filled to ten digits.
    ['8129-9, 433 867 116', '800', '00812990433867116'],
    // Handelsbanken and a Nordea personal account: the account number alone, under the bank's code.
    ['6789, 123456789', '600', '00000000123456789'],
    ['3300 000620-5124', '300', '00000000006205124'],
  ])('finds %s in its IBAN, and no other bank’s', (text, bank, number) => {
    const { clearing, account } = parts(text);
    expect(ibanIsBankAccount(iban(bank, number), clearing, account)).toBe(true);
    expect(ibanIsBankAccount(iban(bank, `${number.slice(0, -1)}${(Number(number.at(-1)) + 1) % 10}`), clearing, account)).toBe(false);
    if (bank === '600' || bank === '300') expect(ibanIsBankAccount(iban('500', number), clearing, account)).toBe(false);
  });

  it('is no account of a foreign IBAN', () => {
    expect(ibanIsBankAccount('DE89370400440532013000', '5000', '1234566')).toBe(false);
  });
});
