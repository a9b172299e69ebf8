import type { FastifyInstance } from 'fastify';
import { storePasswordLink, type LinkRecipient } from '../auth/passwordLinks.js';
import { deleteStaffSessions } from '../auth/sessions.js';
import type { Db } from '../db/connect.js';
import type { ResourceName, SingletonName } from '../../resources/index.js';
import { recordPayoutAbilityChanges } from '../payouts/payoutAbilities.js';
import { paymentSettingsBeforeWrite, presentPaymentSettings } from '../payouts/paymentSettings.js';
import { refreshReviewFiguresOfTypes } from '../reviews/figures.js';
import type { AnyDb, Row } from './repository.js';
import type { SingletonHooks } from './singletons.js';

/** What happens after a write that a declaration cannot say: one entry per resource that needs it. */
export interface ResourceHooks {
  /**
   * Runs in the create's transaction, so what it writes (a mail) is kept with the record or not at all; `actorId` is
   * the staff user who created it (null: no one signed in, as a test's own instance).
   */
  afterCreate?: (app: FastifyInstance, trx: AnyDb, record: Row, actorId: number | null) => Promise<void>;
  /** Runs once the creates' transaction has committed: the work it stored can start (a mail be delivered). */
  afterCreateCommitted?: (app: FastifyInstance) => void;
  /** `before` is the record as it was, where the write read it (an edit; an import's update does not). */
  afterUpdate?: (app: FastifyInstance, record: Row, before: Row | undefined, actorId: number | null) => Promise<void>;
  /** Runs once the record is deleted (what referred to it by a cascading key is gone with it). */
  afterDelete?: (app: FastifyInstance, record: Row) => Promise<void>;
}

/** The review figures of a criterion's application type: its weight and scale are in every score (server/reviews/). */
const refreshCriterionType = (db: Db, ...records: (Row | undefined)[]) =>
  refreshReviewFiguresOfTypes(
    db,
    records.map((r) => r?.application_type_id as number | undefined),
  );

export const resourceHooks: Partial<Record<ResourceName, ResourceHooks>> = {
  users: {
    // A new staff user chooses a password through an e-mailed link; nobody else ever sees it.
    async afterCreate(app, trx, user, actorId) {
      // The record the users resource just wrote: a row of users, which has every column a link recipient needs. The
      // engine's transaction is untyped; the link and the mail are written to the typed tables of schema.ts.
      await storePasswordLink(trx as Db, app.mailer, user as Row & LinkRecipient, {
        publicUrl: app.config.publicUrl,
        minutes: app.config.loginLinkDays * 24 * 60,
        template: 'staff_welcome',
      });
      // Who made the account, and the payout abilities it was given, told to every other administrator.
      await (trx as Db).updateTable('users').set({ created_by: actorId }).where('id', '=', user.id).execute();
      await recordPayoutAbilityChanges(trx as Db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, user.id, actorId);
    },
    afterCreateCommitted: (app) => app.mailer.deliverSoon(),
    async afterUpdate(app, user, _before, actorId) {
      // A disabled user loses the sessions they have open.
      if (user.active === false) await deleteStaffSessions(app.db, user.id);
      // A payout ability given or taken (by the role, a period's ability, or the account's deactivation) is recorded
      // and told to every other administrator.
      const mail = { mailer: app.mailer, publicUrl: app.config.publicUrl };
      const recorded = await app.db.transaction().execute((trx) => recordPayoutAbilityChanges(trx, mail, user.id, actorId));
      if (recorded) app.mailer.deliverSoon();
    },
  },
  // A criterion created, changed (perhaps moved to another type) or deleted changes its type's applications' figures.
  'review-criteria': {
    afterCreate: (_app, trx, criterion) => refreshCriterionType(trx as Db, criterion),
    afterUpdate: (app, criterion, before) => refreshCriterionType(app.db, criterion, before),
    afterDelete: (app, criterion) => refreshCriterionType(app.db, criterion),
  },
};

/** What a singleton needs beyond its declaration (server/settingsEngine/singletons.ts). */
export const singletonHooks: Partial<Record<SingletonName, SingletonHooks>> = {
  'payment-settings': {
    present: presentPaymentSettings,
    beforeWrite: (trx, values, before) => paymentSettingsBeforeWrite(trx as Db, values, before),
  },
};
