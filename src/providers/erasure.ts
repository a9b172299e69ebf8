/**
 * What erasing an applicant's account does (GET …/erasure before, the DELETE or POST …/erase after): the same answer
 * for the applicant's own My data page and for staff carrying out a request received some other way.
 */

/** deleted: the account goes at once; closed: it is closed until the approved applications kept are anonymised. */
export type AccountOutcome = 'deleted' | 'closed';

/** An application sent in, as an erasure names it. */
export interface SentIn {
  uuid: string;
  reference: string | null;
  status: number;
  period: string;
  application_type: string | null;
}

/** What erasing the account would do now. */
export interface ErasurePreview {
  account: AccountOutcome;
  /** The last day an approved application is kept (YYYY-MM-DD): the account goes once it is anonymised; null: none kept. */
  kept_until: string | null;
  /** Drafts never sent in: deleted at once. */
  drafts: { uuid: string; period: string; application_type: string | null; updated_at: string }[];
  /** Applications sent in and not approved: anonymised at once; `withdrawn` ones were still being handled. */
  anonymised: (SentIn & { withdrawn: boolean })[];
  /** Approved applications: kept for the bookkeeping until the retention rules anonymise them. */
  kept: (SentIn & {
    /** The first day the rules anonymise it (YYYY-MM-DD). */
    anonymised_from: string | null;
  })[];
}

/** What an erasure did. */
export interface ErasureDone {
  account: AccountOutcome;
  drafts_deleted: number;
  anonymised: number;
  kept: number;
  kept_until: string | null;
}
