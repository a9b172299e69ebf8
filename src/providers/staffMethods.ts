import type { ErasureDone, ErasurePreview } from './erasure';
import type { Locale } from '../../resources/locales';
import type { RetentionRules } from '../../resources/retention';
import type { Followup, FollowupFile } from '../../resources/followup';
import type { Question } from '../../resources/applicationAnswers';
import type { Statistics } from '../../resources/statistics';
import type { Category, FormValues, OpenPeriod, StoredFile } from '../forms/application/types';
import { getEnums } from './enums';
import type { HttpClient, HttpResponse } from './httpClient';
import type { UploadProgress } from './xhrFetch';
import type { DialogueMessage as ApplicantDialogueMessage } from '../../resources/dialogue';

/** Turns an answer's { data } into its value; the dataProvider's, so errors become react-admin HttpErrors. */
export type Unwrap = <T>(request: Promise<HttpResponse<{ data: T }>>) => Promise<T>;

/** The six progress indicators of SPEC.md §3, as the API gives them on every application. */
export interface ApplicationProgress {
  unhandled: boolean;
  unread_messages: boolean;
  followup_at: string | null;
  followup_sent_in_at: string | null;
  distribution_mail_sent_at: string | null;
  /** A decision mail was sent and the decision has changed since: the applicant has not been told this one. */
  decision_changed_after_mail?: boolean;
  finished: boolean;
}

export interface StaffApplication {
  uuid: string;
  reference: string | null;
  status: number;
  /** null once the application is anonymised: it names no applicant any more. */
  applicant: { id: number; name: string; email: string } | null;
  period: { id: number; uuid: string; name: string };
  progress: ApplicationProgress;
  finished: boolean;
  money: number | null;
  approved_money: number | null;
  sent_in_at: string | null;
  org_name: string | null;
  org_number: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  distribution_mail_sent_at?: string | null;
  /** When the decision as it stands reached the applicant (its mail, or released without one); null: not yet. */
  decision_released_at?: string | null;
  /** The global goals the applicant chose (the decision's own are the decision's). */
  global_goals?: number[];
  definitions: Record<string, unknown>;
  questions?: { id: number; label: string; type: number }[];
  files?: StoredFile[];
}

/** What deleting an application would remove: its files (all of them), dialogue messages, follow-up, investigations. */
export interface ApplicationDeletionPreview {
  reference: string | null;
  status: number;
  files: number;
  messages: number;
  followup: boolean;
  investigations: number;
}

/** The log's entry of a deleted application: who deleted which reference, when, and what went with it. */
export interface ApplicationDeletion extends Omit<ApplicationDeletionPreview, 'investigations'> {
  id: number;
  application_uuid: string;
  period: { id: number; name: string };
  deleted_at: string;
  deleted_by: { id: number; name: string };
}

/** What the staff application form offers: every period (closed ones too), the categories, each type's questions. */
export interface ApplicationFormOptions {
  periods: (OpenPeriod & { closed: boolean })[];
  categories: Category[];
  questions: Record<string, Question[]>;
  upload_max_bytes: number;
}

/** An application as the staff form saved it. */
export interface SavedApplication {
  uuid: string;
  reference: string | null;
}

export interface Decision {
  status: number;
  approved_money: number | null;
  approved_fou: number | null;
  approved_nok: number | null;
  /** The goals the decision names. */
  global_goals: number[];
  /** The goals the applicant gave, which the decision leaves as they are. */
  applicant_global_goals?: number[];
  uses_money_distribution_cap: boolean;
  cap: { available_money: number; approved_elsewhere: number; remaining: number } | null;
}

/** A decision as staff send it; FOU, NOK and goals are left out for a period under the distribution cap. */
export type DecisionInput = Pick<Decision, 'status' | 'approved_money'> &
  Partial<Pick<Decision, 'approved_fou' | 'approved_nok' | 'global_goals'>>;

export interface Investigation {
  amount: number | null;
  status: number;
  comment: string | null;
}

