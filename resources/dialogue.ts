/** The longest message of the dialogue, in characters once trimmed (the server and the table check it; the form counts). */
export const MAX_MESSAGE_LENGTH = 10_000;
/** At most this many attachments on one message (the server's multipart limit; the portal's picker says so). */
export const MAX_MESSAGE_FILES = 10;

/** An attachment of a message as the API gives it; `is_agreement` marks staff's agreement (for the applicant to sign). */
export interface MessageFile {
  uuid: string;
  name: string;
  size: number;
  mime: string;
  is_agreement: boolean;
  created_at: string;
}

/** A message of the thread as the applicant reads it: their own, or the foundation's (never a staff member's name). */
export interface DialogueMessage {
  uuid: string;
  from: 'applicant' | 'foundation';
  body: string;
  is_welcome_message: boolean;
  created_at: string;
  read_at: string | null;
  files: MessageFile[];
}
