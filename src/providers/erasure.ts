/**
 * What erasing an applicant's account does (GET …/erasure before, the DELETE or POST …/erase after): the same answer
 * for the applicant's own My data page and for staff carrying out a request received some other way.
 */

/** deleted: the account goes at once; closed: it is closed until the applications sent in are anonymised. */
export type AccountOutcome = 'deleted' | 'closed';

/** What erasing the account would do now. */
export interface ErasurePreview {
  account: AccountOutcome;
  /** Drafts never sent in: deleted at once. */
  drafts: { uuid: string; period: string; application_type: string | null; updated_at: string }[];
  /** Applications sent in: kept until the retention rules anonymise them. */
  kept: {
    uuid: string;
    reference: string | null;
    status: number;
    period: string;
    application_type: string | null;
    /** The first day the rules anonymise it (YYYY-MM-DD); null while it is being handled. */
    anonymised_from: string | null;
  }[];
}

/** What an erasure did. */
export interface ErasureDone {
  account: AccountOutcome;
  drafts_deleted: number;
  kept: number;
}