export interface Investigator {
  user_id: number;
  name: string;
  email: string;
  investigation: Investigation;
}

export interface Proposal extends Investigation {
  user_id: number;
  name: string;
  updated_at: string;
}

export interface HistoryEntry {
  id: number | string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
  user: { id: number; name: string } | null;
}

/** A period the user may decide on: closed by staff, or by its dates on today ended, open or upcoming. */
export interface DecisionPeriod {
  id: number;
  uuid: string;
  name: string;
  start_date: string;
  end_date: string;
  state: 'closed' | 'ended' | 'open' | 'upcoming';
}

export interface DashboardData {
  open_periods: { id: number; uuid: string; name: string; start_date: string; end_date: string }[];
  application_counts: { status: number; count: number }[] | null;
  /** Every period the user may decide on, closed ones first; null when they may decide none. */
  decision_periods: DecisionPeriod[] | null;
}

export interface FaqItem {
  id: number;
  question: string;
  order: number;
}

export type { MessageFile } from '../../resources/dialogue';

/** One message of an application's dialogue as staff read it: also who wrote (`user`, null for the applicant). */
export interface DialogueMessage extends ApplicantDialogueMessage {
  user: { id: number; name: string } | null;
}

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
export interface StaffNotification {
  id: number;
  kind: 'applicant_message' | 'followup_sent_in';
  application: { uuid: string; reference: string | null; applicant_name: string };
  created_at: string;
  read_at: string | null;
}

/** A page of the signed-in user's notifications, newest first, with how many of all are unread. */
export interface NotificationPage {
  data: StaffNotification[];
  total: number;
  unread: number;
}

/** Data protection's retention rules, with who changed them last (null: nobody since the defaults). */
export interface RetentionRulesAnswer extends RetentionRules {
  updated_at: string | null;
  updated_by: { id: number; name: string } | null;
}

/** What the retention rules delete or anonymise, counted: drafts deleted, rejected and approved applications anonymised. */
export interface RetentionCounts {
  drafts: number;
  rejected: number;
  approved: number;
}

/** Staff postponed the rules for a period: a run does nothing there until the day after `until` (YYYY-MM-DD). */
export interface RetentionPostponement {
  until: string;
  reason: string;
  at: string;
  by: { id: number; name: string } | null;
}

/**
 * What a run of the retention rules would do now, per period where it would do something now or within 30 days, or
 * that is postponed; the totals leave the postponed periods out.
 */
export interface RetentionPreview {
  periods: (RetentionCounts & {
    period: { id: number; uuid: string; name: string; end_date: string };
    /** What the rules reach within the next 30 days besides, from the first of those days (YYYY-MM-DD). */
    upcoming: (RetentionCounts & { from: string }) | null;
    postponed: RetentionPostponement | null;
  })[];
  totals: RetentionCounts;
}

/** A postponement as staff give it: the last day the rules wait (YYYY-MM-DD) and why. */
export interface RetentionPostponementInput {
  until: string;
  reason: string;
}

/** One run of the retention rules: when, who ran it by hand (null: the nightly job), and what it did per period. */
export interface RetentionRun extends RetentionCounts {
  id: number;
  ran_at: string;
  by: { id: number; name: string } | null;
  /** Closed accounts it deleted once their last application was anonymised. */
  accounts: number;
  periods: (RetentionCounts & { period: { id: number; name: string }; postponed?: { until: string; reason: string } })[];
}

/** The privacy notice's text in each language, as staff wrote it (with the rules' placeholders), and who changed it. */
export type PrivacyNotices = Record<Locale, { body: string; updated_at: string | null; updated_by: { id: number; name: string } | null }>;

export interface NotificationSettings {
  notifications_email: string | null;
  notify_on_applications: boolean;
}

/** A period's decision mails not yet sent, and the decided applications that have no e-mail to send one to. */
export interface DecisionMailCount {
  pending: number;
  without_email: number;
  /** Approvals without an approved amount: their mail would state none, so none is sent. */
  without_amount: number;
}

