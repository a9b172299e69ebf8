import { storeLoginLink } from '../../auth/loginLinks.js';
import { assertNotLimited, perHour, recordFailure } from '../../auth/rateLimit.js';
import { newToken } from '../../tokens.js';
import type { Db } from '../../db/connect.js';
import type { Params } from '../../i18n.js';
import type { Api } from '../schemas.js';

/**
 * A mail that carries a login link other than the plain one: its template (mail.*) and parameters beside `link` and
 * `days`, the portal path the link leads to once signed in, and what is stored with it in its transaction (false: it
 * no longer can be, and nothing is stored or sent).
 */
export interface LinkMail {
  template: string;
  params: Params;
  next: string;
  along: (trx: Db) => Promise<boolean>;
}

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

    /** Mails a fresh login link to an active applicant, as the plain login link's mail or as `mail`; answers whether it went. */
    sendLink: async (
      user: { id: number; email: string; first_name: string | null; locale: string; verified_at: Date | null },
      mail?: LinkMail,
    ): Promise<boolean> => {
      const token = newToken();
      const link = `${config.publicUrl}/logga-in/${token}${mail ? `?next=${encodeURIComponent(mail.next)}` : ''}`;
      // The link and its mail are stored together or not at all.
      const sent = await db.transaction().execute(async (trx) => {
        if (mail && !(await mail.along(trx))) return false;
        await storeLoginLink(trx, user.id, token, config.loginLinkDays);
        await app.mailer.queue(
          {
            to: user.email,
            locale: user.locale,
            // A name typed at registration is nobody's until the address has signed in: never mailed to it before.
            name: user.verified_at ? user.first_name : null,
            template: mail?.template ?? 'login_link',
            params: { ...mail?.params, link, days: config.loginLinkDays },
          },
          trx,
        );
        return true;
      });
      if (sent) app.mailer.deliverSoon();
      return sent;
    },
  };
}
