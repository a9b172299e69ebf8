import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { isId } from '../../../resources/columnRanges.js';
import { RECEIPTS_PER_PAYOUT } from '../../../resources/payoutReceipts.js';
import { fileStore } from '../../applicationCore/applicationFiles.js';
import { ownApplication } from '../../applicationCore/ownApplications.js';
import { assertReceiptWelcome, deleteReceipt, storeReceipt } from '../../payouts/receipts.js';
import { notFound } from '../../errors.js';
import { multipartLimits } from '../../uploads/receive.js';
import { data, knownUuids, stringParams, type Api } from '../schemas.js';
import { uploadedReceipt } from '../schemas/grants.js';

/**
 * The receipts the applicant attaches to one of their payout requests: added while it is requested or prepared,
 * removed while it is requested (409 after), listed in the grant's view and downloaded through the application's file
 * route. Another applicant's application or payout, or an unknown one, is a 404.
 */
export default async function applicantPayoutReceiptRoutes(app: Api) {
  const { db, config } = app;
  // Registered here, so only these routes accept multipart bodies; the app's access and CSRF hooks run before.
  await app.register(multipart, { limits: multipartLimits(config.uploadMaxBytes), throwFileSizeLimit: false });
  const store = fileStore(db, app.storage, config);
  const tags = ['portal'];
  const access = { access: 'applicant' as const };

  /** A payout's id from the path; anything else names no payout (404), as a malformed uuid names no file. */
  function knownId(value: string) {
    const number = Number(value);
    if (!/^\d{1,10}$/.test(value) || !isId(number)) throw notFound();
    return number;
  }

  /** The id of the applicant's own application (404 otherwise). */
  async function ownId(request: FastifyRequest, uuid: string) {
    knownUuids(uuid);
    return (await ownApplication(db, request, uuid)).id;
  }

  app.post(
    '/portal/applications/:uuid/payouts/:id/receipts',
    {
      config: access,
      schema: {
        tags,
        summary: 'Attaches a receipt to one of the applicant’s payout requests: multipart with `file`',
        description: `PDF, JPG, PNG, Word (.docx), Excel (.xlsx) or OpenDocument (.odt, .ods), recognised by the file’s content; at most UPLOAD_MAX_MB, ${RECEIPTS_PER_PAYOUT} per payout, within the application’s caps. 413 when too large, 422 for another type or too many, 409 once the payout is approved or rejected.`,
        body: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
            },
          },
        },
        params: stringParams('uuid', 'id'),
        response: { 201: data(uploadedReceipt) },
      },
      // The body is read as a stream by the handler, which checks every part itself; the schema above documents it.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const payoutId = knownId(request.params.id);
      const applicationId = await ownId(request, request.params.uuid);
      // Before anything is received: a payout past its checking, or one full of receipts, stores nothing.
      await assertReceiptWelcome(db, applicationId, payoutId);
      return reply.status(201).send({ data: await storeReceipt(store, request, applicationId, payoutId) });
    },
  );

  app.delete(
    '/portal/applications/:uuid/payouts/:id/receipts/:fileUuid',
    {
      config: access,
      schema: {
        tags,
        summary: 'Removes a receipt of one of the applicant’s payout requests (409 once staff have checked it)',
        params: stringParams('uuid', 'id', 'fileUuid'),
      },
    },
    async (request, reply) => {
      knownUuids(request.params.fileUuid);
      const payoutId = knownId(request.params.id);
      const applicationId = await ownId(request, request.params.uuid);
      await deleteReceipt(store, applicationId, payoutId, request.params.fileUuid);
      return reply.status(204).send();
    },
  );
}
