import { Type } from 'typebox';
import { applicationByUuid } from '../../applicationCore/staffReach.js';
import { checkSignal } from '../../signals/checkSignal.js';
import { signalsOf } from '../../signals/readSignals.js';
import { body, data, id, uuid, type Api } from '../schemas.js';
import { signal } from '../schemas/signals.js';
import { manageApplication } from '../applicationAccess.js';

const tags = ['signals'];
const reason = Type.String({ maxLength: 2000, description: 'Why it needs no more: kept in the application’s history' });

/**
 * Signals of duplicates and fraud on one application (server/signals/): what matched, linking only the applications
 * the caller may read too, and a signal marked checked with a reason. They refuse nothing; the list's `signals`
 * filter finds the applications with unchecked ones.
 */
export default async function signalRoutes(app: Api) {
  const { db } = app;

  app.get(
    '/applications/:uuid/signals',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'The application’s signals, newest first: what matched and the applications it matched, named and linked only where the caller may read them too (else counted as withheld)',
        params: Type.Object({ uuid }),
        response: { 200: data(Type.Array(signal)) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      return { data: await signalsOf(db, application.id, { periods: request.scope, viewer: request.viewer }) };
    },
  );

  app.post(
    '/applications/:uuid/signals/:signal_id/check',
    {
      config: manageApplication,
      schema: {
        tags,
        summary:
          'Marks a signal checked with the reason (422 beside reason when empty; 409 once checked): in the application’s history, and no longer among its unchecked signals; answers its signals',
        params: Type.Object({ uuid, signal_id: id }),
        body: body({ reason }),
        response: { 200: data(Type.Array(signal)) },
      },
    },
    async (request) => {
      const application = await applicationByUuid(db, request.params.uuid);
      await checkSignal(db, application.id, request.params.signal_id, request.staff!.id, request.body.data.reason, app.clock.now());
      return { data: await signalsOf(db, application.id, { periods: request.scope, viewer: request.viewer }) };
    },
  );
}
