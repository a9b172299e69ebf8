import type { ErasureDone, ErasurePreview } from './erasure';
import type { Locale } from '../../resources/locales';
import type { RetentionRules } from '../../resources/retention';
import type { FormValues } from '../forms/application/types';
import { getEnums } from './enums';
import type { HttpClient, HttpResponse } from './httpClient';
import type { UploadProgress } from './xhrFetch';
import type { dialogueMessage, followup, followupFile, JsonOf, ListPageOf, message as messageAnswer } from '../../server/routes/schemas';
import type { applicationProgress } from '../../server/routes/schemas/applicationLists';
import type { applicationDeletion, applicationDeletionPreview } from '../../server/routes/schemas/applicationDeletion';
import type { staffFormOptions } from '../../server/routes/schemas/applicationForm';
import type { historyEntry, staffApplication } from '../../server/routes/schemas/staffApplication';
import type {
  decision,
  decisionMailCount,
  decisionMailPreview,
  decisionMailRound,
  decisionMailSent,
  decisionReleased,
} from '../../server/routes/schemas/decisions';
import type { investigation, investigator, proposal } from '../../server/routes/schemas/investigations';
import type { dashboard, decisionPeriod } from '../../server/routes/schemas/periods';
import type { orderedFaq } from '../../server/routes/schemas/faqs';
import type { notification, notificationPage, notificationSettings } from '../../server/routes/schemas/notifications';
import type { privacyNotices, retentionPreview, retentionRules, retentionRun } from '../../server/routes/schemas/dataProtection';
import type { statistics } from '../../server/routes/schemas/statistics';
import type { followupRequestCount, followupsRequested } from '../../server/routes/schemas/followupRequests';
import type {
  bankAnswerImported,
  paymentBatchWithPayouts,
  paymentSettings,
  payoutAbilityChange,
  payoutRow,
} from '../../server/routes/schemas/payouts';
import type { payoutPlan } from '../../server/routes/schemas/grants';
import type { bookkeepingExport } from '../../server/routes/schemas/bookkeeping';
import type { repayments } from '../../server/routes/schemas/repayments';
import type { ownReview, periodReviewers, reviewer, reviewsView } from '../../server/routes/schemas/reviews';
import type { agendaItem, meeting, meetingRow } from '../../server/routes/schemas/meetings';
import type {
  accountEvent,
  enrolment,
  enrolmentCompleted,
  recoveryCodes,
  secondFactorStatus,
} from '../../server/routes/schemas/secondFactor';
import type { oidcProvider, oidcStart } from '../../server/routes/schemas/signIn';

// The answers' types are the server's response schemas (server/routes/schemas/), as JSON carries them.

/** Turns an answer's { data } into its value; the dataProvider's, so errors become react-admin HttpErrors. */
export type Unwrap = <T>(request: Promise<HttpResponse<{ data: T }>>) => Promise<T>;

/** The six progress indicators, as the API gives them on every application. */
export type ApplicationProgress = JsonOf<typeof applicationProgress>;
/** One application as staff read it: the form, its questions and files, the decision's parts and the progress. */
export type StaffApplication = JsonOf<typeof staffApplication>;
/** What deleting an application would remove: its files (all of them), dialogue messages, follow-up, investigations. */
export type ApplicationDeletionPreview = JsonOf<typeof applicationDeletionPreview>;
/** The log's entry of a deleted application: who deleted which reference, when, and what went with it. */
export type ApplicationDeletion = JsonOf<typeof applicationDeletion>;
/** What the staff application form offers: every period (closed ones too), the categories, each type's questions. */
export type ApplicationFormOptions = JsonOf<typeof staffFormOptions>;

export type Decision = JsonOf<typeof decision>;
/** A decision as staff send it; FOU, NOK and goals are left out for a period under the distribution cap. */
export type DecisionInput = Pick<Decision, 'status' | 'approved_money'> &
  Partial<Pick<Decision, 'approved_fou' | 'approved_nok' | 'global_goals'>> & {
    /** Why a decision the applicant was told is changed: the change then waits for another's approval. */
    reason?: string;
  };

