import { bankText, characterName } from '../../resources/bankText.js';
import { ibanIsBankAccount, readPayoutAccount } from '../../resources/payoutAccounts.js';
import { addDays } from '../clock.js';
import { type CreditorAccount, type DebtorAccount, type PaymentBatch, PaymentBatchError } from './paymentBatch.js';

// Banks read names to 70 characters (the schema allows 140); a longer one is cut, since the account decides who is paid.
const NAME_LENGTH = 70;
const ID_LENGTH = 35;
const REMITTANCE_LENGTH = 140;
// The schema's own patterns for an IBAN and a BIC.
const IBAN = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;

/** One line of text: XML cannot carry control characters, and the bank reads no line breaks. */
const clean = (text: string): string =>
  text
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\s\u0000-\u001F\u007F-\u009F]+/g, ' ')
    .trim();

const characters = (text: string): string[] => Array.from(text);

/** The digits of a number written with spaces or hyphens ("5050-1055"), when it has `min` to `max` of them. */
function digits(text: string, min: number, max: number): string | null {
  const bare = text.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${min},${max}}$`).test(bare) ? bare : null;
}

/** ISO 13616's check: the country and check digits moved to the end, letters as 10–35, the number mod 97 is 1. */
function ibanChecks(iban: string): boolean {
  const numeric = [...(iban.slice(4) + iban.slice(0, 4))].map((c) => parseInt(c, 36).toString()).join('');
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

function debtorAccount(account: DebtorAccount): DebtorAccount | null {
  if (account.kind === 'bankgiro') {
    const number = digits(account.number, 7, 8);
    return number ? { kind: 'bankgiro', number } : null;
  }
  const iban = account.iban.replace(/\s/g, '').toUpperCase();
  const bic = account.bic.trim().toUpperCase();
  return IBAN.test(iban) && ibanChecks(iban) && BIC.test(bic) ? { kind: 'iban', iban, bic } : null;
}

/**
 * The payee's account as its digits, when it passes the checks the applicant's form made (the bank's clearing number,
 * length and check digit; a giro number's Luhn digit), made again here: a row changed since, or written another way,
 * does not reach the bank.
 */
function creditorAccount(account: CreditorAccount): CreditorAccount | null {
  if (account.kind === 'bank') {
    const clearing = digits(account.clearing, 4, 5);
    const number = digits(account.account, 1, 10);
    if (!clearing || !number || readPayoutAccount('bank', `${clearing},${number}`).problem) return null;
    return { kind: 'bank', clearing, account: number };
  }
  const number = account.kind === 'bankgiro' ? digits(account.number, 7, 8) : digits(account.number, 2, 8);
  return number && !readPayoutAccount(account.kind, number).problem ? { kind: account.kind, number } : null;
}

/** Whether the payee's account is the foundation's: the same bankgiro, or the bank account its IBAN holds. */
function isOwnAccount(debtor: DebtorAccount, creditor: CreditorAccount): boolean {
  if (debtor.kind === 'bankgiro') return creditor.kind === 'bankgiro' && creditor.number === debtor.number;
  return creditor.kind === 'bank' && ibanIsBankAccount(debtor.iban, creditor.clearing, creditor.account);
}

/** The text cleaned, when it is not blank and at most `max` characters. */
function text(value: string, max: number): string | null {
  const cleaned = clean(value);
  return cleaned !== '' && characters(cleaned).length <= max ? cleaned : null;
}

const name = (value: string): string | null => text(characters(clean(value)).slice(0, NAME_LENGTH).join(''), NAME_LENGTH);

/**
 * A name or text as the bank takes it (resources/bankText.ts: the Latin set and å ä ö, others in their Latin form);
 * a character with none refuses the batch, naming the payment (or the foundation) and the character.
 */
function banked(value: string, payment: string): string {
  const written = bankText(clean(value));
  if (written.refused !== undefined)
    throw new PaymentBatchError('errors.payment_text_characters', { payment, character: characterName(written.refused) });
  return written.text;
}

/**
 * The batch made ready for the file (texts cleaned to one line, accounts as their digits), or a PaymentBatchError saying what stands in the way: no payment, an amount that
 * is not whole öre above zero, or a text, identifier, account or day the bank would refuse.
 */
export function checkBatch(batch: PaymentBatch): PaymentBatch {
  const invalid = (field: string) => new PaymentBatchError('errors.payment_batch_invalid', { field });
  if (batch.payments.length === 0) throw new PaymentBatchError('errors.payment_batch_empty');

  const messageId = text(batch.messageId, ID_LENGTH);
  if (!messageId) throw invalid('messageId');
  if (Number.isNaN(batch.createdAt.getTime())) throw invalid('createdAt');
  const day = batch.executionDate;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || addDays(day, 0) !== day) throw invalid('executionDate');
  const debtorName = name(banked(batch.debtor.name, batch.debtor.name));
  if (!debtorName) throw invalid('debtor.name');
  const organisationNumber = digits(batch.debtor.organisationNumber, 10, 12);
  if (!organisationNumber || organisationNumber.length === 11) throw invalid('debtor.organisationNumber');
  const account = debtorAccount(batch.debtor.account);
  if (!account) throw invalid('debtor.account');
  const customerNumber = batch.debtor.customerNumber ? text(batch.debtor.customerNumber, ID_LENGTH) : null;
  if (batch.debtor.customerNumber && !customerNumber) throw invalid('debtor.customerNumber');

  const payments = batch.payments.map((payment, index) => {
    const endToEndId = text(payment.endToEndId, ID_LENGTH);
    if (!endToEndId) throw invalid(`payments.${index}.endToEndId`);
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
      throw new PaymentBatchError('errors.payment_amount_not_positive', { payment: endToEndId });
    }
    const creditorName = name(banked(payment.creditorName, endToEndId));
    if (!creditorName) throw invalid(`payments.${index}.creditorName`);
    const creditor = creditorAccount(payment.creditorAccount);
    if (!creditor) throw new PaymentBatchError('errors.payment_account_invalid', { payment: endToEndId });
    // The foundation is no payee: money from its account to the same account is a mistake, never a grant.
    if (isOwnAccount(account, creditor)) throw new PaymentBatchError('errors.payment_to_own_account', { payment: endToEndId });
    const remittance = banked(payment.remittance, endToEndId);
    if (characters(remittance).length > REMITTANCE_LENGTH) throw invalid(`payments.${index}.remittance`);
    return { endToEndId, amount: payment.amount, creditorName, creditorAccount: creditor, remittance };
  });
  return { ...batch, messageId, debtor: { name: debtorName, organisationNumber, account, customerNumber }, payments };
}
