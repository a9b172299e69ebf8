import { fileStore } from '../../applicationCore/applicationFiles.js';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { recipientOf } from '../../applicationCore/dialogueLink.js';
import { mailApplicantOfMessage } from '../../applications/messageMail.js';
import { markReadByStaff, mayReadDialogue, threadOf } from '../../applicationCore/messages.js';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { AppError } from '../../errors.js';
import { MAX_MESSAGE_FILES, MESSAGE_FIELD_BYTES, storeMessage } from '../../applications/messageFiles.js';
import { formMultipartLimits } from '../../uploads/receive.js';
import { body, data, dialogueMessage, jsonOrMultipart, knownUuids, stringParams, uuid, type Api } from '../schemas.js';
import { holds } from '../../plugins/access.js';
import { manageApplication, manageOrInvestigateApplication } from '../applicationAccess.js';

const bodyText = { description: 'Plain text, required, at most 10 000 characters once trimmed' };
const messageBody = { type: 'string', ...bodyText };
const welcomeText = { description: 'The application’s welcome message: at most one (a second is a 422)' };
const welcome = { type: 'boolean', ...welcomeText };
/** Optional: a call without a body marks the whole thread read. */
const readBody = Type.Unsafe<{ data: { up_to?: string } } | null>({
  type: 'object',
  nullable: true,
  required: ['data'],
  additionalProperties: false,
  properties: {
    data: {
      type: 'object',
      additionalProperties: false,
      properties: { up_to: { ...uuid, description: 'The last message staff were shown: a message written after it stays unread' } },
    },
  },
});
const binaries = (description: string) => ({ type: 'array', description, items: { type: 'string', format: 'binary' } });

/**
 * Staff's side of the dialogue: those who manage applications read the thread, write to the applicant
 * (a welcome message once, attachments, the agreement) and mark the thread read, which clears the application's
 * "unread messages" flag; investigators put on the application read it too (as they read its investigations).
 * Writing is recorded in the history. Attachments download through the file route of the application.
 */
export default async function staffMessageRoutes(app: Api) {
  const { db, config, mailer } = app;
  const { uploadMaxBytes } = config;
  // Registered here, so only these routes accept multipart bodies, with room for a message's text and its files.
  await app.register(multipart, {
    limits: formMultipartLimits(uploadMaxBytes, MAX_MESSAGE_FILES, MESSAGE_FIELD_BYTES),
    throwFileSizeLimit: false,
  });
  const store = fileStore(db, app.storage, config);
  const tags = ['applications'];
  const params = stringParams('uuid');

  /** The application sent in, by uuid (unknown, or a draft, which staff never reach: 404). */
  async function dialogueOf(uuid: string) {
    knownUuids(uuid);
    return applicationByUuid(db, uuid);
  }

  app.get(
    '/applications/:uuid/messages',
    {
      config: manageOrInvestigateApplication,
      schema: {
        tags,
        summary:
          'The application’s dialogue with the applicant, oldest first, with who wrote and the attachments (investigators only on their own applications). Reading here marks nothing read',
        params,
        response: { 200: data(Type.Array(dialogueMessage)) },
      },
    },
    async (request) => {
      const application = await dialogueOf(request.params.uuid);
      const staff = { id: request.staff!.id, manages: holds(request, 'manage-applications') };
      if (!(await mayReadDialogue(db, application.id, staff))) throw new AppError(403, 'errors.not_investigator');
      return { data: await threadOf(db, application.id, 'staff') };
    },
  );

  app.post(
    '/applications/:uuid/messages',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'Writes to the applicant and mails them: JSON { data: { body, is_welcome_message? } }, or multipart with `body`, `is_welcome_message`, `files` and `agreements` (attachments marked as the agreement); recorded in the history',
        description:
          'Files as the application’s files: PDF, JPG, PNG, Word, Excel, OpenDocument by content, at most UPLOAD_MAX_MB (413), another type 422. The message and its files are stored together or not at all, with a mail to the applicant in their language (a link that signs them in to the dialogue; the text stays behind the sign-in). 422 for a draft, and 422 (nothing stored) when the applicant has no usable e-mail address.',
        params,
        body: jsonOrMultipart(body({ body: Type.String(bodyText), is_welcome_message: Type.Boolean(welcomeText) }, ['body']), {
          required: ['body'],
          properties: {
            body: messageBody,
            is_welcome_message: welcome,
            files: binaries('Attachments'),
            agreements: binaries('Attachments that are the agreement'),
          },
        }),
        response: { 201: data(dialogueMessage) },
      },
    },
    async (request, reply) => {
      const application = await dialogueOf(request.params.uuid);
      // Before anything is received or stored: a message the applicant would never hear of is not sent.
      const recipient = await recipientOf(db, application.id);
      const json = request.body?.data
        ? { body: request.body.data.body, isWelcomeMessage: request.body.data.is_welcome_message ?? false }
        : null;
      const id = await storeMessage(store, request, application.id, { staffId: request.staff!.id }, json, (trx, message) =>
        mailApplicantOfMessage(trx, { mailer, settings: config }, recipient, application.id, message.isWelcomeMessage),
      );
      mailer.deliverSoon();
      const [message] = await threadOf(db, application.id, 'staff', id);
      return reply.status(201).send({ data: message });
    },
  );

  app.post(
    '/applications/:uuid/messages/read',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'Staff have read the dialogue: the applicant’s messages (up to `up_to`, the last message shown, when given) are marked read, and the “unread messages” mark is cleared unless one of theirs is still unread',
        params,
        body: readBody,
      },
    },
    async (request, reply) => {
      const application = await dialogueOf(request.params.uuid);
      await markReadByStaff(db, application.id, request.body?.data.up_to);
      return reply.status(204).send();
    },
  );
}
