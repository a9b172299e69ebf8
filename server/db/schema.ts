import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { MemberRole } from '../../resources/memberRoles.js';
import type { SignalKind } from '../../resources/signals.js';
import type { EligibilityAnswer, EligibilityKind, EligibilityOption } from '../../resources/eligibility.js';

/** Kysely's view of the tables; server/db/migrations is the truth, this mirrors it. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Created = ColumnType<Date, Date | string | undefined, never>;
/** Who last changed a draft's field (an applicant account) and when. */
export interface DraftEdit {
  by: number;
  at: string;
}
/** A bigint kept by the database alone (read as a number, server/db/connect.ts). */
type Int8 = ColumnType<number, never, never>;
/** A json/jsonb column: read as T, written as JSON text (or null where T allows null). */
type Json<T> = ColumnType<T, string | Extract<T, null> | undefined, string | Extract<T, null>>;

/** One period's line in a run of the retention rules: what it did there, or that the period was postponed. */
/** What one payment of a bank's answer did (server/payouts/bankAnswers/). */
export interface BankAnswerOutcome {
  end_to_end_id: string;
  payout_id: number | null;
  outcome: 'paid' | 'returned' | 'rejected' | 'unbatched' | 'accepted' | 'pending' | 'already' | 'not_matching' | 'unknown';
  /** The bank's code or reference, where it gave one. */
  detail?: string;
}

export interface RetentionRunPeriod {
  period: { id: number; name: string };
  drafts: number;
  rejected: number;
  approved: number;
  postponed?: { until: string; reason: string };
}

