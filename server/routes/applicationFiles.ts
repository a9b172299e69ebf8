import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteFileRow, fileOf, fileOfApplicationUuid, insertFile, isMediaQuestion, lockDraft, staffApplicationOf } from '../applications/files.js';
import { recordHistory } from '../applications/history.js';
import { assertDraft, ownApplication, uuidPattern } from '../applications/own.js';
import type { Db } from '../db/connect.js';
import { invalid, notFound } from '../errors.js';
import { multipartLimits, receiveUpload } from '../uploads/receive.js';
import { sendStoredFile } from '../uploads/send.js';
import { removeFile, storedPath } from '../uploads/storage.js';
import { data } from './schemas.js';

interface Params {
  uuid: string;
  fileUuid?: string;
}

const uuid = new RegExp(uuidPattern);
const params = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });

/** A malformed uuid is unknown like any other: 404, and no database error. */
function checkUuids(...values: (string | undefined)[]) {
  if (!values.every((value) => value && uuid.test(value))) throw notFound();
}

const file = {
  type: 'object',
  properties: {
    uuid: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
    mime: { type: 'string' },
    field_definition_id: { type: ['integer', 'null'], description: 'The media question it answers; null for an attachment of step 5' },
    created_at: { type: 'string', format: 'date-time' },
  },
};

/**
 * Files of an application (SPEC.md §2): answers to the media questions of step 2 and the attachments of step 5.
 * The applicant uploads and removes them while the application is a draft; the applicant and staff download them.
 */
