/** The follow-up report after a grant (SPEC.md §2–§4), as the API gives it; shared by the server and both apps. */

/** Participants and events are whole numbers from 0 to this. */
export const MAX_FOLLOWUP_COUNT = 1_000_000;
/** Longest comment on whether the project went according to plan, in characters once trimmed. */
export const MAX_FOLLOWUP_COMMENT = 2_000;
/** Longest description of how the foundation was marketed, in characters once trimmed. */
export const MAX_FOLLOWUP_MARKETING = 5_000;

/** The answers the applicant gives; all four but the comment are required to send it in. */
export const followupAnswerFields = ['according_to_plan', 'according_to_plan_comment', 'participants', 'events', 'marketing'] as const;
export type FollowupAnswerField = (typeof followupAnswerFields)[number];
export const requiredFollowupFields = ['according_to_plan', 'participants', 'events', 'marketing'] as const;

export interface FollowupAnswers {
  according_to_plan: boolean | null;
  according_to_plan_comment: string | null;
  participants: number | null;
  events: number | null;
  marketing: string | null;
}

export interface FollowupFile {
  uuid: string;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface Followup extends FollowupAnswers {
  application_uuid: string;
  reference: string | null;
  period_name: string;
  requested_at: string;
  /** 'YYYY-MM-DD': the applications' `followup_at`. */
  due_at: string;
  reminded_at: string | null;
  sent_in_at: string | null;
  files: FollowupFile[];
  upload_max_bytes: number;
}
