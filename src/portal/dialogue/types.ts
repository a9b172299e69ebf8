/** An attachment of a message, as the applicant's dialogue API gives it. */
export interface MessageFile {
  uuid: string;
  name: string;
  size: number;
  mime: string;
  /** Staff's agreement for the applicant to read (and sign). */
  is_agreement: boolean;
  created_at: string;
}

/** A message of the thread: the applicant's own, or the foundation's (never a staff member's name). */
export interface DialogueMessage {
  uuid: string;
  from: 'applicant' | 'foundation';
  body: string;
  is_welcome_message: boolean;
  created_at: string;
  read_at: string | null;
  files: MessageFile[];
}

/** The dialogue's path under the API. */
export const messagesPath = (applicationUuid: string) => `/portal/applications/${applicationUuid}/messages`;