export type Investigator = JsonOf<typeof investigator>;
/** An investigator's own proposal as they write it (and as the answer has it). */
export type Investigation = Pick<JsonOf<typeof investigation>, 'amount' | 'status' | 'comment'>;
export type Proposal = JsonOf<typeof proposal>;
export type HistoryEntry = JsonOf<typeof historyEntry>;

/** A period the user may decide on: closed by staff, or by its dates on today ended, open or upcoming. */
export type DecisionPeriod = JsonOf<typeof decisionPeriod>;
export type DashboardData = JsonOf<typeof dashboard>;
export type FaqItem = JsonOf<typeof orderedFaq>;

/** One message of an application's dialogue as staff read it: also who wrote (`user`, null for the applicant). */
export type DialogueMessage = JsonOf<typeof dialogueMessage> & Required<Pick<JsonOf<typeof dialogueMessage>, 'user'>>;
/** An attachment of a message; `is_agreement` marks staff's agreement (for the applicant to sign). */
export type MessageFile = DialogueMessage['files'][number];

/** A message staff write: its text, whether it is the welcome message, attachments and the agreement's files. */
export interface NewMessage {
  body: string;
  is_welcome_message: boolean;
  files: File[];
  agreements: File[];
}

/** JSON when there is nothing to attach, otherwise a multipart form with the files. */
function messageBody(message: NewMessage): unknown {
  const { body, is_welcome_message, files, agreements } = message;
  if (!files.length && !agreements.length) return { data: { body, is_welcome_message } };
  const form = new FormData();
  form.append('body', body);
  form.append('is_welcome_message', String(is_welcome_message));
  for (const file of files) form.append('files', file);
  for (const file of agreements) form.append('agreements', file);
  return form;
}

/** Something a staff member is told about: a message from an applicant, a follow-up sent in. */
export type StaffNotification = JsonOf<typeof notification>;
/** A page of the signed-in user's notifications, newest first, with how many of all are unread. */
export type NotificationPage = JsonOf<typeof notificationPage>;
export type NotificationSettings = JsonOf<typeof notificationSettings>;

/** Data protection's retention rules, with who changed them last (null: nobody since the defaults). */
export type RetentionRulesAnswer = JsonOf<typeof retentionRules>;
/**
 * What a run of the retention rules would do now, per period where it would do something now or within 30 days, or
 * that is postponed; the totals leave the postponed periods out.
 */
export type RetentionPreview = JsonOf<typeof retentionPreview>;
/** What the retention rules delete or anonymise, counted: drafts deleted, rejected and approved applications anonymised. */
export type RetentionCounts = RetentionPreview['totals'];
/** One run of the retention rules: when, who ran it by hand (null: the nightly job), and what it did per period. */
export type RetentionRun = JsonOf<typeof retentionRun>;

/** A postponement as staff give it: the last day the rules wait (YYYY-MM-DD) and why. */
export interface RetentionPostponementInput {
  until: string;
  reason: string;
}

/** The privacy notice's text in each language, as staff wrote it (with the rules' placeholders), and who changed it. */
export type PrivacyNotices = JsonOf<typeof privacyNotices>;

/** A period's decision mails not yet sent, and the decided applications that have no e-mail to send one to. */
export type DecisionMailCount = JsonOf<typeof decisionMailCount>;
export type DecisionMailPreview = JsonOf<typeof decisionMailPreview>;
/** One round of a period's decision mails: how many went, how many are left. */
export type DecisionMailRound = JsonOf<typeof decisionMailRound>;

export type Followup = JsonOf<typeof followup>;
export type FollowupFile = JsonOf<typeof followupFile>;
export type Statistics = JsonOf<typeof statistics>;
/** A message for the user, in their language. */
type Message = JsonOf<typeof messageAnswer>['data'];

