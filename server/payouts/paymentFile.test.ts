import { describe, expect, it } from 'vitest';
import { schemaErrors, texts } from '../test/paymentXml.js';
import { type CreditorAccount, type DebtorAccount, type Payment, type PaymentBatch, PaymentBatchError } from './paymentBatch.js';
import { paymentFile } from './paymentFile.js';

const bankgiroDebtor: DebtorAccount = { kind: 'bankgiro', number: '5050-1055' };
const ibanDebtor: DebtorAccount = { kind: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' };
const creditorAccounts: Record<CreditorAccount['kind'], CreditorAccount> = {
  bankgiro: { kind: 'bankgiro', number: '5555-5551' },
  plusgiro: { kind: 'plusgiro', number: '90 12 34-5' },
  bank: { kind: 'bank', clearing: '8129-9', account: '433 867 116' },
};
const oddNames = [
  'Åsa Öberg & Söner (AB)',
  'Ängelholms "Bidrags" förening',
  "Föreningen O'Hara ÅÄÖ åäö é ü",
  'Tab\tand\nnew line\u0007 ',
  'Ö'.repeat(90),
];

function payment(index: number, account: CreditorAccount, amount = 100 * (index + 1) + 1): Payment {
  return {
    endToEndId: `UTB-2025-${String(index).padStart(5, '0')}`,
    amount,
    creditorName: oddNames[index % oddNames.length],
    creditorAccount: account,
    remittance: `Bidrag SB-2025-${index} (&) åäö`,
  };
}

function batch(account: DebtorAccount, payments: Payment[], createdAt = new Date('2025-03-14T09:30:00Z')): PaymentBatch {
  return {
    messageId: 'SPB-20250314-0001',
    createdAt,
    executionDate: '2025-03-17',
    debtor: { name: 'Sparbanksstiftelsen Ängelholm & Söner', organisationNumber: '802000-1234', account },
    payments,
  };
}

describe('the payment file', () => {
  for (const [debtorKind, debtor] of Object.entries({ bankgiro: bankgiroDebtor, iban: ibanDebtor })) {
    for (const [creditorKind, account] of Object.entries(creditorAccounts)) {
      it(`validates against the schema: from a ${debtorKind}, to ${creditorKind} accounts`, () => {
        const xml = paymentFile(
          batch(
            debtor,
            Array.from({ length: 40 }, (_, i) => payment(i, account)),
          ),
        );
        expect(schemaErrors(xml)).toBe('');
        expect(texts(xml, 'CdtTrfTxInf')).toHaveLength(40);
      });
    }
  }

  it('validates with every kind of creditor account in one batch, and without a remittance text', () => {
    const accounts = Object.values(creditorAccounts);
    const payments = Array.from({ length: 300 }, (_, i) => ({ ...payment(i, accounts[i % 3]), remittance: i % 7 ? `Ref ${i}` : ' ' }));
    const xml = paymentFile(batch(ibanDebtor, payments));
    expect(schemaErrors(xml)).toBe('');
    expect(texts(xml, 'Ustrd')).toHaveLength(300 - Math.ceil(300 / 7));
  });

  it('is checked by the schema itself: a file the schema refuses is reported', () => {
    const xml = paymentFile(batch(ibanDebtor, [payment(0, creditorAccounts.bank)]));
    expect(schemaErrors(xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>'))).toMatch(/PmtMtd/);
  });

  it('writes the accounts as Swedish banks read them', () => {
    const payments = Object.values(creditorAccounts).map((account, i) => payment(i, account));
    const xml = paymentFile(batch(bankgiroDebtor, payments));
    // The debtor's bankgiro and the creditor's: the proprietary BGNR; a plusgiro and a bank account: BBAN.
    expect(texts(xml, 'Prtry')).toEqual(['BGNR', 'BGNR']);
    // The initiating party and the debtor by organisation number (CUST), then the accounts' schemes and agents.
    expect(texts(xml, 'Cd')).toEqual(['CUST', 'NURG', 'CUST', 'SESBA', 'SESBA', 'SESBA', 'BBAN', 'SESBA', 'BBAN']);
    expect(texts(xml, 'MmbId')).toEqual(['9900', '9900', '9960', '8129']);
    expect(xml).toContain('<Id>50501055</Id>');
    expect(xml).toContain('<Id>55555551</Id>');
    expect(xml).toContain('<Id>9012345</Id>');
    expect(xml).toContain('<Id>81299433867116</Id>');
    expect(texts(xml, 'Ccy')).toEqual(['SEK']);
    expect(xml.match(/Ccy="SEK"/g)).toHaveLength(3);

    const fromIban = paymentFile(batch(ibanDebtor, payments));
    expect(texts(fromIban, 'IBAN')).toEqual(['SE4550000000058398257466']);
    expect(texts(fromIban, 'BIC')).toEqual(['ESSESESS']);
    expect(texts(fromIban, 'Prtry')).toEqual(['BGNR']);
  });

  it('names the initiating party by the customer number the bank gave (scheme BANK), the debtor by its organisation number', () => {
    const input = batch(bankgiroDebtor, [payment(0, creditorAccounts.bankgiro)]);
    const xml = paymentFile({ ...input, debtor: { ...input.debtor, customerNumber: 'KUND-123456' } });
    expect(schemaErrors(xml)).toBe('');
    const initiator = xml.slice(xml.indexOf('<InitgPty>'), xml.indexOf('</InitgPty>'));
    expect(initiator).toContain('<Id>KUND-123456</Id>');
    expect(initiator).toContain('<Cd>BANK</Cd>');
    const debtor = xml.slice(xml.indexOf('<Dbtr>'), xml.indexOf('</Dbtr>'));
    expect(debtor).toContain('<Id>8020001234</Id>');
    expect(debtor).toContain('<Cd>CUST</Cd>');
  });

  it('keeps Å, Ä, Ö and writes other letters and signs in their Latin form, in UTF-8, on one line and cut to 70 characters', () => {
    const xml = paymentFile(
      batch(
        bankgiroDebtor,
        oddNames.map((_, i) => payment(i, creditorAccounts.bankgiro)),
      ),
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<Nm>Åsa Öberg + Söner (AB)</Nm>');
    expect(texts(xml, 'Nm')).toEqual([
      'Sparbanksstiftelsen Ängelholm + Söner',
      'Sparbanksstiftelsen Ängelholm + Söner',
      'Åsa Öberg + Söner (AB)',
      "Ängelholms 'Bidrags' förening",
      "Föreningen O'Hara ÅÄÖ åäö e u",
      'Tab and new line',
      'Ö'.repeat(70),
    ]);
    expect(texts(xml, 'Ustrd')[0]).toBe('Bidrag SB-2025-0 (+) åäö');
    // Composed letters: the bank's systems match Å as one character, not A and a ring.
    expect(paymentFile(batch(bankgiroDebtor, [{ ...payment(0, creditorAccounts.bankgiro), creditorName: 'A\u030Asa' }]))).toContain(
      '<Nm>\u00C5sa</Nm>',
    );
  });

  it('states the count and the control sum in the group header and the payment information, to the öre', () => {
    const amounts = [1, 99, 12_345_678_90, 10, 100];
    const xml = paymentFile(
      batch(
        ibanDebtor,
        amounts.map((amount, i) => payment(i, creditorAccounts.bank, amount)),
      ),
    );
    expect(texts(xml, 'InstdAmt')).toEqual(['0.01', '0.99', '12345678.90', '0.10', '1.00']);
    expect(texts(xml, 'NbOfTxs')).toEqual(['5', '5']);
    expect(texts(xml, 'CtrlSum')).toEqual(['12345681.00', '12345681.00']);
  });

  it('sums many amounts exactly', () => {
    // A thousand times 0.10 kr, which as floating point kronor would add up to 99.9999999999986.
    const tens = paymentFile(
      batch(
        bankgiroDebtor,
        Array.from({ length: 1000 }, (_, i) => payment(i, creditorAccounts.bankgiro, 10)),
      ),
    );
    expect(texts(tens, 'CtrlSum')).toEqual(['100.00', '100.00']);
    // 100 million kronor less one öre, a thousand times.
    const payments = Array.from({ length: 1000 }, (_, i) => payment(i, creditorAccounts.bankgiro, 100_000_000_00 - 1));
    const xml = paymentFile(batch(bankgiroDebtor, payments));
    expect(schemaErrors(xml)).toBe('');
    expect(texts(xml, 'CtrlSum')).toEqual(['99999999990.00', '99999999990.00']);
    expect(texts(xml, 'NbOfTxs')).toEqual(['1000', '1000']);
  });

  it('carries the ids, the day and the creation time in Stockholm', () => {
    const winter = paymentFile(batch(ibanDebtor, [payment(0, creditorAccounts.bank)]));
    expect(texts(winter, 'MsgId')).toEqual(['SPB-20250314-0001']);
    expect(texts(winter, 'PmtInfId')).toEqual(['SPB-20250314-0001']);
    expect(texts(winter, 'EndToEndId')).toEqual(['UTB-2025-00000']);
    expect(texts(winter, 'ReqdExctnDt')).toEqual(['2025-03-17']);
    expect(texts(winter, 'CreDtTm')).toEqual(['2025-03-14T10:30:00+01:00']);
    const summer = paymentFile(batch(ibanDebtor, [payment(0, creditorAccounts.bank)], new Date('2025-06-30T22:15:00Z')));
    expect(texts(summer, 'CreDtTm')).toEqual(['2025-07-01T00:15:00+02:00']);
    expect(texts(summer, 'Id')).toContain('8020001234');
  });
});

describe('a batch the bank cannot be given', () => {
  const refusal = (changed: Partial<PaymentBatch>, payments = [payment(0, creditorAccounts.bankgiro)]) => {
    try {
      paymentFile({ ...batch(ibanDebtor, payments), ...changed });
    } catch (error) {
      expect(error).toBeInstanceOf(PaymentBatchError);
      const { key, params } = error as PaymentBatchError;
      return { key, params };
    }
    throw new Error('the batch was not refused');
  };

  it('is refused without a payment', () => {
    expect(refusal({ payments: [] })).toEqual({ key: 'errors.payment_batch_empty', params: {} });
  });

  it.each([0, -1, -100, 0.5, 12.25, Number.NaN, Infinity, 2 ** 53])('is refused with an amount of %s öre', (amount) => {
    const payments = [payment(0, creditorAccounts.bankgiro), payment(1, creditorAccounts.bank, amount)];
    expect(refusal({ payments })).toEqual({ key: 'errors.payment_amount_not_positive', params: { payment: 'UTB-2025-00001' } });
  });

  it.each<[string, Partial<PaymentBatch>, string]>([
    ['a blank message id', { messageId: '  ' }, 'messageId'],
    ['a message id over 35 characters', { messageId: 'M'.repeat(36) }, 'messageId'],
    ['a day that does not exist', { executionDate: '2025-02-29' }, 'executionDate'],
    ['a day written otherwise', { executionDate: '17/3/2025' }, 'executionDate'],
    ['an invalid creation time', { createdAt: new Date(Number.NaN) }, 'createdAt'],
    ['a blank debtor name', { debtor: { name: '\n', organisationNumber: '8020001234', account: ibanDebtor } }, 'debtor.name'],
    [
      'a short organisation number',
      { debtor: { name: 'S', organisationNumber: '802000-123', account: ibanDebtor } },
      'debtor.organisationNumber',
    ],
    [
      'an IBAN whose check digits are wrong',
      {
        debtor: {
          name: 'S',
          organisationNumber: '8020001234',
          account: { kind: 'iban', iban: 'SE4650000000058398257466', bic: 'ESSESESS' },
        },
      },
      'debtor.account',
    ],
    [
      'a BIC the schema refuses',
      { debtor: { name: 'S', organisationNumber: '8020001234', account: { kind: 'iban', iban: 'SE4550000000058398257466', bic: 'ESSE' } } },
      'debtor.account',
    ],
    [
      'a bankgiro number of six digits',
      { debtor: { name: 'S', organisationNumber: '8020001234', account: { kind: 'bankgiro', number: '505-010' } } },
      'debtor.account',
    ],
  ])('is refused with %s', (_, changed, field) => {
    expect(refusal(changed)).toEqual({ key: 'errors.payment_batch_invalid', params: { field } });
  });

  it.each<[string, Partial<Payment>, string]>([
    ['a blank end-to-end id', { endToEndId: '' }, 'endToEndId'],
    ['a blank creditor name', { creditorName: ' \t ' }, 'creditorName'],
    ['a remittance text over 140 characters', { remittance: 'å'.repeat(141) }, 'remittance'],
  ])('is refused with %s', (_, changed, field) => {
    const payments = [payment(0, creditorAccounts.bank), { ...payment(1, creditorAccounts.bank), ...changed }];
    expect(refusal({ payments })).toEqual({ key: 'errors.payment_batch_invalid', params: { field: `payments.1.${field}` } });
  });

  it.each([
    ['王小明', '"王"'],
    ['Föreningen 🎉', '"🎉"'],
    ['Bank\u202Eevil', 'U+202E'],
  ])('is refused with a name holding a character with no Latin form (%s), naming it', (creditorName, character) => {
    const payments = [payment(0, creditorAccounts.bank), { ...payment(1, creditorAccounts.bank), creditorName }];
    expect(refusal({ payments })).toEqual({
      key: 'errors.payment_text_characters',
      params: { payment: payments[1].endToEndId, character },
    });
  });

  it.each<[string, CreditorAccount]>([
    ['a plusgiro number of one digit', { kind: 'plusgiro', number: '4' }],
    ['a bankgiro number with letters', { kind: 'bankgiro', number: '5050-105X' }],
    ['a bankgiro number whose check digit is wrong', { kind: 'bankgiro', number: '5050-1056' }],
    ['a clearing number of three digits', { kind: 'bank', clearing: '832', account: '1234' }],
    ['an account number of eleven digits', { kind: 'bank', clearing: '8327', account: '12345678901' }],
    ['a bank account whose check digit is wrong', { kind: 'bank', clearing: '8129-9', account: '433 867 117' }],
  ])('is refused with %s, naming the payment', (_, creditorAccount) => {
    const payments = [payment(0, creditorAccounts.bank), { ...payment(1, creditorAccounts.bank), creditorAccount }];
    expect(refusal({ payments })).toEqual({ key: 'errors.payment_account_invalid', params: { payment: payments[1].endToEndId } });
  });

  it('is refused with a payment to the foundation’s own bankgiro, naming it', () => {
    const own = { kind: 'bankgiro' as const, number: '5050-1055' };
    const payments = [payment(0, creditorAccounts.bank), payment(1, own)];
    expect(refusal({ debtor: { ...batch(ibanDebtor, []).debtor, account: own }, payments })).toEqual({
      key: 'errors.payment_to_own_account',
      params: { payment: payments[1].endToEndId },
    });
  });

  it('is refused with a payment to the bank account the foundation’s IBAN holds, naming it', () => {
    const own = { kind: 'bank' as const, clearing: '5839', account: '825 746 6' };
    const payments = [payment(0, creditorAccounts.bank), payment(1, own)];
    expect(refusal({ debtor: { ...batch(ibanDebtor, []).debtor, account: ibanDebtor }, payments })).toEqual({
      key: 'errors.payment_to_own_account',
      params: { payment: payments[1].endToEndId },
    });
  });
});
