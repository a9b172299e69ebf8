import { create } from 'xmlbuilder2';
import { stockholmWallTime } from '../clock.js';
import { checkBatch } from './checkBatch.js';
import { kronor, sumOre } from './kronor.js';
import type { CreditorAccount, DebtorAccount, PaymentBatch } from './paymentBatch.js';

/**
 * The payment file for the bank: an ISO 20022 pain.001.001.03 CustomerCreditTransferInitiation in Swedish kronor, as
 * the Swedish Bankers' Association's "Swedish Common Interpretation of ISO 20022 Payment Messages" (appendix 1, Common
 * Payment Types in Sweden) and the banks' guides following it write a domestic payment: a bankgiro number under the
 * proprietary scheme BGNR routed through Bankgirot (9900); a plusgiro number and a bank account as BBAN, routed
 * through PlusGirot (9960) or the clearing number's bank in the Swedish bank clearing (SESBA); the initiating party
 * by the customer number the bank gave (scheme BANK) or else the organisation number (CUST), the debtor by its
 * organisation number (CUST); an IBAN account's agent by its BIC. It validates against `xsd/pain.001.001.03.xsd`.
 */

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
/** Where the payments go in the pretty-printed file: inside the payment information, three levels down. */
const PAYMENT_DEPTH = 3;
const PAYMENT_INFORMATION_END = '\n    </PmtInf>';
// Bankgirot's and PlusGirot's own clearing numbers, where giro payments are routed.
const BANKGIROT = '9900';
const PLUSGIROT = '9960';

const clearingMember = (member: string) => ({ FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'SESBA' }, MmbId: member } } });
const giro = (number: string, scheme: 'BGNR') => ({ Othr: { Id: number, SchmeNm: { Prtry: scheme } } });
/** A party's organisation identification: its number and the scheme that says whose number it is. */
const organisation = (id: string, scheme: 'BANK' | 'CUST') => ({ OrgId: { Othr: { Id: id, SchmeNm: { Cd: scheme } } } });

function debtorAccount(account: DebtorAccount) {
  return account.kind === 'iban'
    ? { account: { IBAN: account.iban }, agent: { FinInstnId: { BIC: account.bic } } }
    : { account: giro(account.number, 'BGNR'), agent: clearingMember(BANKGIROT) };
}

function creditorAccount(account: CreditorAccount) {
  switch (account.kind) {
    case 'bankgiro':
      return { account: giro(account.number, 'BGNR'), agent: clearingMember(BANKGIROT) };
    case 'plusgiro':
      return { account: { Othr: { Id: account.number, SchmeNm: { Cd: 'BBAN' } } }, agent: clearingMember(PLUSGIROT) };
    case 'bank':
      // The bank is the clearing number's first four digits; the account is the clearing and account numbers together.
      return {
        account: { Othr: { Id: `${account.clearing}${account.account}`, SchmeNm: { Cd: 'BBAN' } } },
        agent: clearingMember(account.clearing.slice(0, 4)),
      };
  }
}

/** `at` as Stockholm's clock reads it, with its offset from UTC: "2025-03-30T10:15:00+02:00". */
function stockholmDateTime(at: Date): string {
  const wall = stockholmWallTime(at);
  const offset = Math.round((wall - at.getTime()) / 60_000);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${new Date(wall).toISOString().slice(0, 19)}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/**
 * The pain.001 XML (UTF-8) of a batch: one payment information for the debtor's account and day, a transaction per
 * payment. Throws a PaymentBatchError for a batch the bank cannot be given (see `checkBatch`).
 */
export function paymentFile(input: PaymentBatch): string {
  const batch = checkBatch(input);
  const { payments, debtor } = batch;
  const count = String(payments.length);
  const total = kronor(sumOre(payments.map((payment) => payment.amount)));
  const initiator = {
    Nm: debtor.name,
    Id: debtor.customerNumber ? organisation(debtor.customerNumber, 'BANK') : organisation(debtor.organisationNumber, 'CUST'),
  };
  const party = { Nm: debtor.name, Id: organisation(debtor.organisationNumber, 'CUST') };
  const from = debtorAccount(debtor.account);

  const skeleton = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(NAMESPACE, 'Document')
    .ele({
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.messageId,
          CreDtTm: stockholmDateTime(batch.createdAt),
          NbOfTxs: count,
          CtrlSum: total,
          InitgPty: initiator,
        },
        PmtInf: {
          PmtInfId: batch.messageId,
          PmtMtd: 'TRF',
          NbOfTxs: count,
          CtrlSum: total,
          PmtTpInf: { SvcLvl: { Cd: 'NURG' } },
          ReqdExctnDt: batch.executionDate,
          Dbtr: party,
          DbtrAcct: { Id: from.account, Ccy: 'SEK' },
          DbtrAgt: from.agent,
        },
      },
    })
    .doc()
    .end({ prettyPrint: true });
  // Each payment is written on its own and let go, then set into the payment information at its depth: a document of
  // every payment at once held 260 MB for 10 000 of them; the text is the same to the byte.
  const transactions = payments.map((payment) => {
    const to = creditorAccount(payment.creditorAccount);
    const transaction = create({
      CdtTrfTxInf: {
        PmtId: { EndToEndId: payment.endToEndId },
        Amt: { InstdAmt: { '@Ccy': 'SEK', '#': kronor(BigInt(payment.amount)) } },
        CdtrAgt: to.agent,
        Cdtr: { Nm: payment.creditorName },
        CdtrAcct: { Id: to.account },
        ...(payment.remittance !== '' && { RmtInf: { Ustrd: payment.remittance } }),
      },
    }).end({ headless: true, prettyPrint: true, offset: PAYMENT_DEPTH });
    return transaction;
  });
  const end = skeleton.lastIndexOf(PAYMENT_INFORMATION_END);
  return `${skeleton.slice(0, end)}\n${transactions.join('\n')}${skeleton.slice(end)}`;
}
