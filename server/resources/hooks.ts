import type { FastifyInstance } from 'fastify';
import { sendPasswordLink, type LinkRecipient } from '../auth/passwordLinks.js';
import { deleteStaffSessions } from '../auth/sessions.js';
import type { ResourceName } from '../../resources/index.js';

type Row = Record<string, unknown> & { id: number };

/** What happens after a write that a declaration cannot say: one entry per resource that needs it. */
export interface ResourceHooks {
  afterCreate?: (app: FastifyInstance, record: Row) => Promise<void>;
  afterUpdate?: (app: FastifyInstance, record: Row) => Promise<void>;
}

export const resourceHooks: Partial<Record<ResourceName, ResourceHooks>> = {
  users: {
    // A new staff user chooses a password through an e-mailed link; nobody else ever sees it.
    async afterCreate(app, user) {
      // The record the users resource just wrote: a row of users, which has every column a link recipient needs.
      await sendPasswordLink(app.db, app.mailer, user as Row & LinkRecipient, {
        publicUrl: app.config.publicUrl,
        minutes: app.config.loginLinkDays * 24 * 60,
        template: 'staff_welcome',
      });
    },
    // A disabled user loses the sessions they have open.
    async afterUpdate(app, user) {
      if (user.active === false) await deleteStaffSessions(app.db, user.id);
    },
  },
};
