import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileOf, lockDraft } from '../../applicationCore/files.js';
import { assertDraft, ownApplication } from '../../applicationCore/ownApplications.js';
import { notFound } from '../../errors.js';
import { deleteFile, fileStore, storeFile } from '../../applicationCore/applicationFiles.js';
import { multipartLimits } from '../../uploads/receive.js';
import { sendStoredFile } from '../../uploads/send.js';
import { applicationFile, data, knownUuids, stringParams, type Api } from '../schemas.js';

/**
 * Files of the applicant's own application: answers to the media questions of step 2 and the attachments
 * of step 5. The applicant uploads and removes them while the application is a draft, and downloads them.
 */
export default async function applicantFileRoutes(app: Api) {
  const { db, config } = app;
  const { uploadMaxBytes } = config;
  // Registered here, so only these routes accept multipart bodies; the app's access and CSRF hooks run before.
  await app.register(multipart, { limits: multipartLimits(uploadMaxBytes), throwFileSizeLimit: false });

  const store = fileStore(db, app.storage, config);

  app.post(
    '/portal/applications/:uuid/files',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['portal'],
        summary: 'Uploads a file to the applicant’s draft: multipart with `file` and optionally `field_definition_id` (a media question)',
        description: `PDF, JPG, PNG, Word (.docx), Excel (.xlsx) or OpenDocument (.odt, .ods), recognised by the file’s content; at most UPLOAD_MAX_MB. 413 when too large, 422 for another type, 409 when no longer a draft.`,
        body: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  field_definition_id: {
                    type: 'integer',
                    description: 'A media question of the application’s type; none for an attachment',
                  },
                },
              },
            },
          },
        },
        params: stringParams('uuid'),
        response: { 201: data(applicationFile) },
      },
      // The body is read as a stream by the handler, which checks every part itself; the schema above documents it.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      knownUuids(request.params.uuid);
      // Ownership and draft first, so nothing is stored for a call that is refused anyway.
      const application = await ownApplication(db, request, request.params.uuid);
      assertDraft(application);
      const row = await storeFile(store, request, application, (trx) => lockDraft(trx, application.id));
      return reply.status(201).send({ data: row });
    },
  );

  /** A route on one file of the applicant's own application. */
  const oneFile = (summary: string) => ({
    config: { access: 'applicant' as const },
    schema: { tags: ['portal'], summary, params: stringParams('uuid', 'fileUuid') },
  });
  /** The applicant's own application the path names; a malformed uuid is unknown like any other (404). */
  const ownFileApplication = (request: FastifyRequest, params: { uuid: string; fileUuid: string }) => {
    knownUuids(params.uuid, params.fileUuid);
    return ownApplication(db, request, params.uuid);
  };

  app.delete(
    '/portal/applications/:uuid/files/:fileUuid',
    oneFile('Removes a file from the applicant’s draft (409 when no longer a draft)'),
    async (request, reply) => {
      const application = await ownFileApplication(request, request.params);
      assertDraft(application);
      await deleteFile(store, application.id, request.params.fileUuid, (trx) => lockDraft(trx, application.id));
      return reply.status(204).send();
    },
  );

  app.get(
    '/portal/applications/:uuid/files/:fileUuid',
    oneFile('Downloads a file of the applicant’s own application (always as an attachment)'),
    async (request, reply) => {
      const application = await ownFileApplication(request, request.params);
      const stored = await fileOf(db, application.id, request.params.fileUuid);
      if (!stored) throw notFound();
      return sendStoredFile(reply, app.storage, stored);
    },
  );
}
