import { Type } from 'typebox';
import { deleteSession, sessionCookie } from '../../auth/sessions.js';
import { exportFileName, latestExport, requestBuiltExport, storedBytesOf, zipOfApplicant } from '../../dataProtection/dataExport.js';
import { eraseApplicant, erasurePreview } from '../../dataProtection/erasure.js';
import { retentionRulesOf } from '../../dataProtection/retentionRules.js';
import { invalid } from '../../errors.js';
import { attachmentHeader } from '../../uploads/fileName.js';
import { sendStoredFile } from '../../uploads/send.js';
import { body, data, type Api } from '../schemas.js';
import { dataExportBuilding } from '../schemas/dataProtection.js';
import { erasureDone, erasurePreview as previewSchema } from '../schemas/erasure.js';

/**
 * The applicant's own data (GDPR): what deleting the account would do, a download of everything kept about them, and
 * the deletion itself, which ends the session.
 */
export default async function myDataRoutes(app: Api) {
  const { db, config } = app;
  const tags = ['applicants'];
  const access = { access: 'applicant' } as const;

  app.get(
    '/frontend-users/me/erasure',
    {
      config: access,
      schema: {
        tags,
        summary:
          'What deleting the account would do now: the drafts never sent in that go at once, the applications sent in and not approved that are anonymised at once (withdrawn first while being handled), and the approved ones the foundation keeps for its bookkeeping, each with the first day the retention rules anonymise it',
        response: { 200: data(previewSchema) },
      },
    },
    async (request) => ({ data: await erasurePreview(db, request.applicant!.id, await retentionRulesOf(db), true, request.locale) }),
  );

  app.get(
    '/frontend-users/me/export',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Everything the foundation keeps about the applicant as one ZIP (data.json and their files), streamed; or 202 when it is large: it is then built in the background and mailed when ready, and this call answers it for 7 days',
        produces: ['application/zip', 'application/json'],
        response: {
          200: Type.Unsafe<NodeJS.ReadableStream>({ type: 'string', format: 'binary', description: 'The ZIP' }),
          202: data(dataExportBuilding),
        },
      },
    },
    async (request, reply) => {
      const applicantId = request.applicant!.id;
      const now = app.clock.now();
      const earlier = await latestExport(db, applicantId, now);
      if (earlier?.ready_at)
        return sendStoredFile(reply, app.storage, {
          uuid: earlier.uuid,
          name: exportFileName(earlier.ready_at, request.locale),
          mime: 'application/zip',
        });
      if (earlier) return reply.status(202).send({ data: { status: 'building' as const, requested_at: earlier.requested_at } });
      if ((await storedBytesOf(db, applicantId)) > config.dataExportDirectBytes) {
        await requestBuiltExport(db, app.jobs, applicantId, now);
        app.jobs.wake('data-export');
        return reply.status(202).send({ data: { status: 'building' as const, requested_at: now } });
      }
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentHeader(exportFileName(now, request.locale)))
        .header('Cache-Control', 'private, no-store')
        .send(await zipOfApplicant(db, app.storage, applicantId, now));
    },
  );

  app.delete(
    '/frontend-users/me',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Deletes the account at its applicant’s request, once confirmed: drafts never sent in go at once, applications sent in and not approved are anonymised at once, and the account goes too unless approved applications are kept; then it is closed until the retention rules anonymise those. The session ends.',
        body: body({ confirm: Type.Boolean({ description: 'Must be true: the applicant has read what will happen' }) }, ['confirm']),
        response: { 200: data(erasureDone) },
      },
    },
    async (request, reply) => {
      if (request.body.data.confirm !== true) throw invalid({ confirm: ['errors.confirm_required'] });
      const done = await eraseApplicant(db, app.storage, request.applicant!.id, app.clock.now(), null);
      const token = request.cookies[sessionCookie.applicant];
      if (token) await deleteSession(db, token);
      reply.clearCookie(sessionCookie.applicant, { path: '/' });
      return { data: done };
    },
  );
}
