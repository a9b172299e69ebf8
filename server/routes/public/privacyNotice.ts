import { privacyNoticeFor } from '../../dataProtection/privacyNotice.js';
import { retentionRulesOf } from '../../dataProtection/retentionRules.js';
import { data, type Api } from '../schemas.js';
import { privacyNotice } from '../schemas/dataProtection.js';

/** The privacy notice, for anyone: /register and every page's footer link to it, so it is read before registering. */
export default async function privacyNoticeRoutes(app: Api) {
  app.get(
    '/privacy-notice',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['data protection'],
        summary: 'The privacy notice in the caller’s language, with the retention rules in force written in',
        response: { 200: data(privacyNotice) },
      },
    },
    async (request) => ({
      data: { locale: request.locale, body: await privacyNoticeFor(app.db, request.locale, await retentionRulesOf(app.db)) },
    }),
  );
}
