import { create } from 'xmlbuilder2';
import { kronor } from '../payouts/kronor.js';
import { CAMT_054, PAIN_002 } from '../payouts/bankAnswers/readBankAnswer.js';

// The bank's answers as a Swedish bank writes them, for the tests: each validates against its official schema
// (schemaErrors in paymentXml.ts), so the importer is tried on what a bank could send.

const CREATED = '2026-11-20T08:00:00';

/** A payment status report (pain.002.001.03) on the payment file `originalMessageId`. */
export function statusReport(report: {
  messageId: string;
  originalMessageId: string;
  groupStatus?: string;
  groupReason?: string;
  payments?: { endToEndId: string; status: string; reason?: string }[];
}): string {
  const reason = (code?: string) => (code ? { StsRsnInf: { Rsn: { Cd: code } } } : {});
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      Document: {
        '@xmlns': PAIN_002,
        CstmrPmtStsRpt: {
          GrpHdr: { MsgId: report.messageId, CreDtTm: CREATED },
          OrgnlGrpInfAndSts: {
            OrgnlMsgId: report.originalMessageId,
            OrgnlMsgNmId: 'pain.001.001.03',
            ...(report.groupStatus && { GrpSts: report.groupStatus }),
            ...reason(report.groupReason),
          },
          ...(report.payments?.length && {
            OrgnlPmtInfAndSts: {
              OrgnlPmtInfId: report.originalMessageId,
              TxInfAndSts: report.payments.map((p) => ({ OrgnlEndToEndId: p.endToEndId, TxSts: p.status, ...reason(p.reason) })),
            },
          }),
        },
      },
    })
    .end({ prettyPrint: true });
}

/** A debit notification (camt.054.001.02) with one entry per payment: DBIT paid, CRDT come back. */
export function debitNotification(notification: {
  messageId: string;
  payments: {
    endToEndId: string;
    amount: number;
    direction?: 'DBIT' | 'CRDT';
    status?: string;
    bookedOn: string;
    bankReference?: string;
    returnReason?: string;
  }[];
}): string {
  return create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      Document: {
        '@xmlns': CAMT_054,
        BkToCstmrDbtCdtNtfctn: {
          GrpHdr: { MsgId: notification.messageId, CreDtTm: CREATED },
          Ntfctn: {
            Id: notification.messageId,
            CreDtTm: CREATED,
            Acct: { Id: { Othr: { Id: '50501055', SchmeNm: { Prtry: 'BGNR' } } } },
            Ntry: notification.payments.map((p) => ({
              Amt: { '@Ccy': 'SEK', '#': kronor(BigInt(p.amount)) },
              CdtDbtInd: p.direction ?? 'DBIT',
              Sts: p.status ?? 'BOOK',
              BookgDt: { Dt: p.bookedOn },
              ValDt: { Dt: p.bookedOn },
              ...(p.bankReference && { AcctSvcrRef: p.bankReference }),
              BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: p.returnReason ? 'RCDT' : 'ICDT', SubFmlyCd: p.returnReason ? 'RRTN' : 'DMCT' } } },
              NtryDtls: {
                TxDtls: {
                  Refs: { ...(p.bankReference && { AcctSvcrRef: p.bankReference }), EndToEndId: p.endToEndId },
                  AmtDtls: { TxAmt: { Amt: { '@Ccy': 'SEK', '#': kronor(BigInt(p.amount)) } } },
                  ...(p.returnReason && { RtrInf: { Rsn: { Cd: p.returnReason } } }),
                },
              },
            })),
          },
        },
      },
    })
    .end({ prettyPrint: true });
}