export interface Database {
  roles: { name: string };
  abilities: { name: string };
  role_abilities: { role: string; ability: string };
  users: {
    id: Generated<number>;
    first_name: string;
    last_name: string;
    email: string;
    password_hash: string | null;
    role: string;
    active: Generated<boolean>;
    locale: Generated<string>;
    /** Where the user's notification mails go; null: no mails. */
    notifications_email: string | null;
    /** One who manages applications hears of every application, not only those they investigate. */
    notify_on_applications: Generated<boolean>;
    /** Mails the user what needs them at 07:00 each day something does (server/work/, migration 0050). */
    daily_summary: Generated<boolean>;
    daily_summary_on: string | null;
    /** The TOTP secret of the second factor, sealed under AUTH_SECRET (server/auth/secrets.ts); null: none enrolled. */
    totp_secret: string | null;
    /** A secret being enrolled, sealed, until its first code confirms it. */
    totp_pending_secret: string | null;
    /** When the pending secret's first code was confirmed and its recovery codes shown; on once they are saved (0033). */
    totp_pending_confirmed_at: Date | null;
    totp_enabled_at: Date | null;
    /** The last TOTP time step accepted: a code is taken once. */
    totp_last_step: string | null;
    /** When the owner was last mailed about failed sign-ins to the account. */
    failure_alert_at: Date | null;
    /** Whether a second factor is on (totp_secret set), kept by the database (migration 0031). */
    second_factor: GeneratedAlways<boolean>;
    /** The administrator who created the account (migration 0040). */
    created_by: number | null;
    created_at: Created;
    updated_at: Timestamp;
  };
  /** Every grant and withdrawal of a payout ability, when and by whom (migration 0040, server/payouts/payoutAbilities.ts). */
  payout_ability_changes: {
    id: Generated<number>;
    user_id: number;
    ability: 'manage-payouts' | 'approve-payouts';
    via: 'role' | 'ability';
    period_id: number | null;
    change: 'granted' | 'revoked';
    changed_by: number | null;
    changed_at: Created;
  };
  user_abilities: {
    id: Generated<number>;
    user_id: number;
    ability: string;
    entity_type: string | null;
    entity_id: number | null;
  };
  frontend_users: {
    id: Generated<number>;
    email: string;
    first_name: string | null;
    last_name: string | null;
    phone: string | null;
    locale: Generated<string>;
    verified_at: Date | null;
    active: Generated<boolean>;
    /** The applicant deleted the account while applications they sent in are kept (migration 0017). */
    closed_at: Date | null;
    /** The personal identity number an e-ID gave, as an HMAC under AUTH_SECRET: only to match, never in clear. */
    personal_number_hash: Buffer | null;
    created_at: Created;
    updated_at: Timestamp;
  };
  sessions: {
    id: Generated<number>;
    token_hash: Buffer;
    user_id: number | null;
    frontend_user_id: number | null;
    expires_at: Timestamp;
    /** The name an e-ID broker gave, for an applicant's session begun by e-ID (migration 0047). */
    eid_name: string | null;
    created_at: Created;
  };
  password_resets: {
    id: Generated<number>;
    user_id: number;
    token_hash: Buffer;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Created;
  };
  login_attempts: {
    id: Generated<number>;
    scope: string;
    email: string;
    ip: string;
    attempted_at: Created;
  };
  outbox: {
    id: Generated<number>;
    recipient: string;
    subject: string;
    body_text: string;
    created_at: Created;
    attempts: Generated<number>;
    sent_at: Date | null;
    last_error: string | null;
    /** The application the mail is about, so anonymising it removes the mail too (migration 0017). */
    application_id: number | null;
  };
  /** Each text staff write for applicants has an English twin `<name>_en`, empty where not translated (0044). */
  application_types: { id: Generated<number>; label: string; label_en: string | null; created_at: Created; updated_at: Timestamp };
  application_type_field_definitions: {
    id: Generated<number>;
    application_type_id: number;
    label: string;
    label_en: string | null;
    type: number;
    required: Generated<boolean>;
    options: Json<string[]>;
    options_en: Json<string[]>;
    order: Generated<number>;
    created_at: Created;
    updated_at: Timestamp;
  };
  categories: {
    id: Generated<number>;
    label: string;
    label_en: string | null;
    type: number;
    created_at: Created;
    updated_at: Timestamp;
  };
  periods: {
    id: Generated<number>;
    uuid: Generated<string>;
    name: string;
    name_en: string | null;
    start_date: string;
    end_date: string;
    closed: Generated<boolean>;
    uses_money_distribution_cap: Generated<boolean>;
    uses_status_cloaking: Generated<boolean>;
    available_money: Generated<number>;
    answer_weeks: Generated<number>;
    /** How many months after the decision reached the applicant money may be asked for; the grant's conditions (0026). */
    payout_months: Generated<number>;
    grant_conditions_sv: string | null;
    grant_conditions_en: string | null;
    created_at: Created;
    updated_at: Timestamp;
  };
  period_application_types: { period_id: number; application_type_id: number };
  contacts: {
    id: Generated<number>;
    first_name: string;
    last_name: string;
    title: string | null;
    title_en: string | null;
    email: string | null;
    phone: string | null;
    created_at: Created;
    updated_at: Timestamp;
  };
  period_contacts: { period_id: number; contact_id: number; order: Generated<number> };
  organisations: {
    id: Generated<number>;
    name: string;
    org_number: string;
    type: number;
    address: string | null;
    co: string | null;
    zip: string | null;
    city: string | null;
    country: string | null;
    website: string | null;
    is_verified: Generated<boolean>;
    created_at: Created;
    updated_at: Timestamp;
  };
  faqs: {
    id: Generated<number>;
    question: string;
    question_en: string | null;
    answer: string;
    answer_en: string | null;
    order: Generated<number>;
    created_at: Created;
    updated_at: Timestamp;
  };
  applications: {
    id: Generated<number>;
    uuid: Generated<string>;
    reference: string | null;
    status: Generated<number>;
    /** The applicant; null once the application is anonymised (migration 0017). */
    frontend_user_id: number | null;
    /** The applicant's name, the applicant sort's key, kept by triggers from frontend_users (migration 0023). */
    applicant_last_name: Generated<string | null>;
    applicant_first_name: Generated<string | null>;
    /**
     * The names and e-mail addresses of the applicant and the organisation's people, one per line, as a search walking
     * a sort index tests them; kept by triggers (migration 0051).
     */
    searched_people: Generated<string | null>;
    period_id: number;
    application_type_id: number | null;
    applicant_type: number | null;
    organisation_id: number | null;
    money: number | null;
    approved_money: number | null;
    /** The review figures the lists sort on, kept by server/reviews/ (migration 0028); in hundredths of a percent. */
    review_score: number | null;
    review_spread: number | null;
    reviews_in: Generated<number>;
    reviews_pending: Generated<number>;
    definitions: Json<Record<string, unknown>>;
    global_goals: ColumnType<number[], number[] | undefined, number[]>;
    finished: Generated<boolean>;
    sent_in_at: Date | null;
    decided_at: Date | null;
    /** The meeting whose decision this is; while set, only a later meeting changes it (migration 0034). */
    decided_meeting_id: Generated<number | null>;
    step: Generated<number>;
    org_number: string | null;
    org_name: string | null;
    organisation_type: number | null;
    org_address: string | null;
    org_co: string | null;
    org_zip: string | null;
    org_city: string | null;
    org_website: string | null;
    contact_first_name: string | null;
    contact_last_name: string | null;
    contact_email: string | null;
    contact_email_confirmation: string | null;
    contact_phone: string | null;
    contact_address: string | null;
    contact_zip: string | null;
    contact_city: string | null;
    links: ColumnType<string[], string[] | undefined, string[]>;
    consent: Generated<boolean>;
    approved_fou: number | null;
    approved_nok: number | null;
    followup_at: string | null;
    followup_sent_in_at: Date | null;
    /** When the retention rules anonymised it (migration 0015); null while it holds what was sent. */
    anonymised_at: Date | null;
    distribution_mail_sent_at: Date | null;
    /** The decision the last decision mail stated, and its amount for an approval (migration 0019). */
    mailed_status: number | null;
    mailed_money: number | null;
    /** When, and as what, the decision reached the applicant: by its mail or released by staff without one. */
    released_at: Date | null;
    released_status: number | null;
    released_money: number | null;
    /** The global goals the decision names; `global_goals` stays the applicant's answer. */
    decision_global_goals: ColumnType<number[], number[] | undefined, number[]>;
    unread_messages: Generated<boolean>;
    /** Who sent it in: its applicant, or a member of its organisation (migration 0047). */
    sent_in_by: number | null;
    /** Who last changed each field of the draft and when: `{ field: { by, at } }` (migration 0047). */
    draft_edits: ColumnType<Record<string, DraftEdit>, string | undefined, string>;
    /** How many of its signals are not yet checked, kept by a trigger on application_signals (migration 0049). */
    unchecked_signals: Generated<number>;
    /** The eligibility check's questions and answers as asked when the draft was made; null: none asked (migration 0048). */
    eligibility_answers: Json<EligibilityAnswer[] | null>;
    created_at: Created;
    updated_at: Timestamp;
  };
  /** An application type's eligibility questions, in order (migration 0048, server/eligibility/). */
  eligibility_questions: {
    id: Generated<number>;
    application_type_id: number;
    position: number;
    question: string;
    question_en: string | null;
    kind: EligibilityKind;
    options: Json<EligibilityOption[]>;
    disqualifying: Json<string[]>;
    explanation: string;
    explanation_en: string | null;
    created_at: Created;
    updated_at: Timestamp;
  };
  /** How many stopped at a question of the eligibility check, per period and day in Stockholm; naming nobody (migration 0048). */
  eligibility_stops: {
    id: Generated<number>;
    application_type_id: number;
    question_id: number | null;
    question: string;
    question_en: string | null;
    period_id: number;
    day: string;
    count: Generated<number>;
  };
  /** An organisation's people, each a signatory or a member (migration 0047, server/organisations/). */
  organisation_members: {
    id: Generated<number>;
    organisation_id: number;
    frontend_user_id: number;
    role: MemberRole;
    joined_at: Created;
  };
  organisation_invitations: {
    id: Generated<number>;
    organisation_id: number;
    email: string;
    role: MemberRole;
    locale: string;
    token_hash: Buffer;
    invited_by: number | null;
    invited_by_staff: number | null;
    expires_at: Date;
    accepted_at: Date | null;
    accepted_by: number | null;
    withdrawn_at: Date | null;
    created_at: Created;
  };
  organisation_history: {
    id: Generated<string>;
    organisation_id: number;
    action: string;
    by_applicant: number | null;
    by_user: number | null;
    about_applicant: number | null;
    details: Json<Record<string, unknown>>;
    created_at: Created;
  };
  organisation_access_requests: {
    id: Generated<number>;
    organisation_id: number;
    frontend_user_id: number;
    reason: string;
    file_name: string | null;
    file_mime: string | null;
    file_size: number | null;
    file_key: string | null;
    status: Generated<'pending' | 'granted' | 'refused'>;
    decided_by: number | null;
    decided_at: Date | null;
    decision_reason: string | null;
    created_at: Created;
  };
  application_files: {
    id: Generated<number>;
    uuid: Generated<string>;
    application_id: number;
    field_definition_id: number | null;
    name: string;
    mime: string;
    size: number;
    /** The message it is attached to; null for the form's files. */
    message_id: number | null;
    is_agreement: Generated<boolean>;
    /** An attachment of the follow-up report; like a message's, no part of the form's files. */
    followup: Generated<boolean>;
    /** The payout request it is a receipt of; like a message's attachment, no part of the form's files. */
    payout_id: number | null;
    created_at: Created;
  };
  application_followups: {
    application_id: number;
    requested_at: Timestamp;
    requested_by: number | null;
    reminded_at: Date | null;
    according_to_plan: boolean | null;
    according_to_plan_comment: string | null;
    participants: number | null;
    events: number | null;
    marketing: string | null;
    /** Who sent the follow-up in: the applicant or a member of the organisation (migration 0047). */
    sent_in_by: number | null;
    updated_at: Timestamp;
  };
  application_messages: {
    id: Generated<number>;
    uuid: Generated<string>;
    application_id: number;
    from_applicant: boolean;
    user_id: number | null;
    body: string;
    is_welcome_message: Generated<boolean>;
    created_at: Created;
    read_at: Date | null;
  };
  decision_mail_templates: {
    id: Generated<number>;
    /** The decision it announces: approved (40) or rejected (-10). */
    decision: number;
    locale: string;
    subject: string;
    body: string;
    created_at: Created;
    updated_at: Timestamp;
  };
  reference_counters: { year: number; last: number };
  /** Data protection's retention rules: one row (migration 0015). */
  /** An approved application's payout record: the acceptance of its conditions, its deadline (migration 0026). */
  grants: {
    application_id: number;
    accepted_at: Date | null;
    accepted_by: number | null;
    accepted_from: string | null;
    signatory_name: string | null;
    signatory_role: string | null;
    accepted_conditions: string | null;
    deadline_extended_to: string | null;
    deadline_reason: string | null;
    reminded_at: Date | null;
    /** Signed in by e-ID (the name its broker gave in eid_name) or by an e-mailed link (migration 0047). */
    accepted_with: 'eid' | 'link' | null;
    eid_name: string | null;
    created_at: Created;
  };
  /** The payout plan: parts of the approved amount, each due at acceptance or after the follow-up (enums.payout_due). */
  payout_instalments: {
    id: Generated<number>;
    application_id: number;
    position: number;
    amount: number;
    due: number;
    lapsed_at: Date | null;
  };
  /** The applicant's request for one instalment to one account, attested by two staff users (enums.payout_status). */
  payouts: {
    id: Generated<number>;
    instalment_id: number;
    application_id: number;
    /** The application's period, kept by triggers (migration 0045) for the payouts list's indexes. */
    period_id: Generated<number>;
    amount: number;
    account_type: 'bankgiro' | 'plusgiro' | 'bank';
    clearing_number: string | null;
    account_number: string;
    status: Generated<number>;
    requested_at: Created;
    requested_by: number | null;
    prepared_by: number | null;
    prepared_at: Date | null;
    approved_by: number | null;
    approved_at: Date | null;
    rejected_by: number | null;
    rejected_at: Date | null;
    reject_reason: string | null;
    batch_id: number | null;
    paid_on: string | null;
    returned_at: Date | null;
    return_reason: string | null;
    /** The bank's reference of the payment, or the one given with a return marked by hand (migration 0042). */
    bank_reference: string | null;
    /** A return marked by hand, asked by one person and carried out by another. */
    return_asked_by: number | null;
    return_asked_at: Date | null;
    return_asked_reason: string | null;
    return_asked_bank_reference: string | null;
  };
  /** Per period, what of the granted money was paid, lapsed and repaid, kept by triggers (migration 0027); read only. */
  payout_tallies: { period_id: number; paid: Int8; lapsed: Int8; repaid: Int8 };
  /** A payment file's payouts, sent to the bank together. */
  payment_batches: {
    id: Generated<number>;
    message_id: string;
    execution_date: string;
    created_by: number;
    created_at: Created;
    sent_at: Date | null;
    sent_by: number | null;
    /** The file as first downloaded, the bank's from then on (migration 0039). */
    file_xml: string | null;
    file_stored_at: Date | null;
    cancelled_at: Date | null;
    cancelled_by: number | null;
    /** The bank's last word on the whole file: ACCP, ACTC, PART, RJCT … (migration 0042). */
    bank_status: string | null;
    bank_status_at: Date | null;
    /** Its payouts' tallies and periods, kept by a trigger on the payouts (migration 0046). */
    payouts: Generated<number>;
    total: Generated<number>;
    paid: Generated<number>;
    returned: Generated<number>;
    period_ids: Generated<number[]>;
  };
  /** The bank's answers imported: payment status reports and debit notifications, each once, written once. */
  bank_answers: {
    id: Generated<number>;
    kind: 'pain.002' | 'camt.054';
    message_id: string;
    file_xml: string;
    outcomes: Json<BankAnswerOutcome[]>;
    imported_by: number;
    imported_at: Created;
  };
  /** Money an applicant is to pay back, registered by staff and marked received. */
  repayments: {
    id: Generated<number>;
    application_id: number;
    amount: number;
    reason: string;
    registered_by: number;
    registered_at: Created;
    received_on: string | null;
    received_by: number | null;
    /** Taken back when the bank returned the payout it was asked back of (migration 0042). */
    cancelled_at: Date | null;
    cancel_reason: string | null;
  };
  /** One row: the foundation as the payment file's debtor, and its bookkeeping's accounts. */
  payment_settings: {
    id: Generated<boolean>;
    name: Generated<string>;
    org_number: Generated<string>;
    bankgiro: string | null;
    iban: string | null;
    bic: string | null;
    /** The customer or agreement number the bank gave (migration 0041). */
    bank_customer_number: string | null;
    account_grants: Generated<string>;
    account_payable: Generated<string>;
    account_bank: Generated<string>;
    account_returned: Generated<string>;
    /** The month the financial year starts, 1–12 (migration 0036). */
    financial_year_first_month: Generated<number>;
    updated_by: number | null;
    updated_at: Timestamp;
  };
  /** What matched between applications, for staff to check (migration 0049, server/signals/). */
  application_signals: {
    id: Generated<number>;
    application_id: number;
    kind: SignalKind;
    other_application_id: number | null;
    details: Json<Record<string, unknown>>;
    created_at: Created;
    checked_at: Date | null;
    checked_by: number | null;
    check_reason: string | null;
  };
  /** An application's long free-text answers as sent in, compared by trigrams (migration 0049). */
  application_descriptions: {
    application_id: number;
    description: string;
    compared_at: Date | null;
  };
  /** Every personal number's hash an account has had, recorded by a trigger on frontend_users (migration 0049). */
  personal_number_accounts: {
    personal_number_hash: Buffer;
    frontend_user_id: number;
    seen_at: Created;
  };
  /** An account's registration: its client address's HMAC (null once its day is over) and day (migration 0049). */
  account_registrations: {
    frontend_user_id: number;
    address_hash: Buffer | null;
    registered_on: string;
    crowd_id: number | null;
    crowd_size: number | null;
  };
  signal_settings: {
    id: Generated<boolean>;
    similarity_percent: number;
    registrations_per_day: number;
    updated_by: number | null;
    updated_at: Timestamp;
  };
  retention_rules: {
    id: Generated<boolean>;
    draft_months: number;
    rejected_months: number;
    approved_years: number;
    updated_by: number | null;
    updated_at: Timestamp;
  };
  /** Staff's postponement of the retention rules for one period (migration 0017). */
  retention_postponements: {
    period_id: number;
    until: string;
    reason: string;
    user_id: number | null;
    /** When it was made, or last changed. */
    created_at: Timestamp;
  };
  /** What each run of the retention rules did (migration 0017). */
  retention_runs: {
    id: Generated<number>;
    ran_at: Date;
    user_id: number | null;
    drafts: number;
    rejected: number;
    approved: number;
    accounts: number;
    periods: Json<RetentionRunPeriod[]>;
  };
  /** The privacy notice, one text per language (migration 0017). */
  privacy_notices: { locale: string; body: string; updated_by: number | null; updated_at: Timestamp };
  /** An applicant's download of their data, built by a job when it is large (migration 0017). */
  data_exports: {
    id: Generated<number>;
    uuid: Generated<string>;
    frontend_user_id: number;
    requested_at: Created;
    ready_at: Date | null;
    size: number | null;
    expires_at: Date | null;
  };
  investigations: {
    id: Generated<number>;
    application_id: number;
    user_id: number;
    amount: number | null;
    status: Generated<number>;
    comment: string | null;
    /** Null until the reviewer has declared whether they have a conflict of interest with the applicant. */
    conflict_of_interest: boolean | null;
    conflict_declared_at: Date | null;
    /** When the reviewer sent in their scores. */
    reviewed_at: Date | null;
    /** The review's own proposal and comment, beside the investigation's (amount, status, comment). */
    review_amount: number | null;
    review_status: Generated<number>;
    review_comment: string | null;
    created_at: Created;
    updated_at: Timestamp;
    /** The application's keys the own list sorts and filters by, kept by triggers (migration 0053). */
    application_status: Generated<number>;
    application_period_id: Generated<number>;
    application_type_id: Generated<number | null>;
    application_sent_in_at: Generated<Date | null>;
    application_reference: Generated<string | null>;
    application_money: Generated<number | null>;
    applicant_last_name: Generated<string | null>;
    applicant_first_name: Generated<string | null>;
    application_review_score: Generated<number | null>;
    application_review_spread: Generated<number | null>;
    application_reviews_pending: Generated<number>;
  };
  review_criteria: {
    id: Generated<number>;
    application_type_id: number;
    label_sv: string;
    label_en: string;
    guidance_sv: string | null;
    guidance_en: string | null;
    scale_max: Generated<number>;
    weight: Generated<number>;
    order: Generated<number>;
    created_at: Created;
    updated_at: Timestamp;
  };
  review_scores: {
    investigation_id: number;
    criterion_id: number;
    score: number;
  };
  meetings: {
    id: Generated<number>;
    period_id: number;
    /** A Stockholm day, 'YYYY-MM-DD'. */
    held_on: string;
    place: string;
    chair_id: number | null;
    adjuster_id: number | null;
    /** The protokollförare (migration 0037). */
    secretary_id: number | null;
    /** The meeting's time, 'HH:MM:SS'. */
    starts_at: string | null;
    ends_at: string | null;
    /** The minutes' number in their year, drawn when the decisions are entered. */
    minutes_year: number | null;
    minutes_number: number | null;
    /** The period's figures the minutes print, as they were when the decisions were entered. */
    frozen_totals: { available_money: number; approved_elsewhere: number } | null;
    decided_at: Date | null;
    decided_by: number | null;
    created_at: Created;
    updated_at: Timestamp;
  };
  meeting_members: {
    meeting_id: number;
    user_id: number;
    /** Whether the member was present, set when the decisions are entered. */
    present: boolean | null;
  };
  /** A member's dissent (reservation) on an item of the meeting (migration 0037). */
  meeting_dissents: {
    meeting_id: number;
    application_id: number;
    user_id: number;
  };
  meeting_agenda: {
    meeting_id: number;
    application_id: number;
    position: number;
    decided_status: number | null;
    decided_amount: number | null;
    /** A line that changes an earlier meeting's decision names that meeting and why (migration 0034). */
    changes_meeting_id: Generated<number | null>;
    change_reason: Generated<string | null>;
  };
  /** The grants' books: a voucher per event, written once (migration 0036, server/bookkeeping/journal.ts). */
  journal_vouchers: {
    id: Generated<number>;
    series: string;
    /** The first day of the financial year the voucher is numbered in. */
    financial_year: string;
    number: number;
    day: string;
    kind: 'decision' | 'payout_paid' | 'payout_returned' | 'repayment_received' | 'instalment_lapsed';
    application_id: number;
    reference: string;
    source_id: number | null;
    amount: number;
    debit_account: number;
    credit_account: number;
    reverses_id: number | null;
    booked_at: Created;
    booked_by: number | null;
  };
  /** The last voucher number drawn per series and financial year. */
  journal_series: {
    series: string;
    financial_year: string;
    last_number: number;
  };
  /** Who exported which days of the books, when. */
  bookkeeping_exports: {
    id: Generated<number>;
    from_day: string;
    to_day: string;
    vouchers: number;
    exported_by: number;
    exported_at: Created;
  };
  /** A change of a decision the applicant was told, asked by one and settled by another (migration 0035). */
  decision_changes: {
    id: Generated<number>;
    application_id: number;
    status: number;
    approved_money: number | null;
    approved_fou: number | null;
    approved_nok: number | null;
    global_goals: number[] | null;
    reason: string;
    asked_by: number;
    asked_at: Generated<Date>;
    outcome: 'approved' | 'rejected' | 'withdrawn' | null;
    settled_by: number | null;
    settled_at: Date | null;
  };
  meeting_conflicts: {
    meeting_id: number;
    application_id: number;
    user_id: number;
    conflict_of_interest: boolean;
    declared_at: Generated<Date>;
  };
  /** Who stood aside from which application, however declared; final (migration 0031). */
  conflicts_of_interest: {
    application_id: number;
    user_id: number;
    declared_at: Date;
    meeting_id: number | null;
  };
  application_history: {
    id: Generated<string>;
    application_id: number;
    user_id: number | null;
    action: string;
    before: Json<Record<string, unknown> | null>;
    after: Json<Record<string, unknown> | null>;
    created_at: Created;
  };
  /** Who deleted which application, and what went with it (migration 0022); append-only, outlives the application. */
  application_deletions: {
    id: Generated<number>;
    reference: string | null;
    application_uuid: string;
    period_id: number;
    period_name: string;
    status: number;
    files: number;
    messages: number;
    followup: boolean;
    user_id: number;
    deleted_at: Created;
  };
  /** The log's entries per period, kept by its insert trigger (migration 0022); read only. */
  application_deletion_tallies: { period_id: number; deletions: Int8 };
  application_categories: { application_id: number; category_id: number };
  /** Counts and sums of the applications sent in, kept by triggers (migration 0014); read only. */
  application_tallies: {
    period_id: number;
    status: number;
    applicant_type: number | null;
    month: string | null;
    unread: boolean;
    in_followup: boolean;
    applications: Int8;
    applied: Int8;
    approved: Int8;
    participants: Int8;
    events: Int8;
  };
  category_tallies: { category_id: number; period_id: number; status: number; applications: Int8; applied: Int8; approved: Int8 };
  notifications: {
    id: Generated<number>;
    user_id: number;
    kind: 'applicant_message' | 'followup_sent_in' | 'decision_change_asked';
    application_id: number;
    message_id: number | null;
    created_at: Created;
    read_at: Date | null;
  };
  login_links: {
    id: Generated<number>;
    frontend_user_id: number;
    token_hash: Buffer;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Created;
  };
  recovery_codes: {
    id: Generated<number>;
    user_id: number;
    code_hash: Buffer;
    used_at: Date | null;
    created_at: Created;
  };
  /** A staff sign-in whose password was right, waiting for the second factor ('verify') or its enrolment ('enrol'). */
  sign_in_challenges: {
    id: Generated<string>;
    token_hash: Buffer;
    user_id: number;
    purpose: 'verify' | 'enrol';
    failures: Generated<number>;
    expires_at: Timestamp;
    created_at: Created;
  };
  /** Staff accounts' security events, append-only; actor_id: the administrator who acted, null for the owner. */
  account_history: {
    id: Generated<string>;
    user_id: number;
    actor_id: number | null;
    event: string;
    created_at: Created;
  };
  /** One OpenID Connect sign-in under way: its state (as a hash), PKCE verifier and nonce, spent once. */
  oidc_flows: {
    id: Generated<string>;
    state_hash: Buffer;
    audience: 'applicant' | 'staff';
    code_verifier: string;
    nonce: string;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Created;
  };
  /** An identity provider's subject, linked to one applicant or one staff user. */
  oidc_identities: {
    id: Generated<number>;
    issuer: string;
    subject: string;
    frontend_user_id: number | null;
    user_id: number | null;
    last_sign_in_at: Timestamp;
    created_at: Created;
  };
  /**
   * An applicant's e-ID sign-in that gave no verified e-mail: waiting for an address, then (`frontend_user_id`, migration
   * 0032) for that account's owner to confirm or decline the link.
   */
  oidc_pending: {
    id: Generated<string>;
    token_hash: Buffer;
    issuer: string;
    subject: string;
    personal_number_hash: Buffer | null;
    first_name: string | null;
    last_name: string | null;
    frontend_user_id: number | null;
    expires_at: Timestamp;
    /** The name an e-ID broker gave, for an applicant's session begun by e-ID (migration 0047). */
    eid_name: string | null;
    created_at: Created;
  };
  /** An applicant account's e-ID links and unlinks, append-only (migration 0032); person_name: the name the e-ID gave. */
  applicant_account_history: {
    id: Generated<string>;
    frontend_user_id: number;
    event: 'eid_linked' | 'eid_unlinked' | 'eid_link_declined';
    provider: string;
    person_name: string | null;
    created_at: Created;
  };
}
