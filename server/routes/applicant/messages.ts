import { fileStore } from '../../applicationCore/applicationFiles.js';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertDialogueOpen, markReadByApplicant, threadOf } from '../../applicationCore/messages.js';
import { ownApplication } from '../../applicationCore/ownApplications.js';
import { notifyStaff } from '../../notifications/notifyStaff.js';
import { storeMessage, MAX_MESSAGE_FILES, MESSAGE_FIELD_BYTES } from '../../applications/messageFiles.js';
import { formMultipartLimits } from '../../uploads/receive.js';
import { body, data, dialogueMessage, jsonOrMultipart, knownUuids, stringParams, type Api } from '../schemas.js';

const bodyText = { description: 'Plain text, required, at most 10 000 characters once trimmed' };
const messageBody = { type: 'string', ...bodyText };

/**
 * The applicant's side of the dialogue: the thread of one of their own applications sent in, and their
 * messages to the foundation with attachments. Another applicant's application is 404, a draft has no dialogue (422).
 * Attachments download through the file route of the applicant's own application.
 */
export default async function applicantMessageRoutes(app: Api) {
  const { db, config, mailer } = app;
  const { uploadMaxBytes } = config;
  // Registered here, so only these routes accept multipart bodies, with room for a message's text and its files.
  await app.register(multipart, {
    limits: formMultipartLimits(uploadMaxBytes, MAX_MESSAGE_FILES, MESSAGE_FIELD_BYTES),
    throwFileSizeLimit: false,
  });
  const store = fileStore(db, app.storage, config);
  const tags = ['portal'];
  const access = { access: 'applicant' as const };
  const params = stringParams('uuid');

  /** The applicant's own application, sent in. */
  async function dialogueOf(request: FastifyRequest, uuid: string) {
    knownUuids(uuid);
    const application = await ownApplication(db, request, uuid);
    assertDialogueOpen(application);
    return application;
  }

  app.get(
    '/portal/applications/:uuid/messages',
    {
      config: access,
      schema: {
        tags,
        summary:
          'The dialogue of one of the applicant’s applications sent in, oldest first; staff’s messages are from “the foundation”. Reading marks them read',
        params,
        response: { 200: data(Type.Array(dialogueMessage)) },
      },
    },
    async (request) => {
      const application = await dialogueOf(request, request.params.uuid);
      await markReadByApplicant(db, application.id);
      return { data: await threadOf(db, application.id, 'applicant') };
    },
  );

  app.post(
    '/portal/applications/:uuid/messages',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Writes to the foundation: JSON { data: { body } }, or multipart with `body` and `files` (each as the application’s files: PDF, JPG, PNG, Word, Excel, OpenDocument by content, at most UPLOAD_MAX_MB)',
        description:
          'The message and its files are stored together or not at all; the application is then marked as having unread messages, and the staff concerned are notified (investigators on it, and those who manage applications and asked to hear of every one; a mail to those with a notifications address). 413 for a file too large, 422 for another type or a body empty or over 10 000 characters.',
        params,
        body: jsonOrMultipart(body({ body: Type.String(bodyText) }), {
          required: ['body'],
          properties: { body: messageBody, files: { type: 'array', items: { type: 'string', format: 'binary' } } },
        }),
        response: { 201: data(dialogueMessage) },
      },
    },
    async (request, reply) => {
      const application = await dialogueOf(request, request.params.uuid);
      const json = request.body?.data ? { body: request.body.data.body, isWelcomeMessage: false } : null;
      const event = { applicationId: application.id, kind: 'applicant_message' as const };
      const id = await storeMessage(store, request, application.id, { staffId: null }, json, (trx, message) =>
        notifyStaff(trx, { ...event, messageId: message.id }, { mailer, publicUrl: config.publicUrl }),
      );
      mailer.deliverSoon();
      const [message] = await threadOf(db, application.id, 'applicant', id);
      return reply.status(201).send({ data: message });
    },
  );
}
