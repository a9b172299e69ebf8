import type { dialogueMessage, JsonOf } from '../../../server/routes/schemas';

/** A message of the thread as the applicant reads it: their own, or the foundation's (never a staff member's name). */
export type DialogueMessage = Omit<JsonOf<typeof dialogueMessage>, 'user'>;
/** An attachment of a message; `is_agreement` marks staff's agreement (for the applicant to sign). */
export type MessageFile = DialogueMessage['files'][number];
