import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { eraseApplicant, erasurePreview } from '../../dataProtection/erasure.js';
import { retentionRulesOf } from '../../dataProtection/retentionRules.js';
import { invalid } from '../../errors.js';
import { erasureDone, erasurePreview as previewSchema } from '../schemas/erasure.js';
import { body, data, id, type Api } from '../schemas.js';
import type { Reach } from '../../types.js';
import { namesApplicantsApplications, record } from '../scopes.js';

/**
 * An applicant's erasure request received some other way (a letter, a call), carried out by staff from the applicant's
 * page: by the same rules as the applicant's own deletion, and recorded in each kept application's history.
 */
export default async function erasureRoutes(app: Api) {
  const { db } = app;
  const tags = ['data protection'];
  // The preview names each application with its status and fate alone; carrying the erasure out withdraws and
  // anonymises the applications being handled, which one who stood aside from any of them leaves to a colleague.
  const access = (reaches: Reach): FastifyContextConfig => ({
    access: { abilities: 'manage-frontend-users', scope: record('frontend-users'), reaches },
    resource: 'frontend-users',
  });
  const params = Type.Object({ id });

  app.get(
    '/frontend-users/:id/erasure',
    {
      config: access('nothing'),
      schema: {
        tags,
        summary:
          'What erasing the applicant would do now (as GET /frontend-users/me/erasure tells the applicant), with statuses as staff see them',
        params,
        response: { 200: data(previewSchema) },
      },
    },
    async (request) => ({ data: await erasurePreview(db, request.params.id, await retentionRulesOf(db), false) }),
  );

  app.post(
    '/frontend-users/:id/erase',
    {
      config: access(namesApplicantsApplications),
      schema: {
        tags,
        summary:
          'Carries out the applicant’s erasure request, once confirmed: their drafts go and their applications sent in but not approved are anonymised at once, and their account goes too unless approved applications are kept; then it is closed until those are anonymised',
        params,
        body: body({ confirm: Type.Boolean({ description: 'Must be true: staff have read what will happen' }) }, ['confirm']),
        response: { 200: data(erasureDone) },
      },
    },
    async (request) => {
      if (request.body.data.confirm !== true) throw invalid({ confirm: ['errors.confirm_required'] });
      return { data: await eraseApplicant(db, app.storage, request.params.id, app.clock.now(), request.staff!.id) };
    },
  );
}
