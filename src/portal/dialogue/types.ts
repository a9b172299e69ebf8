export type { DialogueMessage, MessageFile } from '../../../resources/dialogue';

/** The dialogue's path under the API. */
export const messagesPath = (applicationUuid: string) => `/portal/applications/${applicationUuid}/messages`;