/** A payout as staff see it in the payouts list, a batch and its dialog. */
export type PayoutRow = JsonOf<typeof payoutRow>;
/** A payment batch with its payouts, counts and totals. */
export type PaymentBatch = JsonOf<typeof paymentBatchWithPayouts>;
export type BankAnswerImported = JsonOf<typeof bankAnswerImported>;
export type PayoutAbilityChange = JsonOf<typeof payoutAbilityChange>;
/** The payment settings as staff read them, with who changed them last. */
export type PaymentSettings = JsonOf<typeof paymentSettings>;
/** An export of the books: its days, how many vouchers, who took it out and when. */
export type BookkeepingExport = JsonOf<typeof bookkeepingExport>;
/** The payment settings as staff save them. */
export type PaymentSettingsInput = Omit<PaymentSettings, 'updated_at' | 'updated_by'>;

/** A grant's payout plan, acceptance and deadline as staff read them. */
export type PayoutPlan = JsonOf<typeof payoutPlan>;
/** An instalment of a new plan: an existing one by its id. */
export interface PayoutPlanInstalment {
  id?: number;
  amount: number;
  due: number;
}
/** An application's repayments with what was paid and what may still be asked back. */
export type Repayments = JsonOf<typeof repayments>;

/** A row of the board meetings list. */
export type MeetingRow = JsonOf<typeof meetingRow>;
/** An application on a meeting's agenda, with the reviews' figures and proposal and, once decided, the decision. */
export type AgendaItem = JsonOf<typeof agendaItem>;
/** One board meeting: the row, its agenda in order, its totals (öre) and the caller's own conflict declarations. */
export type Meeting = JsonOf<typeof meeting>;
/** A meeting as staff create or edit it. */
export interface MeetingInput {
  period_id: number;
  held_on: string;
  place: string;
  member_ids: number[];
  chair_id: number;
  adjuster_id: number;
  secretary_id: number | null;
  starts_at: string | null;
  ends_at: string | null;
}
/** One agenda line's decision: approved with an amount, or rejected (amount null), and who dissented. */
export interface MeetingDecision {
  application_uuid: string;
  status: number;
  amount: number | null;
  dissent_ids?: number[];
}

/** A reviewer of an application: whether they declared a conflict of interest (null: not yet) and sent in their review. */
export type Reviewer = JsonOf<typeof reviewer>;
/**
 * An application's reviews as the caller may read them: its type's criteria (in the caller's language), the applicant
 * a reviewer judges a conflict against, the caller's own review (null: no reviewer), and, once the caller has sent in
 * theirs or manages applications, every review and the summary (weighted scores in hundredths of a percent).
 */
export type ReviewsView = JsonOf<typeof reviewsView>;
/** A review's scores by criterion id. */
export type ReviewScores = NonNullable<ReviewsView['mine']>['scores'];
type OwnReviewFields = { [K in keyof typeof ownReview]: JsonOf<(typeof ownReview)[K]> };
/** The caller's own review as they send it: a declaration alone, standing aside, or the scores with the proposal. */
export type MyReviewInput = Pick<OwnReviewFields, 'conflict_of_interest'> & Partial<Omit<OwnReviewFields, 'conflict_of_interest'>>;
/** What assigning reviewers to a period's applications did. */
export type PeriodReviewersAdded = JsonOf<typeof periodReviewers>;

/** A way of signing in that the server offers (the organisation's own identity provider), by the name it shows. */
export type SignInProvider = NonNullable<JsonOf<typeof oidcProvider>['data']>;
/** The second factor being enrolled: the otpauth URI as a QR code (SVG), and its secret in base32 for typing. */
export type SecondFactorEnrolment = JsonOf<typeof enrolment>;
/** Fresh one-time recovery codes. */
export type RecoveryCodes = JsonOf<typeof recoveryCodes>;
/** A second factor turned on once its codes were saved; `expires_in` when that completed a sign-in (the session started). */
export type EnrolmentCompleted = JsonOf<typeof enrolmentCompleted>;
/**
 * The signed-in user's second factor: on since when, the recovery codes left, whether they have a password to confirm
 * changes with, and whether the foundation requires it.
 */
export type SecondFactorStatus = JsonOf<typeof secondFactorStatus>;
/** What confirms a change of one's own second factor: the password, or a current code from the app. */
export type SecondFactorProof = { password: string } | { code: string };
/** An event of a staff account's sign-in (locales: account_history.events.*); `actor_name` null: the owner. */
export type AccountEvent = JsonOf<typeof accountEvent>;

