import type { HttpClient, HttpResponse } from './httpClient';
import type { dialogueMessage, followup, followupFile, JsonOf, message as messageAnswer } from '../../server/routes/schemas';
import type { applicationProgress } from '../../server/routes/schemas/applicationLists';
import type { applicationDeletion, applicationDeletionPreview } from '../../server/routes/schemas/applicationDeletion';
import type { staffFormOptions } from '../../server/routes/schemas/applicationForm';
import type { historyEntry, staffApplication } from '../../server/routes/schemas/staffApplication';
import type {
  decision,
  decisionInput,
  decisionMailCount,
  decisionMailPreview,
  decisionMailRound,
} from '../../server/routes/schemas/decisions';
import type { investigation, investigator, proposal } from '../../server/routes/schemas/investigations';
import type { dashboard, decisionPeriod } from '../../server/routes/schemas/periods';
import type { work } from '../../server/routes/schemas/work';
import type { orderedFaq } from '../../server/routes/schemas/faqs';
import type { notification, notificationPage, notificationSettings } from '../../server/routes/schemas/notifications';
import type {
  privacyNotices,
  retentionPostponement,
  retentionPreview,
  retentionRules,
  retentionRun,
} from '../../server/routes/schemas/dataProtection';
import type { SingletonName } from '../../resources/index';
import type { statistics } from '../../server/routes/schemas/statistics';
import type {
  bankAnswerImported,
  paymentBatchWithPayouts,
  paymentSettings,
  payoutAbilityChange,
  payoutRow,
} from '../../server/routes/schemas/payouts';
import type { payoutPlan, payoutPlanInput } from '../../server/routes/schemas/grants';
import type { bookkeepingExport } from '../../server/routes/schemas/bookkeeping';
import type { repayments } from '../../server/routes/schemas/repayments';
import type { ownReview, periodReviewers, reviewer, reviewsView } from '../../server/routes/schemas/reviews';
import type { agendaItem, meeting, meetingDecisionsInput, meetingInput, meetingRow } from '../../server/routes/schemas/meetings';
import type {
  accountEvent,
  enrolment,
  enrolmentCompleted,
  recoveryCodes,
  secondFactorStatus,
} from '../../server/routes/schemas/secondFactor';
import type { oidcProvider } from '../../server/routes/schemas/signIn';
import type { accessRequest, organisationPeople } from '../../server/routes/schemas/organisations';
import type { eligibilityAnswer, eligibilityInput, eligibilityQuestion, eligibilityStops } from '../../server/routes/schemas/eligibility';
import type { signal, signalSettings } from '../../server/routes/schemas/signals';

import { applicationMethods } from './staff/applicationMethods';
import { dataProtectionMethods } from './staff/dataProtectionMethods';
import { eligibilityMethods } from './staff/eligibilityMethods';
import { generalMethods } from './staff/generalMethods';
import { meetingMethods } from './staff/meetingMethods';
import { organisationMethods } from './staff/organisationMethods';
import { payoutMethods } from './staff/payoutMethods';
import { securityMethods } from './staff/securityMethods';
import { singletonMethods } from './staff/singletonMethods';
import { signalMethods } from './staff/signalMethods';
import { staffPaths } from './staff/staffPaths';

// The dataProvider's own methods, a file a feature in staff/; the answers' types are the server's response schemas
// (server/routes/schemas/), as JSON carries them.

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
/**
 * A decision as staff send it: the body the server's route declares. FOU, NOK and goals are left out for a period
 * under the distribution cap; `reason` says why a decision the applicant was told is changed.
 */
export type DecisionInput = JsonOf<typeof decisionInput>['data'];

export type Investigator = JsonOf<typeof investigator>;
/** An investigator's own proposal as they write it (and as the answer has it). */
export type Investigation = Pick<JsonOf<typeof investigation>, 'amount' | 'status' | 'comment'>;
export type Proposal = JsonOf<typeof proposal>;
export type HistoryEntry = JsonOf<typeof historyEntry>;

/** A period the user may decide on: closed by staff, or by its dates on today ended, open or upcoming. */
export type DecisionPeriod = JsonOf<typeof decisionPeriod>;
export type DashboardData = JsonOf<typeof dashboard>;
/** What needs the signed-in staff user (GET /work). */
export type Work = JsonOf<typeof work>;
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

/** Something a staff member is told about: a message from an applicant, a follow-up sent in. */
export type StaffNotification = JsonOf<typeof notification>;
/** A page of the signed-in user's notifications, newest first, with how many of all are unread. */
export type NotificationPage = JsonOf<typeof notificationPage>;
export type NotificationSettings = JsonOf<typeof notificationSettings>;

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
export type RetentionPostponementInput = JsonOf<typeof retentionPostponement>['data'];

/** A period's decision mails not yet sent, and the decided applications that have no e-mail to send one to. */
export type DecisionMailCount = JsonOf<typeof decisionMailCount>;
export type DecisionMailPreview = JsonOf<typeof decisionMailPreview>;
/** One round of a period's decision mails: how many went, how many are left. */
export type DecisionMailRound = JsonOf<typeof decisionMailRound>;

