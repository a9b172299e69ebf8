export type { Followup, FollowupFile } from '../../../resources/followup';

/** The report's path under the API. */
export const followupPath = (applicationUuid: string) => `/portal/applications/${applicationUuid}/followup`;

/** Where a file of the application (a follow-up's included) is downloaded. */
export const filePath = (applicationUuid: string, fileUuid: string) => `/portal/applications/${applicationUuid}/files/${fileUuid}`;
