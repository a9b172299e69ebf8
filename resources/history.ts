/**
 * What an application's history records: every kind of entry (the server writes no other, and the admin tells each as
 * a sentence of its own), and who did those recorded without a staff user.
 */
export const historyActions = [
  'status',
  'finished',
  'sent_in',
  'created',
  'edited',
  'viewed',
  'file_added',
  'file_removed',
  'message_sent',
  'investigator_added',
  'investigator_removed',
  'reviewer_added',
  'investigation',
  'conflict_declared',
  'review',
  'decision',
  'decision_change_asked',
  'decision_change_rejected',
  'decision_change_withdrawn',
  'decision_mail_sent',
  'decision_released',
  'followup_requested',
  'followup_reminded',
  'followup_sent_in',
  'grant_accepted',
  'payout_plan',
  'payout_deadline_extended',
  'payout_lapsed',
  'payout_requested',
  'payout_receipt_added',
  'payout_receipt_removed',
  'payout_prepared',
  'payout_approved',
  'payout_rejected',
  'payout_batched',
  'payout_unbatched',
  'payout_sent',
  'payout_paid',
  'payout_returned',
  'payout_return_asked',
  'payout_return_withdrawn',
  'repayment_registered',
  'repayment_received',
  'repayment_cancelled',
  'withdrawn',
  'erasure_anonymised',
  'account_deleted',
  'anonymised',
  'signal_checked',
] as const;

export type HistoryAction = (typeof historyActions)[number];

/** The scheduled jobs that write history entries of their own (server/scheduledWork.ts). */
export type HistoryJob = 'followup-reminders' | 'payout-deadlines' | 'retention';

/**
 * Who did an entry recorded without a staff user: the applicant (in the portal), or the scheduled job that alone
 * writes it. Every other kind always names its staff user.
 */
export const actorWithoutUser: Partial<Record<HistoryAction, 'applicant' | HistoryJob>> = {
  sent_in: 'applicant',
  followup_sent_in: 'applicant',
  grant_accepted: 'applicant',
  payout_requested: 'applicant',
  payout_receipt_added: 'applicant',
  payout_receipt_removed: 'applicant',
  withdrawn: 'applicant',
  erasure_anonymised: 'applicant',
  account_deleted: 'applicant',
  followup_reminded: 'followup-reminders',
  payout_lapsed: 'payout-deadlines',
  anonymised: 'retention',
};
