import { enums } from './enums.js';

// The receipts an applicant attaches to a payout request: what the portal offers and the server enforces.

/** How many receipts one payout may hold. */
export const RECEIPTS_PER_PAYOUT = 10;

const { requested, prepared } = enums.payout_status;

/** Receipts can be added until the payout is approved: staff check them while preparing it. */
export const receiptsCanBeAdded = (status: number) => status === requested || status === prepared;

/** A receipt can be taken back only while nobody has checked the request. */
export const receiptsCanBeRemoved = (status: number) => status === requested;
