import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { loadViewer } from '../../auth/sessions.js';
import { holds } from '../../plugins/access.js';
import { periodIdByUuid } from '../../periods.js';
import { putReviewersOn, putReviewersOnPeriod, reviewersFor, reviewersOf } from '../../reviews/reviewers.js';
import { reviewsView } from '../../reviews/view.js';
import { writeOwnReview } from '../../reviews/writeReview.js';
import { manageApplication, manageApplicationsOfPeriod } from '../applicationAccess.js';
import { body, data, uuid, type Api } from '../schemas.js';
import { ownReview, periodReviewers, reviewer, reviewerIds, reviewsView as reviewsViewSchema } from '../schemas/reviews.js';
import { applicationPeriod, declaresOnApplicationInPath } from '../scopes.js';

const uuidParams = Type.Object({ uuid });

/**
 * Reviews: managers put reviewers on an application or on a period's undecided applications; each reviewer declares
 * whether they have a conflict of interest with the applicant and, without one, scores the type's criteria. These two
 * routes of the reviewer stay open before the declaration, which every other route of the application waits for, and
 * to one who stood aside, who reads their own declaration (scopes.ts, `declaresOnApplicationInPath`).
 */
export default async function reviewRoutes(app: Api) {
  const { db } = app;
  const tags = ['reviews'];
  const declaring = { scope: applicationPeriod, reaches: declaresOnApplicationInPath };
  const read: FastifyContextConfig = {
    access: { abilities: { anyOf: ['investigate-applications', 'manage-applications'] }, ...declaring },
    resource: 'applications',
  };
  const write: FastifyContextConfig = { access: { abilities: 'investigate-applications', ...declaring }, resource: 'applications' };

  app.post(
    '/applications/:uuid/reviewers',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'Put reviewers on an application: each an active staff user who may investigate its period (else 422 on user_ids, nothing changed); one already on it is left as it is. Answers every reviewer',
        params: uuidParams,
        body: body({ user_ids: reviewerIds }),
        response: { 200: data(Type.Array(reviewer)) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const users = await reviewersFor(db, request.body.data.user_ids, application.period_id);
      await putReviewersOn(db, [application.id], users, request.staff!.id);
      return { data: await reviewersOf(db, application.id) };
    },
  );

  app.post(
    '/periods/:uuid/reviewers',
    {
      config: manageApplicationsOfPeriod,
      schema: {
        tags,
        summary:
          'Put reviewers on every application of the period sent in and not yet decided, in one transaction (422 on user_ids as for one application); those the caller stood aside from are left for a colleague (counted in stood_aside), and no reviewer is put on one they stood aside from',
        params: uuidParams,
        body: body({ user_ids: reviewerIds }),
        response: { 200: data(periodReviewers) },
      },
    },
    async (request) => {
      const periodId = await periodIdByUuid(db, request.params.uuid);
      const users = await reviewersFor(db, request.body.data.user_ids, periodId);
      return { data: await putReviewersOnPeriod(db, periodId, users, request.staff!.id, request.viewer) };
    },
  );

  app.get(
    '/applications/:uuid/reviews',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The reviews of an application: its criteria in the caller’s language, the applicant, the caller’s own review, and the others’ with the summary once the caller has sent theirs in (or manages applications); not for one who stood aside. 403 errors.not_a_reviewer for an investigator not on it',
        params: uuidParams,
        response: { 200: data(reviewsViewSchema) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const caller = { viewer: request.viewer, manages: holds(request, 'manage-applications') };
      return { data: await reviewsView(db, application.id, caller, request.locale) };
    },
  );

  app.put(
    '/applications/:uuid/reviews/mine',
    {
      config: write,
      schema: {
        tags,
        summary:
          'The caller’s declaration and review. conflict_of_interest true stands aside for good (nothing else may come with it; earlier scores go); false alone declares; false with scores (every criterion, 1..scale_max, else 422 on scores.<id>), comment, amount and status sends the review in. Answers the reviews as GET does',
        params: uuidParams,
        body: body(ownReview, ['conflict_of_interest']),
        response: { 200: data(reviewsViewSchema) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      const me = request.staff!.id;
      await writeOwnReview(db, application.id, me, request.body.data, request.locale);
      // Where the caller stands now: a review sent in opens the others', a conflict declared closes the application.
      const caller = { viewer: await loadViewer(db, me), manages: holds(request, 'manage-applications') };
      return { data: await reviewsView(db, application.id, caller, request.locale) };
    },
  );
}
