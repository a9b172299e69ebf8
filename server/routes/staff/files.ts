import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileOfApplicationUuid, staffApplicationOf } from '../../applicationCore/files.js';
import { recordHistory } from '../../applicationCore/history.js';
import { mayReadDialogue } from '../../applicationCore/messages.js';
import type { Db } from '../../db/connect.js';
import type { AbilityName } from '../../../resources/abilities.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { deleteFile, fileStore, storeFile } from '../../applicationCore/applicationFiles.js';
import { multipartLimits } from '../../uploads/receive.js';
import { sendStoredFile } from '../../uploads/send.js';
import { applicationFile, data, knownUuids, stringParams, type Api } from '../schemas.js';
import { holds } from '../../plugins/access.js';
import { applicationPeriod, namesApplicationInPath } from '../scopes.js';
import { manageApplication } from '../applicationAccess.js';

/**
 * Files of an application sent in, for staff: those who manage or investigate download them (a message's
 * attachment only those who may read the dialogue; a payout's receipt those who manage the application or its
 * payouts); those who manage add and remove the form's files (a paper application's scans), each change recorded in
 * the history.
 */
export default async function staffFileRoutes(app: Api) {
  const { db, config } = app;
  const { uploadMaxBytes } = config;
  // Registered here, so only these routes accept multipart bodies; the app's access and CSRF hooks run before.
  await app.register(multipart, { limits: multipartLimits(uploadMaxBytes), throwFileSizeLimit: false });
  const store = fileStore(db, app.storage, config);

  app.get(
    '/applications/:uuid/files/:fileUuid',
    {
      config: {
        access: {
          abilities: { anyOf: ['manage-applications', 'investigate-applications', 'manage-payouts', 'approve-payouts'] },
          scope: applicationPeriod,
          reaches: namesApplicationInPath,
        },
      },
      schema: {
        tags: ['applications'],
        summary: 'Downloads a file of an application (always as an attachment)',
        params: stringParams('uuid', 'fileUuid'),
      },
    },
    async (request, reply) => {
      knownUuids(request.params.uuid, request.params.fileUuid);
      const stored = await fileOfApplicationUuid(db, request.params.uuid, request.params.fileUuid);
      if (!stored) throw notFound();
      // A receipt is the payout's record: for those who manage the application or handle its payouts; every other file
      // for those who manage or investigate the application.
      const reads: AbilityName[] =
        stored.payout_id !== null
          ? ['manage-applications', 'manage-payouts', 'approve-payouts']
          : ['manage-applications', 'investigate-applications'];
      if (!reads.some((ability) => holds(request, ability))) throw forbidden();
      // A message's or the follow-up's attachment is the applicant's correspondence: read by those who manage, and by
      // investigators on the application.
      const staff = { id: request.staff!.id, manages: holds(request, 'manage-applications') };
      const correspondence = stored.message_id !== null || stored.followup;
      if (correspondence && !(await mayReadDialogue(db, stored.application_id, staff))) {
        throw new AppError(403, 'errors.not_investigator');
      }
      return sendStoredFile(reply, app.storage, stored);
    },
  );

  const history =
    (request: FastifyRequest, applicationId: number, action: 'file_added' | 'file_removed', key: 'before' | 'after') =>
    (trx: Db, row: { name: string }) =>
      recordHistory(trx, { applicationId, userId: request.staff!.id, action, [key]: { name: row.name } });

  app.post(
    '/applications/:uuid/files',
    {
      config: manageApplication,
      schema: {
        tags: ['applications'],
        summary:
          'Uploads a file to an application sent in, as the portal’s upload does (multipart `file`, optional `field_definition_id`); recorded in the history; 409 for a draft',
        params: stringParams('uuid'),
        response: { 201: data(applicationFile) },
      },
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      knownUuids(request.params.uuid);
      const application = await staffApplicationOf(db, request.params.uuid);
      const row = await storeFile(
        store,
        request,
        application,
        (trx) => staffApplicationOf(trx, request.params.uuid, true).then(() => undefined),
        history(request, application.id, 'file_added', 'after'),
      );
      return reply.status(201).send({ data: row });
    },
  );

  app.delete(
    '/applications/:uuid/files/:fileUuid',
    {
      config: manageApplication,
      schema: {
        tags: ['applications'],
        summary: 'Removes a file of an application sent in; recorded in the history; 409 for a draft',
        params: stringParams('uuid', 'fileUuid'),
      },
    },
    async (request, reply) => {
      knownUuids(request.params.uuid, request.params.fileUuid);
      const application = await staffApplicationOf(db, request.params.uuid);
      await deleteFile(
        store,
        application.id,
        request.params.fileUuid,
        (trx) => staffApplicationOf(trx, request.params.uuid, true).then(() => undefined),
        history(request, application.id, 'file_removed', 'before'),
      );
      return reply.status(204).send();
    },
  );
}
