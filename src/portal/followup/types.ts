import type { followup, followupFile, JsonOf } from '../../../server/routes/schemas';

/** The follow-up report, as every follow-up route answers it. */
export type Followup = JsonOf<typeof followup>;
/** A follow-up's attachment, as its upload answers it. */
export type FollowupFile = JsonOf<typeof followupFile>;

/** The report's path under the API. */
export const followupPath = (applicationUuid: string) => `/portal/applications/${applicationUuid}/followup`;

/** Where a file of the application (a follow-up's included) is downloaded. */
export const filePath = (applicationUuid: string, fileUuid: string) => `/portal/applications/${applicationUuid}/files/${fileUuid}`;
