/** The longest message of the dialogue, in characters once trimmed (the server and the table check it; the form counts). */
export const MAX_MESSAGE_LENGTH = 10_000;