/** The staff API's calls that are not a resource's list or record, one method each. */
export function staffMethods(http: HttpClient, unwrap: Unwrap) {
  const application = (uuid: string, rest = '') => `/applications/${encodeURIComponent(uuid)}${rest}`;
  const meetingPath = (id: number, rest = '') => `/meetings/${id}${rest}`;
  /** A file sent as an attachment, under the name the server gives it. */
  const attachmentAt = (path: string, params?: Record<string, unknown>) =>
    unwrap<{ file: Blob; name: string | null }>(
      http.get<Blob>(path, { ...(params ? { params } : {}), responseType: 'blob' }).then((r) => ({
        ...r,
        data: { data: { file: r.data, name: /filename="([^"]+)"/.exec(r.headers['content-disposition'] ?? '')?.[1] ?? null } },
      })),
    );
  return {
    getApplication: (uuid: string) => unwrap<StaffApplication>(http.get(application(uuid))),
    applicationFormOptions: () => unwrap<ApplicationFormOptions>(http.get('/applications/form-options')),
    /** The staff form's save: an update of the application with `uuid`, or (null) a new one. */
    saveApplication: (uuid: string | null, values: FormValues) =>
      unwrap<StaffApplication>(uuid ? http.put(application(uuid), { data: values }) : http.post('/applications', { data: values })),
    /** What deleting the application would remove; a 409 (with the reason) for an approved one, which is kept. */
    getDeletion: (uuid: string) => unwrap<ApplicationDeletionPreview>(http.get(application(uuid, '/deletion'))),
    /** Deletes the application for good; answers the log's entry. */
    deleteApplication: (uuid: string) => unwrap<ApplicationDeletion>(http.delete(application(uuid))),
    setFinished: (uuid: string, finished: boolean) => unwrap<unknown>(http.post(application(uuid, '/finished'), { data: { finished } })),
    updateStatus: (uuid: string, status: number) => unwrap<unknown>(http.post(application(uuid, '/updateStatus'), { data: { status } })),
    getHistory: (uuid: string) => unwrap<HistoryEntry[]>(http.get(application(uuid, '/history'))),
    /** The whole application as a PDF in the UI's language, under the name the server gives it. */
    getApplicationPdf: (uuid: string) => attachmentAt(application(uuid, '/pdf')),
    getDecision: (uuid: string) => unwrap<Decision>(http.get(application(uuid, '/decision'))),
    decide: (uuid: string, decision: DecisionInput) => unwrap<Decision>(http.put(application(uuid, '/decision'), { data: decision })),
    /** Approves or rejects the change of a told decision another asked for; one's own is withdrawn by rejecting it. */
    settleDecisionChange: (uuid: string, outcome: 'approve' | 'reject') =>
      unwrap<Decision>(http.post(application(uuid, `/decision/change/${outcome}`))),
    getInvestigators: (uuid: string) => unwrap<Investigator[]>(http.get(application(uuid, '/investigators'))),
    addInvestigator: (uuid: string, userId: number) =>
      unwrap<unknown>(http.post(application(uuid, '/investigators'), { data: { user_id: userId } })),
    removeInvestigator: (uuid: string, userId: number) => unwrap<unknown>(http.delete(application(uuid, `/investigators/${userId}`))),
    getInvestigations: (uuid: string) => unwrap<Proposal[]>(http.get(application(uuid, '/investigations'))),
    investigate: (uuid: string, investigation: Investigation) =>
      unwrap<unknown>(http.put(application(uuid, '/investigations/mine'), { data: investigation })),
    /** The application's reviews as the caller may read them (its criteria, their own review, the others' once sent in). */
    getReviews: (uuid: string) => unwrap<ReviewsView>(http.get(application(uuid, '/reviews'))),
    /** Declares a conflict of interest or none, or sends in the review (with every criterion scored); answers the reviews. */
    putMyReview: (uuid: string, review: MyReviewInput) =>
      unwrap<ReviewsView>(http.put(application(uuid, '/reviews/mine'), { data: review })),
    /** Puts the users on the application as reviewers; answers all its reviewers. */
    addReviewers: (uuid: string, userIds: number[]) =>
      unwrap<Reviewer[]>(http.post(application(uuid, '/reviewers'), { data: { user_ids: userIds } })),
    /** Puts the users on every sent-in, undecided application of the period as reviewers. */
    addPeriodReviewers: (periodUuid: string, userIds: number[]) =>
      unwrap<PeriodReviewersAdded>(http.post(`/periods/${encodeURIComponent(periodUuid)}/reviewers`, { data: { user_ids: userIds } })),
    /** The dialogue with the applicant, oldest first; reading marks nothing read. */
    getMessages: (uuid: string) => unwrap<DialogueMessage[]>(http.get(application(uuid, '/messages'))),
    sendMessage: (uuid: string, message: NewMessage, onProgress?: (event: UploadProgress) => void) =>
      unwrap<DialogueMessage>(
        http.post(application(uuid, '/messages'), messageBody(message), onProgress ? { onUploadProgress: onProgress } : {}),
      ),
    /** The applicant's messages up to `upTo` (the last one shown) are read: a later one keeps the unread mark. */
    markMessagesRead: (uuid: string, upTo: string) =>
      unwrap<unknown>(http.post(application(uuid, '/messages/read'), { data: { up_to: upTo } })),
    getStatistics: (period: number | null) => unwrap<Statistics>(http.get('/statistics', { params: period ? { period } : {} })),
    getDashboard: () => unwrap<DashboardData>(http.get('/dashboard')),
    getDecisionPeriods: () => unwrap<DecisionPeriod[]>(http.get('/periods/decisioning')),
    /** The enumerations with their labels in `locale`, from the cache the apps share. */
    getEnums: (locale: string) => getEnums(http, locale),
    forgotPassword: (email: string) => unwrap<Message>(http.post('/auth/forgot-password', { data: { email } })),
    resetPassword: (token: string, password: string, confirmation: string) =>
      unwrap<Message>(http.post('/auth/reset-password', { data: { token, password, password_confirmation: confirmation } })),
    /** The organisation's identity provider for staff, when one is set up (null: none). */
    getStaffSso: () => unwrap<SignInProvider | null>(http.get('/auth/oidc')),
    /** Starts a sign-in there: the provider's address to send the browser to. */
    startStaffSso: () => unwrap<JsonOf<typeof oidcStart>['data']>(http.post('/auth/oidc/start')),
    getSecondFactor: () => unwrap<SecondFactorStatus>(http.get('/auth/second-factor')),
    /**
     * A new secret to enrol (replacing one not yet confirmed): during sign-in (the challenge is the proof), or for the
     * signed-in user, who gives their password again.
     */
    startSecondFactorEnrolment: (password?: string) =>
      unwrap<SecondFactorEnrolment>(http.post('/auth/second-factor/enrolment', { data: password === undefined ? {} : { password } })),
    /** Confirms the secret with a first code from the app; answers the recovery codes (the factor is still off). */
    confirmSecondFactorEnrolment: (code: string) =>
      unwrap<RecoveryCodes>(http.post('/auth/second-factor/enrolment/confirm', { data: { code } })),
    /** The recovery codes are saved: turns the second factor on (and, during sign-in, starts the session). */
    completeSecondFactorEnrolment: () =>
      unwrap<EnrolmentCompleted>(http.post('/auth/second-factor/enrolment/complete', { data: { codes_saved: true } })),
    /** New recovery codes against the password or a current code; the old ones stop working. */
    renewRecoveryCodes: (proof: SecondFactorProof) =>
      unwrap<RecoveryCodes>(http.post('/auth/second-factor/recovery-codes', { data: proof })),
    /** Turns the signed-in user's second factor off, confirmed by the password or a current code (where not required). */
    removeSecondFactor: (proof: SecondFactorProof) => unwrap<unknown>(http.delete('/auth/second-factor', { body: { data: proof } })),
    /** An administrator's reset of a colleague's second factor: enrolled again at their next sign-in, sessions ended. */
    resetSecondFactor: (userId: number) => unwrap<unknown>(http.delete(`/users/${userId}/second-factor`)),
    /** A staff account's sign-in events, newest first. */
    getAccountHistory: (userId: number) => unwrap<AccountEvent[]>(http.get(`/users/${userId}/account-history`)),
    /** Every grant and withdrawal of a payout ability to the staff user, newest first. */
    getPayoutAbilityChanges: (userId: number) => unwrap<PayoutAbilityChange[]>(http.get(`/users/${userId}/payout-ability-changes`)),
    setFaqOrder: (ids: number[]) => unwrap<FaqItem[]>(http.put('/faqs/order', { data: { ids } })),
    getNotifications: (page: number, perPage: number) =>
      unwrap<NotificationPage>(http.get('/notifications', { params: { page, per_page: perPage } })),
    markNotificationRead: (id: number) => unwrap<unknown>(http.post(`/notifications/${id}/read`)),
    markAllNotificationsRead: () => unwrap<unknown>(http.post('/notifications/read')),
    getNotificationSettings: () => unwrap<NotificationSettings>(http.get('/users/me/notification-settings')),
    saveNotificationSettings: (settings: NotificationSettings) =>
      unwrap<NotificationSettings>(http.put('/users/me/notification-settings', { data: settings })),
    getRetentionRules: () => unwrap<RetentionRulesAnswer>(http.get('/retention')),
    getRetentionPreview: () => unwrap<RetentionPreview>(http.get('/retention/preview')),
    saveRetentionRules: (rules: RetentionRules) => unwrap<RetentionRulesAnswer>(http.put('/retention', { data: rules })),
    /** Postpones the rules for a period (replacing an earlier postponement of it); answers the preview. */
    postponeRetention: (periodId: number, postponement: RetentionPostponementInput) =>
      unwrap<RetentionPreview>(http.put(`/retention/postponements/${periodId}`, { data: postponement })),
    /** Lifts a period's postponement; answers the preview. */
    resumeRetention: (periodId: number) => unwrap<RetentionPreview>(http.delete(`/retention/postponements/${periodId}`)),
    getRetentionRuns: () => unwrap<RetentionRun[]>(http.get('/retention/runs')),
    /** Runs the rules now, as the nightly job would; answers what the run did. */
    runRetention: () => unwrap<RetentionRun>(http.post('/retention/runs')),
    getPrivacyNotices: () => unwrap<PrivacyNotices>(http.get('/privacy-notices')),
    /** Saves the texts of the languages given. */
    savePrivacyNotices: (texts: Partial<Record<Locale, string>>) => unwrap<PrivacyNotices>(http.put('/privacy-notices', { data: texts })),
    /** What carrying out the applicant's erasure request would do; a 404 once the account is closed. */
    getErasure: (frontendUserId: number) => unwrap<ErasurePreview>(http.get(`/frontend-users/${frontendUserId}/erasure`)),
    /** Carries out the applicant's erasure request, confirmed. */
    erase: (frontendUserId: number) =>
      unwrap<ErasureDone>(http.post(`/frontend-users/${frontendUserId}/erase`, { data: { confirm: true } })),
    /** Mails the application's decision to the applicant; `resend` sends it again after it has once been sent. */
    /** The decision mail as the applicant will read it, shown before it is sent. */
    previewDecisionMail: (uuid: string) => unwrap<DecisionMailPreview>(http.get(application(uuid, '/decision-mail'))),
    sendDecisionMail: (uuid: string, resend = false) =>
      unwrap<JsonOf<typeof decisionMailSent>>(http.post(application(uuid, '/decision-mail'), { data: resend ? { resend } : {} })),
    /** Shows the applicant the decision as it stands without a mail (until then they see "under investigation"). */
    releaseDecision: (uuid: string) => unwrap<JsonOf<typeof decisionReleased>>(http.post(application(uuid, '/decision-release'))),
    countDecisionMails: (periodUuid: string) =>
      unwrap<DecisionMailCount>(http.get(`/periods/${encodeURIComponent(periodUuid)}/decision-mails`)),
    sendDecisionMails: (periodUuid: string, limit: number) =>
      unwrap<DecisionMailRound>(http.post(`/periods/${encodeURIComponent(periodUuid)}/decision-mails`, { data: { limit } })),
    /** The application's follow-up report; a 404 while none has been requested. */
    getFollowup: (uuid: string) => unwrap<Followup>(http.get(application(uuid, '/followup'))),
    /** Asks the applicant for the report: mails them a link, and the server sets the due date. */
    requestFollowup: (uuid: string) => unwrap<Followup>(http.post(application(uuid, '/followup/request'))),
    /** How many approved applications of the period have no follow-up requested yet. */
    countFollowupRequests: (periodUuid: string) =>
      unwrap<JsonOf<typeof followupRequestCount>>(http.get(`/periods/${encodeURIComponent(periodUuid)}/followup-requests`)),
    requestFollowups: (periodUuid: string) =>
      unwrap<JsonOf<typeof followupsRequested>>(http.post(`/periods/${encodeURIComponent(periodUuid)}/followup-requests`)),
    setPeriodOpen: (id: number, open: boolean) => unwrap<unknown>(http.post(`/periods/${id}/${open ? 'open' : 'close'}`)),
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
    getPaymentSettings: () => unwrap<PaymentSettings>(http.get('/payment-settings')),
    savePaymentSettings: (settings: PaymentSettingsInput) => unwrap<PaymentSettings>(http.put('/payment-settings', { data: settings })),
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
    /** The board meetings, as the list reads them (react-admin's list reads the same through the resource `meetings`). */
    getMeetings: (params: { page?: number; per_page?: number; sort?: string; direction?: 'asc' | 'desc'; period?: number } = {}) =>
      unwrap<ListPageOf<MeetingRow>>(http.get('/meetings', { params })),
    getMeeting: (id: number) => unwrap<Meeting>(http.get(meetingPath(id))),
    createMeeting: (input: MeetingInput) => unwrap<Meeting>(http.post('/meetings', { data: input })),
    /** Changes a meeting not yet decided (a decided one is a 409). */
    updateMeeting: (id: number, input: MeetingInput) => unwrap<Meeting>(http.put(meetingPath(id), { data: input })),
    deleteMeeting: (id: number) => unwrap<unknown>(http.delete(meetingPath(id))),
    /** The whole agenda, in order. */
    setAgenda: (id: number, uuids: string[]) =>
      unwrap<Meeting>(http.put(meetingPath(id, '/agenda'), { data: { application_uuids: uuids } })),
    /** Takes up, last on meeting `id`'s agenda, a change of the decision an earlier meeting took on the application. */
    addChangeOfDecision: (id: number, uuid: string, reason: string) =>
      unwrap<Meeting>(http.post(meetingPath(id, '/agenda/changes'), { data: { application_uuid: uuid, reason } })),
    /** Appends the period's applications whose reviews are all in and that are not on the agenda yet. */
    addReviewedToAgenda: (id: number) => unwrap<Meeting>(http.post(meetingPath(id, '/agenda/reviewed'))),
    /** The caller's own declaration of a conflict of interest on one application of the agenda. */
    declareConflict: (id: number, uuid: string, conflict: boolean) =>
      unwrap<Meeting>(
        http.put(meetingPath(id, `/agenda/${encodeURIComponent(uuid)}/conflict`), { data: { conflict_of_interest: conflict } }),
      ),
    /** An application of the agenda as a member reads it; a 403 after they declared a conflict on it. */
    getMeetingApplication: (id: number, uuid: string) =>
      unwrap<StaffApplication>(http.get(meetingPath(id, `/applications/${encodeURIComponent(uuid)}`))),
    /** The decisions of the whole agenda, saved together or not at all. */
    decideMeeting: (id: number, decisions: MeetingDecision[], absentIds: number[] = []) =>
      unwrap<Meeting>(http.post(meetingPath(id, '/decisions'), { data: { decisions, absent_ids: absentIds } })),
    /** The board pack or, once decided, the minutes, as a PDF under the name the server gives it. */
    getMeetingPdf: (id: number, which: 'pack' | 'minutes') => attachmentAt(meetingPath(id, `/${which}.pdf`)),
  };
}

export type StaffMethods = ReturnType<typeof staffMethods>;
