import { applicationPdf } from '../../applications/applicationPdf.js';
import { recordView } from '../../applicationCore/history.js';
import { staffApplication } from '../../applications/staffView.js';
import { attachmentHeader } from '../../uploads/fileName.js';
import { knownUuids, stringParams, type Api } from '../schemas.js';
import { manageOrInvestigateApplication } from '../applicationAccess.js';

/** One application as a PDF, for the archive and for those who read on paper: who may read the application may print it. */
export default async function applicationPdfRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/applications/:uuid/pdf',
    {
      config: manageOrInvestigateApplication,
      schema: {
        tags: ['applications'],
        summary:
          'The whole application as a PDF (an attachment) in the language of Accept-Language: reference, applicant, period, type and status, every answer step by step in the form’s order, and the files’ names and sizes. Recorded in its history as viewed, as GET /applications/{uuid} is',
        params: stringParams('uuid'),
      },
    },
    async (request, reply) => {
      knownUuids(request.params.uuid);
      const application = await staffApplication(db, request.params.uuid);
      const now = app.clock.now();
      await recordView(db, application.id, request.staff!.id, now);
      const pdf = await applicationPdf(application, { t: request.t, locale: request.locale, foundation: app.config.productName, now });
      const filename = request.t('app.applications.pdf.filename', { reference: application.reference ?? application.uuid });
      return reply.type('application/pdf').header('Content-Disposition', attachmentHeader(filename)).send(pdf);
    },
  );
}
