import { Type } from 'typebox';
import { shownIn } from '../../../resources/contentLanguage.js';
import { enums } from '../../../resources/enums.js';
import { categoriesIn } from '../../applicationCore/applicationForm.js';
import { ownApplications } from '../../applicationCore/ownApplications.js';
import { shownToApplicant } from '../../applicationCore/told.js';
import { faqsInOrder } from '../../faqs.js';
import { stockholmDay } from '../../clock.js';
import { openPeriods } from '../../periods.js';
import { data, type Api } from '../schemas.js';
import { shownCategory } from '../schemas/applicationForm.js';
import { faq } from '../schemas/faqs.js';
import { openPeriod, ownApplication } from '../schemas/portal.js';

const { approved } = enums.application_status;

/**
 * What signed-in applicants read in the portal: their applications, the FAQs and the open periods; what staff wrote in
 * the reader's language where it has it, each answer naming what is not (`untranslated`).
 */
export default async function portalRoutes(app: Api) {
  const { db } = app;
  const tags = ['portal'];

  app.get(
    '/portal/applications',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary:
          'The applicant’s own applications and those of the organisations they are a member of, newest first: a decision once released to them (else under investigation), with status cloaking',
        response: { 200: data(Type.Array(ownApplication)) },
      },
    },
    async (request) => {
      const rows = await ownApplications(db, request.applicant!.id, stockholmDay(app.clock.now()));
      return {
        data: rows.map((row) => {
          // A decision only once released to the applicant, then status cloaking.
          const { status, approved_money } = shownToApplicant(row, row);
          const { application_type, untranslated } = shownIn(request.locale, row, ['application_type']);
          const period = shownIn(request.locale, { name: row.period_name, name_en: row.period_name_en }, ['name']);
          return {
            id: row.id,
            uuid: row.uuid,
            reference: row.reference,
            status,
            money: row.money,
            approved_money,
            sent_in_at: row.sent_in_at,
            updated_at: row.updated_at,
            period: { id: row.period_id, open: row.period_open, ...period },
            application_type,
            untranslated,
            unread_messages: row.unread_messages ?? 0,
            // A follow-up is asked of an approved application only; shown once its decision is.
            followup_at: status === approved ? row.followup_at : null,
            followup_sent_in_at: status === approved ? row.followup_sent_in_at : null,
            organisation: row.organisation_id === null ? null : { id: row.organisation_id, name: row.organisation_name ?? '' },
          };
        }),
      };
    },
  );

  // Anyone may read the FAQ: the footer links to it from every page, before registering too.
  app.get(
    '/portal/faqs',
    {
      config: { access: 'anonymous' },
      schema: { tags, summary: 'The FAQs in their order, for anyone', response: { 200: data(Type.Array(faq)) } },
    },
    async (request) => ({
      data: await faqsInOrder(db, request.locale),
    }),
  );

  app.get(
    '/portal/categories',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary:
          'The categories an application can name (target groups, purposes, geographic areas, focus areas), by type and label as read',
        response: { 200: data(Type.Array(shownCategory)) },
      },
    },
    async (request) => ({ data: await categoriesIn(db, request.locale) }),
  );

  app.get(
    '/portal/periods',
    {
      config: { access: 'applicant' },
      schema: {
        tags,
        summary: 'Open periods (not closed, today in Stockholm between start and end) with their application types and contacts',
        response: { 200: data(Type.Array(openPeriod)) },
      },
    },
    async (request) => ({ data: await openPeriods(db, stockholmDay(app.clock.now()), request.locale) }),
  );
}
