import { fileStore } from '../../applicationCore/applicationFiles.js';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertFollowupOpen, followupOf, saveFollowupAnswers, submitFollowup } from '../../applications/followups.js';
import { ownApplication } from '../../applicationCore/ownApplications.js';
import { deleteFollowupFile, storeFollowupFile } from '../../applications/followupFiles.js';
import { multipartLimits } from '../../uploads/receive.js';
import { body, data, followup, followupFile, knownUuids, Nullable, stringParams, type Api } from '../schemas.js';

const answers = {
  according_to_plan: Nullable(Type.Boolean({ description: 'Whether the project went according to plan' })),
  according_to_plan_comment: Nullable(Type.String({ description: 'At most 2 000 characters once trimmed; empty is null' })),
  participants: Nullable(Type.Integer({ description: 'A whole number from 0 to 1 000 000' })),
  events: Nullable(Type.Integer({ description: 'Events held: a whole number from 0 to 1 000 000' })),
  marketing: Nullable(Type.String({ description: 'How the foundation was marketed: at most 5 000 characters once trimmed' })),
};

/**
 * The applicant's follow-up report of one of their own approved applications: read, saved as typed,
 * attachments added and removed, and sent in once, after which it is locked (409). Another applicant's application,
 * an unknown one, or one with no follow-up requested is a 404. Attachments download through the application's file
 * route.
 */
export default async function applicantFollowupRoutes(app: Api) {
  const { db, config, mailer } = app;
  const { uploadMaxBytes } = config;
  // Registered here, so only these routes accept multipart bodies; the app's access and CSRF hooks run before.
  await app.register(multipart, { limits: multipartLimits(uploadMaxBytes), throwFileSizeLimit: false });
  const store = fileStore(db, app.storage, config);
  const tags = ['portal'];
  const access = { access: 'applicant' as const };
  const params = stringParams('uuid');
  const answer = { 200: data(followup) };

  /** The id of the applicant's own application (404 otherwise). */
  async function ownId(request: FastifyRequest, uuid: string) {
    knownUuids(uuid);
    return (await ownApplication(db, request, uuid)).id;
  }

  app.get(
    '/portal/applications/:uuid/followup',
    {
      config: access,
      schema: {
        tags,
        summary: 'The follow-up report of one of the applicant’s applications (404 when none is requested)',
        params,
        response: answer,
      },
    },
    async (request) => ({ data: await followupOf(db, await ownId(request, request.params.uuid), uploadMaxBytes, request.locale) }),
  );

  app.put(
    '/portal/applications/:uuid/followup',
    {
      config: access,
      schema: {
        tags,
        summary: 'Saves the follow-up’s answers as the applicant types: any of them, null clearing one',
        description: 'Texts are trimmed (empty is null). 422 naming each bad answer, nothing saved; 409 once sent in.',
        params,
        body: body(answers, []),
        response: answer,
      },
    },
    async (request) => {
      const id = await ownId(request, request.params.uuid);
      await saveFollowupAnswers(db, id, request.body.data, app.clock.now());
      return { data: await followupOf(db, id, uploadMaxBytes, request.locale) };
    },
  );

  app.post(
    '/portal/applications/:uuid/followup/submit',
    {
      config: access,
      schema: {
        tags,
        summary: 'Sends the follow-up in: whether it went according to plan, participants, events and marketing are required',
        description:
          '422 naming each missing answer, nothing changed; 409 once sent in (also for the second of two at once). Staff who follow the application are notified.',
        params,
        response: answer,
      },
    },
    async (request) => {
      const id = await ownId(request, request.params.uuid);
      await submitFollowup(db, { mailer, publicUrl: config.publicUrl }, id, request.applicant!.id, app.clock.now());
      mailer.deliverSoon();
      return { data: await followupOf(db, id, uploadMaxBytes, request.locale) };
    },
  );

  app.post(
    '/portal/applications/:uuid/followup/files',
    {
      config: access,
      schema: {
        tags,
        summary: 'Attaches a file to the follow-up: multipart with `file`',
        description:
          'PDF, JPG, PNG, Word (.docx), Excel (.xlsx) or OpenDocument (.odt, .ods), recognised by the file’s content; at most UPLOAD_MAX_MB. 413 when too large, 422 for another type, 409 once sent in.',
        body: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
            },
          },
        },
        params,
        response: { 201: data(followupFile) },
      },
      // The body is read as a stream by the handler, which checks every part itself; the schema above documents it.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const id = await ownId(request, request.params.uuid);
      // Before anything is received: a follow-up not requested or already sent in stores nothing.
      await assertFollowupOpen(db, id);
      return reply.status(201).send({ data: await storeFollowupFile(store, request, id) });
    },
  );

  app.delete(
    '/portal/applications/:uuid/followup/files/:fileUuid',
    {
      config: access,
      schema: { tags, summary: 'Removes an attachment of the follow-up (409 once sent in)', params: stringParams('uuid', 'fileUuid') },
    },
    async (request, reply) => {
      knownUuids(request.params.fileUuid);
      const id = await ownId(request, request.params.uuid);
      await deleteFollowupFile(store, id, request.params.fileUuid);
      return reply.status(204).send();
    },
  );
}
