import type { followup, followupFile, JsonOf } from '../../../server/routes/schemas';

/** The follow-up report, as every follow-up route answers it. */
export type Followup = JsonOf<typeof followup>;
/** A follow-up's attachment, as its upload answers it. */
export type FollowupFile = JsonOf<typeof followupFile>;
