import { storeLoginLink } from '../../auth/loginLinks.js';
import { assertNotLimited, perHour, recordFailure } from '../../auth/rateLimit.js';
import { newToken } from '../../auth/tokens.js';
import type { Api } from '../schemas.js';

/** What the applicant's routes that mail a login link share: the limit on asking, and the link with its mail. */
export function loginLinkMail(app: Api) {
  const { db, config } = app;
  return {
    /** Every request for a link counts towards the limit, so nobody can flood an inbox or probe addresses quickly. */
    limited: async (address: string, ip: string) => {
      const key = { scope: 'applicant' as const, email: address, ip };
      const hourly = perHour(config.applicantLinksPerHour);
      await assertNotLimited(db, key, { perAddress: hourly, perEmail: hourly });
      await recordFailure(db, key);
    },

    /** Mails a fresh login link to an active applicant; one that confirms an e-ID sign-in's address names its identity. */
    sendLink: async (
      user: { id: number; email: string; first_name: string | null; locale: string; verified_at: Date | null },
      oidcPendingId?: string,
    ) => {
      const token = newToken();
      // The link and its mail are stored together or not at all.
      await db.transaction().execute(async (trx) => {
        await storeLoginLink(trx, user.id, token, config.loginLinkDays, oidcPendingId);
        await app.mailer.queue(
          {
            to: user.email,
            locale: user.locale,
            // A name typed at registration is nobody's until the address has signed in: never mailed to it before.
            name: user.verified_at ? user.first_name : null,
            template: 'login_link',
            params: { link: `${config.publicUrl}/logga-in/${token}`, days: config.loginLinkDays },
          },
          trx,
        );
      });
      app.mailer.deliverSoon();
    },
  };
}