/** One round of a period's decision mails: how many went, how many are left. */
export interface DecisionMailRound extends DecisionMailCount {
  sent: number;
  remaining: number;
}

export type { Followup, FollowupFile };

/** The staff API's calls that are not a resource's list or record (DESIGN.md §4), one method each. */
export function staffMethods(http: HttpClient, unwrap: Unwrap) {
  const application = (uuid: string, rest = '') => `/applications/${encodeURIComponent(uuid)}${rest}`;
  return {
    getApplication: (uuid: string) => unwrap<StaffApplication>(http.get(application(uuid))),
    applicationFormOptions: () => unwrap<ApplicationFormOptions>(http.get('/applications/form-options')),
    /** The staff form's save: an update of the application with `uuid`, or (null) a new one. */
    saveApplication: (uuid: string | null, values: FormValues) =>
      unwrap<SavedApplication>(uuid ? http.put(application(uuid), { data: values }) : http.post('/applications', { data: values })),
    /** What deleting the application would remove; a 409 (with the reason) for an approved one, which is kept. */
    getDeletion: (uuid: string) => unwrap<ApplicationDeletionPreview>(http.get(application(uuid, '/deletion'))),
    /** Deletes the application for good; answers the log's entry. */
    deleteApplication: (uuid: string) => unwrap<ApplicationDeletion>(http.delete(application(uuid))),
    setFinished: (uuid: string, finished: boolean) => unwrap<unknown>(http.post(application(uuid, '/finished'), { data: { finished } })),
    updateStatus: (uuid: string, status: number) => unwrap<unknown>(http.post(application(uuid, '/updateStatus'), { data: { status } })),
    getHistory: (uuid: string) => unwrap<HistoryEntry[]>(http.get(application(uuid, '/history'))),
    getDecision: (uuid: string) => unwrap<Decision>(http.get(application(uuid, '/decision'))),
    decide: (uuid: string, decision: DecisionInput) => unwrap<Decision>(http.put(application(uuid, '/decision'), { data: decision })),
    getInvestigators: (uuid: string) => unwrap<Investigator[]>(http.get(application(uuid, '/investigators'))),
    addInvestigator: (uuid: string, userId: number) =>
      unwrap<unknown>(http.post(application(uuid, '/investigators'), { data: { user_id: userId } })),
    removeInvestigator: (uuid: string, userId: number) => unwrap<unknown>(http.delete(application(uuid, `/investigators/${userId}`))),
    getInvestigations: (uuid: string) => unwrap<Proposal[]>(http.get(application(uuid, '/investigations'))),
    investigate: (uuid: string, investigation: Investigation) =>
      unwrap<unknown>(http.put(application(uuid, '/investigations/mine'), { data: investigation })),
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
    forgotPassword: (email: string) => unwrap<{ message: string }>(http.post('/auth/forgot-password', { data: { email } })),
    resetPassword: (token: string, password: string, confirmation: string) =>
      unwrap<{ message: string }>(http.post('/auth/reset-password', { data: { token, password, password_confirmation: confirmation } })),
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
    sendDecisionMail: (uuid: string, resend = false) =>
      unwrap<{ distribution_mail_sent_at: string }>(http.post(application(uuid, '/decision-mail'), { data: resend ? { resend } : {} })),
    /** Shows the applicant the decision as it stands without a mail (until then they see "under investigation"). */
    releaseDecision: (uuid: string) => unwrap<{ released_at: string }>(http.post(application(uuid, '/decision-release'))),
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
      unwrap<{ pending: number }>(http.get(`/periods/${encodeURIComponent(periodUuid)}/followup-requests`)),
    requestFollowups: (periodUuid: string) =>
      unwrap<{ requested: number }>(http.post(`/periods/${encodeURIComponent(periodUuid)}/followup-requests`)),
    setPeriodOpen: (id: number, open: boolean) => unwrap<unknown>(http.post(`/periods/${id}/${open ? 'open' : 'close'}`)),
  };
}

export type StaffMethods = ReturnType<typeof staffMethods>;