export type Followup = JsonOf<typeof followup>;
export type FollowupFile = JsonOf<typeof followupFile>;
export type Statistics = JsonOf<typeof statistics>;
/** A message for the user, in their language. */
export type Message = JsonOf<typeof messageAnswer>['data'];

/** A payout as staff see it in the payouts list, a batch and its dialog. */
export type PayoutRow = JsonOf<typeof payoutRow>;
/** A payment batch with its payouts, counts and totals. */
export type PaymentBatch = JsonOf<typeof paymentBatchWithPayouts>;
export type BankAnswerImported = JsonOf<typeof bankAnswerImported>;
export type PayoutAbilityChange = JsonOf<typeof payoutAbilityChange>;
/** An export of the books: its days, how many vouchers, who took it out and when. */
export type BookkeepingExport = JsonOf<typeof bookkeepingExport>;

/** Each settings singleton (resources/singletons.ts) as staff read it, with who changed it last. */
export interface SingletonAnswers {
  /** The payment settings: the foundation as the payment file's debtor, the bookkeeping's accounts. */
  'payment-settings': JsonOf<typeof paymentSettings>;
  /** The retention rules (null changer: nobody since the defaults). */
  retention: JsonOf<typeof retentionRules>;
  /** The privacy notice's text in each language, as staff wrote it (with the rules' placeholders), and who changed each. */
  'privacy-notices': JsonOf<typeof privacyNotices>;
  /** The signals' settings: how similar two descriptions must be, how many registrations from one address a day. */
  'signal-settings': JsonOf<typeof signalSettings>;
}
export type SingletonAnswer<N extends SingletonName> = SingletonAnswers[N];

/** A grant's payout plan, acceptance and deadline as staff read them. */
export type PayoutPlan = JsonOf<typeof payoutPlan>;
/** An instalment of a new plan: an existing one by its id. */
export type PayoutPlanInstalment = JsonOf<typeof payoutPlanInput>['data']['instalments'][number];
/** An application's repayments with what was paid and what may still be asked back. */
export type Repayments = JsonOf<typeof repayments>;

/** A row of the board meetings list. */
export type MeetingRow = JsonOf<typeof meetingRow>;
/** An application on a meeting's agenda, with the reviews' figures and proposal and, once decided, the decision. */
export type AgendaItem = JsonOf<typeof agendaItem>;
/** One board meeting: the row, its agenda in order, its totals (öre) and the caller's own conflict declarations. */
export type Meeting = JsonOf<typeof meeting>;
/** A meeting as staff create or edit it: the body the server's route declares. */
export type MeetingInput = JsonOf<typeof meetingInput>['data'];
/** One agenda line's decision: approved with an amount, or rejected (amount null), and who dissented. */
export type MeetingDecision = JsonOf<typeof meetingDecisionsInput>['data']['decisions'][number];

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

/**
 * An organisation's people as staff read them: the organisation, its members and roles, the invitations waiting and
 * its history, newest first (a person erased named null: "a former member").
 */
export type OrganisationPeople = JsonOf<typeof organisationPeople>;
/** A member of an organisation, with the role and since when. */
export type OrganisationMember = OrganisationPeople['members'][number];
/** An entry of an organisation's history: what happened, when, by whom and to whom, with its details. */
export type OrganisationHistoryEntry = OrganisationPeople['history'][number];
/** A request for access to an organisation nobody is left in, waiting or decided. */
export type AccessRequest = JsonOf<typeof accessRequest>;
/** A signal of duplicates or fraud on an application: what matched, and the applications the reader may read of it. */
export type Signal = JsonOf<typeof signal>;

/** An eligibility question of an application type as staff read it, in both languages. */
export type EligibilityQuestionRow = JsonOf<typeof eligibilityQuestion>;
/** An eligibility question as staff send it: an existing one by its id, a new one without. */
export type EligibilityInput = JsonOf<typeof eligibilityInput>['questions'][number];
/** A question of the eligibility check and its answer, as asked when the draft was made. */
export type EligibilityAnswer = JsonOf<typeof eligibilityAnswer>;
/** How many stopped at each question of each type's eligibility check. */
export type EligibilityStops = JsonOf<typeof eligibilityStops>;

/** The staff API's calls that are not a resource's list or record, one method each. */
export function staffMethods(http: HttpClient, unwrap: Unwrap) {
  const paths = staffPaths(http, unwrap);
  return {
    ...applicationMethods(http, unwrap, paths),
    ...generalMethods(http, unwrap),
    ...securityMethods(http, unwrap),
    ...dataProtectionMethods(http, unwrap),
    ...payoutMethods(http, unwrap, paths),
    ...meetingMethods(http, unwrap, paths),
    ...organisationMethods(http, unwrap, paths),
    ...eligibilityMethods(http, unwrap),
    ...singletonMethods(http, unwrap),
    ...signalMethods(http, unwrap),
  };
}

export type StaffMethods = ReturnType<typeof staffMethods>;
