/**
 * What erasing an applicant's account does (GET …/erasure before, the DELETE or POST …/erase after): the same answer
 * for the applicant's own My data page and for staff carrying out a request received some other way.
 */
import type { JsonOf } from '../../server/routes/schemas';
import type { erasureDone, erasurePreview } from '../../server/routes/schemas/erasure';

/** What erasing the account would do now: drafts deleted, applications anonymised at once, approved ones kept. */
export type ErasurePreview = JsonOf<typeof erasurePreview>;

/** What an erasure did. */
export type ErasureDone = JsonOf<typeof erasureDone>;

/** deleted: the account goes at once; closed: it is closed until the approved applications kept are anonymised. */
export type AccountOutcome = ErasureDone['account'];

/** An application sent in, as an erasure names it. */
export type SentIn = Omit<ErasurePreview['anonymised'][number], 'withdrawn'>;
