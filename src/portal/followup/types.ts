/** A stored attachment of the follow-up report. */
export interface FollowupFile {
  uuid: string;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}

/** The follow-up report as every follow-up route answers it. */
export interface Followup {
  application_uuid: string;
  reference: string | null;
  period_name: string;
  requested_at: string;
  /** 'YYYY-MM-DD': the day it is due. */
  due_at: string;
  reminded_at: string | null;
  sent_in_at: string | null;
  according_to_plan: boolean | null;
  according_to_plan_comment: string | null;
  participants: number | null;
  events: number | null;
  marketing: string | null;
  files: FollowupFile[];
  upload_max_bytes: number;
}

/** The report's path under the API. */
export const followupPath = (applicationUuid: string) => `/portal/applications/${applicationUuid}/followup`;

/** Where a file of the application (a follow-up's included) is downloaded. */
export const filePath = (applicationUuid: string, fileUuid: string) => `/portal/applications/${applicationUuid}/files/${fileUuid}`;