export default async function applicationFileRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const { dataDir, uploadMaxBytes } = config;
  // Registered here, so only these routes accept multipart bodies; the app's access and CSRF hooks run before.
  await app.register(multipart, { limits: multipartLimits(uploadMaxBytes), throwFileSizeLimit: false });

  /** The question id the form names, which must be a media question of the application's own type. */
  async function mediaQuestion(raw: string | undefined, applicationTypeId: number | null): Promise<number | null> {
    if (raw === undefined || raw === '') return null;
    const refused = () => invalid({ field_definition_id: ['errors.file_question_invalid'] }, 'errors.file_question_invalid');
    if (!/^\d{1,9}$/.test(raw) || applicationTypeId === null || !(await isMediaQuestion(db, Number(raw), applicationTypeId))) throw refused();
    return Number(raw);
  }

  /**
   * Receives the upload, moves it into place and records it in one transaction, after `guard` (which locks and checks
   * the application) and before `after` (the history); on any failure nothing stays on disk.
   */
  async function storeFile(
    request: FastifyRequest,
    application: { id: number; application_type_id: number | null },
    guard: (trx: Db) => Promise<void>,
    after?: (trx: Db, row: { uuid: string; name: string }) => Promise<unknown>,
  ) {
    const upload = await receiveUpload(request, { dataDir, maxBytes: uploadMaxBytes, fields: ['field_definition_id'] });
    const fileUuid = randomUUID();
    const target = storedPath(dataDir, fileUuid);
    try {
      const fieldDefinitionId = await mediaQuestion(upload.fields.field_definition_id, application.application_type_id);
      await rename(upload.tempPath, target);
      return await db.transaction().execute(async (trx) => {
        await guard(trx);
        const row = await insertFile(trx, { uuid: fileUuid, application_id: application.id, field_definition_id: fieldDefinitionId, name: upload.name, mime: upload.mime, size: upload.size });
        await after?.(trx, row);
        return row;
      });
    } catch (error) {
      await removeFile(upload.tempPath);
      await removeFile(target);
      throw error;
    }
  }

  /** Removes a file of the application in one transaction with `guard` and `after`, then its stored copy. */
  async function deleteFile(applicationId: number, fileUuid: string, guard: (trx: Db) => Promise<void>, after?: (trx: Db, row: { uuid: string; name: string }) => Promise<unknown>) {
    const removed = await db.transaction().execute(async (trx) => {
      await guard(trx);
      const row = await deleteFileRow(trx, applicationId, fileUuid);
      if (row) await after?.(trx, row);
      return row;
    });
    if (!removed) throw notFound();
    await removeFile(storedPath(dataDir, removed.uuid));
  }

  app.post<{ Params: Params }>(
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
                  field_definition_id: { type: 'integer', description: 'A media question of the application’s type; none for an attachment' },
                },
              },
            },
          },
        },
        params: params('uuid'),
        response: { 201: data(file) },
      },
      // The body is read as a stream by the handler, which checks every part itself; the schema above documents it.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      checkUuids(request.params.uuid);
      // Ownership and draft first, so nothing is stored for a call that is refused anyway.
      const application = await ownApplication(db, request, request.params.uuid);
      assertDraft(application);
      const row = await storeFile(request, application, (trx) => lockDraft(trx, application.id));
      return reply.status(201).send({ data: row });
    },
  );

  app.delete<{ Params: Params }>(
    '/portal/applications/:uuid/files/:fileUuid',
    { config: { access: 'applicant' }, schema: { tags: ['portal'], summary: 'Removes a file from the applicant’s draft (409 when no longer a draft)', params: params('uuid', 'fileUuid') } },
    async (request, reply) => {
      checkUuids(request.params.uuid, request.params.fileUuid);
      const application = await ownApplication(db, request, request.params.uuid);
      assertDraft(application);
      await deleteFile(application.id, request.params.fileUuid!, (trx) => lockDraft(trx, application.id));
      return reply.status(204).send();
    },
  );

  app.get<{ Params: Params }>(
    '/portal/applications/:uuid/files/:fileUuid',
    { config: { access: 'applicant' }, schema: { tags: ['portal'], summary: 'Downloads a file of the applicant’s own application (always as an attachment)', params: params('uuid', 'fileUuid') } },
    async (request, reply) => {
      checkUuids(request.params.uuid, request.params.fileUuid);
      const application = await ownApplication(db, request, request.params.uuid);
      const stored = await fileOf(db, application.id, request.params.fileUuid!);
      if (!stored) throw notFound();
      return sendStoredFile(reply, dataDir, stored);
    },
  );

  app.get<{ Params: Params }>(
    '/applications/:uuid/files/:fileUuid',
    {
      config: { access: { abilities: { anyOf: ['manage-applications', 'investigate-applications'] } } },
      schema: { tags: ['applications'], summary: 'Downloads a file of an application (always as an attachment)', params: params('uuid', 'fileUuid') },
    },
    async (request, reply) => {
      checkUuids(request.params.uuid, request.params.fileUuid);
      const stored = await fileOfApplicationUuid(db, request.params.uuid, request.params.fileUuid!);
      if (!stored) throw notFound();
      return sendStoredFile(reply, dataDir, stored);
    },
  );

  const manage = { access: { abilities: 'manage-applications' as const }, resource: 'applications' };
  const history = (request: FastifyRequest, applicationId: number, action: string, key: 'before' | 'after') => (trx: Db, row: { name: string }) =>
    recordHistory(trx, { applicationId, userId: request.staff!.id, action, [key]: { name: row.name } });

  app.post<{ Params: Params }>(
    '/applications/:uuid/files',
    {
      config: manage,
      schema: {
        tags: ['applications'],
        summary: 'Uploads a file to an application sent in, as the portal’s upload does (multipart `file`, optional `field_definition_id`); recorded in the history; 409 for a draft',
        params: params('uuid'),
        response: { 201: data(file) },
      },
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      checkUuids(request.params.uuid);
      const application = await staffApplicationOf(db, request.params.uuid);
      const row = await storeFile(request, application, (trx) => staffApplicationOf(trx, request.params.uuid, true).then(() => undefined), history(request, application.id, 'file_added', 'after'));
      return reply.status(201).send({ data: row });
    },
  );

  app.delete<{ Params: Params }>(
    '/applications/:uuid/files/:fileUuid',
    { config: manage, schema: { tags: ['applications'], summary: 'Removes a file of an application sent in; recorded in the history; 409 for a draft', params: params('uuid', 'fileUuid') } },
    async (request, reply) => {
      checkUuids(request.params.uuid, request.params.fileUuid);
      const application = await staffApplicationOf(db, request.params.uuid);
      await deleteFile(application.id, request.params.fileUuid!, (trx) => staffApplicationOf(trx, request.params.uuid, true).then(() => undefined), history(request, application.id, 'file_removed', 'before'));
      return reply.status(204).send();
    },
  );
}
