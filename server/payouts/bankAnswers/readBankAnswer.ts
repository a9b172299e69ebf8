import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../errors.js';
import { oreOf } from '../kronor.js';

// Reads the bank's answers to a payment file: the payment status report pain.002.001.03 (the file, or single payments
// in it, accepted or rejected) and the debit notification camt.054.001.02 (each payment executed, or come back). Only
// what acting on a payout needs is read; the files are kept whole beside what they did. Both are the messages of
// ISO 20022 that the Swedish common interpretation names for these answers (docs/OPERATIONS.md).

export const PAIN_002 = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';
export const CAMT_054 = 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.02';

/** The status report: the original file's message id and status, and each payment's. */
export interface StatusReport {
  kind: 'pain.002';
  messageId: string;
  originalMessageId: string;
  /** The whole file's status (ACCP, ACTC, ACSP, ACSC, ACWC, PART, PDNG, RJCT), when the bank gave one. */
  groupStatus: string | null;
  groupReason: string | null;
  payments: { endToEndId: string; status: string; reason: string | null }[];
}

/** The debit notification: each payment the bank booked, or that came back to the account. */
export interface DebitNotification {
  kind: 'camt.054';
  messageId: string;
  payments: {
    endToEndId: string;
    /** What moved, in öre. */
    amount: number;
    /** DBIT: paid from the account; CRDT: back to it (a return). */
    direction: 'DBIT' | 'CRDT';
    /** BOOK, PDNG or INFO. */
    entryStatus: string;
    bookedOn: string | null;
    bankReference: string | null;
    returnReason: string | null;
  }[];
}

export type BankAnswer = StatusReport | DebitNotification;

/** Elements that may repeat, always read as lists. */
const repeated = new Set(['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'AddtlInf']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => repeated.has(name),
});

type Node = Record<string, unknown>;
const unreadable = () => new AppError(422, 'errors.bank_answer_unreadable');
const node = (value: unknown): Node => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : value === undefined ? [] : [node(value)]);
/** An element's text, trimmed; null when absent or empty. */
function text(value: unknown): string | null {
  const raw = value && typeof value === 'object' ? (value as Node)['#text'] : value;
  return typeof raw === 'string' && raw.trim() ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
}
const required = (value: unknown): string =>
  text(value) ??
  (() => {
    throw unreadable();
  })();
/** The first reason code of a status reason list. */
const reasonCode = (reasons: unknown): string | null => {
  for (const reason of list(reasons)) {
    const code = text(node(list(reason.Rsn)[0]).Cd) ?? text(node(list(reason.Rsn)[0]).Prtry);
    if (code) return code;
  }
  return null;
};

/**
 * The answer in `xml`, or a 422: `errors.bank_answer_unreadable` for what is no well-formed XML (or declares a DTD,
 * which no bank file does) or lacks what the message requires; `errors.bank_answer_kind` for another message.
 */
export function readBankAnswer(xml: string): BankAnswer {
  if (/<!DOCTYPE/i.test(xml) || XMLValidator.validate(xml) !== true) throw unreadable();
  const start = /<(?:[\w.-]+:)?Document\b[^>]*>/.exec(xml)?.[0] ?? '';
  const document = node(node(parser.parse(xml) as unknown).Document);
  if (start.includes(`"${PAIN_002}"`) || start.includes(`'${PAIN_002}'`)) return statusReport(node(document.CstmrPmtStsRpt));
  if (start.includes(`"${CAMT_054}"`) || start.includes(`'${CAMT_054}'`)) return debitNotification(node(document.BkToCstmrDbtCdtNtfctn));
  throw new AppError(422, 'errors.bank_answer_kind');
}

function statusReport(report: Node): StatusReport {
  const group = node(report.OrgnlGrpInfAndSts);
  const payments = list(report.OrgnlPmtInfAndSts).flatMap((info) => {
    const infoStatus = text(info.PmtInfSts);
    const infoReason = reasonCode(info.StsRsnInf);
    return list(info.TxInfAndSts).flatMap((tx) => {
      const endToEndId = text(tx.OrgnlEndToEndId);
      const status = text(tx.TxSts) ?? infoStatus;
      return endToEndId && status ? [{ endToEndId, status, reason: reasonCode(tx.StsRsnInf) ?? infoReason }] : [];
    });
  });
  return {
    kind: 'pain.002',
    messageId: required(node(report.GrpHdr).MsgId),
    originalMessageId: required(group.OrgnlMsgId),
    groupStatus: text(group.GrpSts),
    groupReason: reasonCode(group.StsRsnInf),
    payments,
  };
}

function debitNotification(notification: Node): DebitNotification {
  const payments = list(notification.Ntfctn).flatMap((ntfctn) =>
    list(ntfctn.Ntry).flatMap((entry) => {
      const indicator = text(entry.CdtDbtInd);
      if (indicator !== 'DBIT' && indicator !== 'CRDT') throw unreadable();
      const direction: 'DBIT' | 'CRDT' = indicator;
      const entryStatus = text(entry.Sts) ?? '';
      const bookedOn = text(node(entry.BookgDt).Dt) ?? text(node(entry.BookgDt).DtTm)?.slice(0, 10) ?? null;
      const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      return details.flatMap((tx) => {
        const refs = node(tx.Refs);
        const endToEndId = text(refs.EndToEndId);
        if (!endToEndId) return [];
        // A payment's own amount where the entry holds several; the entry's where it is the only one.
        const amountText = text(node(node(tx.AmtDtls).TxAmt).Amt) ?? (details.length === 1 ? text(entry.Amt) : null);
        const amount = amountText === null ? null : oreOf(amountText);
        if (amount === null) throw unreadable();
        const returnInfo = node(tx.RtrInf);
        return [
          {
            endToEndId,
            amount,
            direction,
            entryStatus,
            bookedOn: bookedOn && /^\d{4}-\d{2}-\d{2}$/.test(bookedOn) ? bookedOn : null,
            bankReference: text(refs.AcctSvcrRef) ?? text(entry.AcctSvcrRef),
            returnReason:
              text(node(returnInfo.Rsn).Cd) ?? text(node(returnInfo.Rsn).Prtry) ?? (Object.keys(returnInfo).length ? 'RTRN' : null),
          },
        ];
      });
    }),
  );
  return { kind: 'camt.054', messageId: required(node(notification.GrpHdr).MsgId), payments };
}
