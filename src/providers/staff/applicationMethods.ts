import type { JsonOf } from '../../../server/routes/schemas';
import type { decisionMailSent, decisionReleased } from '../../../server/routes/schemas/decisions';
import type { followupRequestCount, followupsRequested } from '../../../server/routes/schemas/followupRequests';
import type { FormValues } from '../../forms/application/types';
import type { UploadProgress } from '../xhrFetch';
import type { HttpClient } from '../httpClient';
import type {
  ApplicationDeletion,
  ApplicationDeletionPreview,
  ApplicationFormOptions,
  Decision,
  DecisionInput,
  DecisionMailCount,
  DecisionMailPreview,
  DecisionMailRound,
  DialogueMessage,
  Followup,
  HistoryEntry,
  Investigation,
  Investigator,
  MyReviewInput,
  NewMessage,
  PeriodReviewersAdded,
  Proposal,
  Reviewer,
  ReviewsView,
  StaffApplication,
  Unwrap,
} from '../staffMethods';
import type { StaffPaths } from './staffPaths';

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

/**
 * An application's own calls: the record and form, status, decision, investigations, reviews, the dialogue, the
 * decision mail and the follow-up.
 */
export function applicationMethods(http: HttpClient, unwrap: Unwrap, { application, attachmentAt }: StaffPaths) {
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
  };
}
