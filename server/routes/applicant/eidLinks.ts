import { Type } from 'typebox';
import { applicantHistory } from '../../auth/applicantHistory.js';
import { linkedSince, unlinkEid } from '../../auth/oidc/identityLinks.js';
import { confirmRequest, declineRequest, waitingRequests } from '../../auth/oidc/linkRequests.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { body, data, type Api } from '../schemas.js';
import { accountEid, linkRequestId } from '../schemas/eidLinks.js';
import { eidNotice } from './eid.js';

/**
 * The signed-in applicant's e-ID: what is linked and since when, the e-IDs that wait for them to confirm or decline the
 * link (the portal's /e-legitimation/koppla, which the mail to the address given leads to), and removing the link (My
 * data); every link, removal and refusal is on the account's history, which is answered too.
 */
export default async function applicantEidLinkRoutes(app: Api) {
  const { db } = app;
  const tags = ['applicants'];
  const access = { access: 'applicant' } as const;
  const response = { 200: data(accountEid) };
  const params = Type.Object({ id: linkRequestId });

  const stateOf = async (frontendUserId: number) => {
    const now = app.clock.now();
    const [linked_at, requests, history] = await Promise.all([
      linkedSince(db, frontendUserId),
      waitingRequests(db, frontendUserId, now),
      applicantHistory(db, frontendUserId),
    ]);
    return { data: { provider: app.config.applicantOidc?.displayName ?? null, linked_at, requests, history } };
  };
  /** The changes need the e-ID settings: without them there is no e-ID to link, and nothing to name in the mail. */
  const configured = () => {
    const notice = eidNotice(app);
    if (!notice) throw notFound();
    return notice;
  };

  app.get(
    '/frontend-users/me/eid',
    {
      config: access,
      schema: {
        tags,
        summary:
          'The applicant’s e-ID: the provider, since when one is linked (null: none), the e-IDs waiting for them to confirm or decline a link, and the account’s history of links',
        response,
      },
    },
    async (request) => stateOf(request.applicant!.id),
  );

  app.post(
    '/frontend-users/me/eid/requests/:id/confirm',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Links the waiting e-ID to the applicant’s account, their informed act; mailed to them and on the account’s history. Refused (409, nothing linked) when the account has another person’s e-ID or this one is another account’s; 422 when it no longer waits',
        params,
        response,
      },
    },
    async (request) => {
      const notice = configured();
      await confirmRequest(db, notice, request.applicant!.id, request.params.id, app.clock.now());
      return stateOf(request.applicant!.id);
    },
  );

  app.post(
    '/frontend-users/me/eid/requests/:id/decline',
    {
      config: access,
      schema: {
        tags,
        summary: 'Declines the waiting e-ID: nothing is linked, and the account’s history says so; 422 when it no longer waits',
        params,
        response,
      },
    },
    async (request) => {
      const notice = configured();
      await declineRequest(db, notice, request.applicant!.id, request.params.id, app.clock.now());
      return stateOf(request.applicant!.id);
    },
  );

  app.delete(
    '/frontend-users/me/eid',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Removes the e-ID link, once confirmed: the e-ID no longer signs in to the account and its personal number is forgotten; mailed to the applicant and on the account’s history',
        body: body({ confirm: Type.Boolean({ description: 'Must be true: the applicant has confirmed the removal' }) }, ['confirm']),
        response,
      },
    },
    async (request) => {
      const notice = configured();
      if (request.body.data.confirm !== true) throw invalid({ confirm: ['errors.confirm_required'] });
      const removed = await db.transaction().execute((trx) => unlinkEid(trx, notice, request.applicant!.id, app.clock.now()));
      if (!removed) throw new AppError(422, 'errors.oidc.none_linked');
      notice.mailer.deliverSoon();
      return stateOf(request.applicant!.id);
    },
  );
}
