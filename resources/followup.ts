/** The follow-up report after a grant: its answers and their limits, shared by the server and both apps. */

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
