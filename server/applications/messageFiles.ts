import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  assertNoWelcomeMessage,
  insertMessage,
  MAX_MESSAGE_LENGTH,
  messageText,
  type AfterMessage,
  type NewMessageFile,
} from '../applicationCore/messages.js';
import { invalid } from '../errors.js';
import type { FileStore } from '../applicationCore/applicationFiles.js';
import { receiveForm, type ReceivedForm } from '../uploads/receive.js';
import { removeFile } from '../uploads/storage.js';

export { MAX_MESSAGE_FILES } from '../../resources/dialogue.js';
/** A text field of a message's form: MAX_MESSAGE_LENGTH characters of up to 4 bytes each, and the spaces trimmed off. */
export const MESSAGE_FIELD_BYTES = MAX_MESSAGE_LENGTH * 4 + 1024;

/** What a message is sent as: JSON (no attachments) or multipart with its files. */
export interface MessageInput {
  body: unknown;
  isWelcomeMessage: boolean;
}

/** Who writes: the applicant (files only) or a staff user (agreements and a welcome message too). */
export type Writer = { staffId: null } | { staffId: number };

const fileFields = (writer: Writer) => (writer.staffId === null ? ['files'] : ['files', 'agreements']);
const textFields = (writer: Writer) => (writer.staffId === null ? ['body'] : ['body', 'is_welcome_message']);

/** A multipart flag as a boolean: true, 1, false, 0 or nothing; anything else is a 422. */
function flag(field: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw invalid({ [field]: ['validation.boolean'] });
}

/**
 * Stores a message on the application, from a JSON body (`json`) or a multipart form with its attachments (the upload
 * rules of the application's files: type from the bytes, UPLOAD_MAX_MB, kept privately under a uuid). The text is
 * checked before any file is moved into place, and the message and its files are stored in one transaction; on any
 * failure nothing stays, neither row nor file; `after` runs in that transaction. Answers the new message's id.
 */
export async function storeMessage(
  { db, storage, dataDir, uploadMaxBytes, caps }: FileStore,
  request: FastifyRequest,
  applicationId: number,
  writer: Writer,
  json: MessageInput | null,
  after?: AfterMessage,
): Promise<number> {
  let form: ReceivedForm = { fields: {}, files: [] };
  let input: MessageInput;
  if (request.isMultipart()) {
    form = await receiveForm(request, {
      dataDir,
      maxBytes: uploadMaxBytes,
      fields: textFields(writer),
      fileFields: fileFields(writer),
      tooLong: (field) => invalid({ [field]: [{ key: 'validation.max_string', params: { limit: MAX_MESSAGE_LENGTH } }] }),
    });
    input = { body: form.fields.body, isWelcomeMessage: false };
  } else if (json) {
    input = json;
  } else {
    throw invalid({ body: ['validation.required'] });
  }
  const kept: string[] = [];
  try {
    if (request.isMultipart()) input.isWelcomeMessage = flag('is_welcome_message', form.fields.is_welcome_message);
    const body = messageText(input.body);
    if (input.isWelcomeMessage) await assertNoWelcomeMessage(db, applicationId);
    const files: NewMessageFile[] = [];
    for (const file of form.files) {
      const uuid = randomUUID();
      await storage.keep(uuid, file.tempPath, file.mime);
      kept.push(uuid);
      files.push({ uuid, name: file.name, mime: file.mime, size: file.size, is_agreement: file.field === 'agreements' });
    }
    const message = { applicationId, staffId: writer.staffId, body, isWelcomeMessage: input.isWelcomeMessage, files, fileCaps: caps };
    return await insertMessage(db, message, after);
  } catch (error) {
    for (const file of form.files) await removeFile(file.tempPath);
    await storage.remove(kept);
    throw error;
  }
}
