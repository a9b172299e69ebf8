import type { ListPageOf } from '../../../server/routes/schemas';
import type { HttpClient } from '../httpClient';
import type {
  BankAnswerImported,
  BookkeepingExport,
  PaymentBatch,
  PayoutPlan,
  PayoutPlanInstalment,
  PayoutRow,
  Repayments,
  Unwrap,
} from '../staffMethods';
import type { StaffPaths } from './staffPaths';

/**
 * Paying the grants: payouts and their attest, batches and the bank's answers, settings, the plan, repayments, the
 * books.
 */
export function payoutMethods(http: HttpClient, unwrap: Unwrap, { application, attachmentAt }: StaffPaths) {
  return {
    getPayout: (id: number) => unwrap<PayoutRow>(http.get(`/payouts/${id}`)),
    /**
     * A step of attest by two on one payout; reject carries the reason told to the applicant, returned (asking another
     * to carry out a return) the reason and the bank's reference; returned/approve and returned/withdraw end that ask.
     */
    payoutStep: (
      id: number,
      step: 'prepare' | 'approve' | 'reject' | 'returned' | 'returned/approve' | 'returned/withdraw',
      reason?: string,
      bankReference?: string,
    ) =>
      unwrap<PayoutRow>(
        http.post(
          `/payouts/${id}/${step}`,
          reason === undefined ? undefined : { data: { reason, ...(bankReference !== undefined && { bank_reference: bankReference }) } },
        ),
      ),
    /** Imports the bank's answer to a payment file (its status report or debit notification, as XML). */
    importBankAnswer: (xml: string) => unwrap<BankAnswerImported>(http.post('/bank-answers', { data: { xml } })),
    createPaymentBatch: (payoutIds: number[], executionDate?: string) =>
      unwrap<PaymentBatch>(
        http.post('/payment-batches', { data: { payout_ids: payoutIds, ...(executionDate ? { execution_date: executionDate } : {}) } }),
      ),
    getPaymentBatch: (id: number) => unwrap<PaymentBatch>(http.get(`/payment-batches/${id}`)),
    /** The batch's payment file for the bank (pain.001 XML), under the name the server gives it. */
    getPaymentFile: (id: number) => attachmentAt(`/payment-batches/${id}/file`),
    markPaymentBatchSent: (id: number) => unwrap<PaymentBatch>(http.post(`/payment-batches/${id}/sent`)),
    /** Cancels a batch not yet sent; its payouts go back to approved. */
    cancelPaymentBatch: (id: number) => unwrap<PaymentBatch>(http.post(`/payment-batches/${id}/cancel`)),
    /** Marks the sent batch's payouts paid on the day: all still sent, or those listed. */
    markPaymentBatchPaid: (id: number, paidOn: string, payoutIds?: number[]) =>
      unwrap<PaymentBatch>(
        http.post(`/payment-batches/${id}/paid`, { data: { paid_on: paidOn, ...(payoutIds ? { payout_ids: payoutIds } : {}) } }),
      ),
    getPayoutPlan: (uuid: string) => unwrap<PayoutPlan>(http.get(application(uuid, '/payout-plan'))),
    setPayoutPlan: (uuid: string, instalments: PayoutPlanInstalment[]) =>
      unwrap<PayoutPlan>(http.put(application(uuid, '/payout-plan'), { data: { instalments } })),
    extendPayoutDeadline: (uuid: string, extension: { extended_to: string; reason: string }) =>
      unwrap<PayoutPlan>(http.post(application(uuid, '/payout-deadline'), { data: extension })),
    /** The application's payouts: the payouts list searched by its reference, keeping its own (a search also finds longer references). */
    getApplicationPayouts: (uuid: string, reference: string) =>
      unwrap<ListPageOf<PayoutRow>>(http.get('/payouts', { params: { search: reference, per_page: 100 } })).then((page) =>
        page.data.filter((row) => row.application.uuid === uuid),
      ),
    getRepayments: (uuid: string) => unwrap<Repayments>(http.get(application(uuid, '/repayments'))),
    registerRepayment: (uuid: string, repayment: { amount: number; reason: string }) =>
      unwrap<Repayments>(http.post(application(uuid, '/repayments'), { data: repayment })),
    markRepaymentReceived: (id: number, receivedOn: string) =>
      unwrap<Repayments>(http.post(`/repayments/${id}/received`, { data: { received_on: receivedOn } })),
    /** The bookkeeping of the days as an SIE file, under the name the server gives it. */
    getBookkeepingFile: (from: string, to: string) => attachmentAt('/bookkeeping/sie', { from, to }),
    /** The exports of the books, newest first: those overlapping from..to, or the latest. */
    getBookkeepingExports: (range?: { from: string; to: string }) =>
      unwrap<BookkeepingExport[]>(http.get('/bookkeeping/exports', { params: range ?? {} })),
  };
}
