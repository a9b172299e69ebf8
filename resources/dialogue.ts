/** The longest message of the dialogue, in characters once trimmed (the server and the table check it; the form counts). */
export const MAX_MESSAGE_LENGTH = 10_000;
/** At most this many attachments on one message (the server's multipart limit; the portal's picker says so). */
export const MAX_MESSAGE_FILES = 10;
