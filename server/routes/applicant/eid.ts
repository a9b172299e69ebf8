import { Type } from 'typebox';
import { applicantByEmail, registerApplicant } from '../../auth/loginLinks.js';
import { PENDING_MINUTES, pendingIdentity, signInApplicant } from '../../auth/oidc/applicantIdentity.js';
import { personName, type EidNotice } from '../../auth/oidc/identityLinks.js';
import { bindToAccount } from '../../auth/oidc/linkRequests.js';
import { AppError, notFound } from '../../errors.js';
import { formatDateTime } from '../../../resources/format.js';
import { callbackBody, oidcSignIn } from '../oidcSignIn.js';
import { body, email, message, type Api } from '../schemas.js';
import { applicantOidcSignIn, oidcProvider, oidcStart } from '../schemas/signIn.js';
import { startSession } from '../sessionRoutes.js';
import { loginLinkMail } from './loginLinkMail.js';

/** The cookie of an e-ID sign-in that waits for an e-mail address; as long-lived as the wait. */
const PENDING_COOKIE = 'oidc_pending';
const PENDING_SECONDS = PENDING_MINUTES * 60;

/** The portal's page where the owner confirms or declines linking a waiting e-ID to their account. */
const EID_LINK_PAGE = '/e-legitimation/koppla';

/** A place in the portal to return to: a path of this site, never another's (`//host`), else the start page. */
const portalPath = (path: string | undefined) =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';

/** What linking an applicant's e-ID needs to tell its owner: the provider's name and the mail; null without e-ID settings. */
export function eidNotice(app: Api): EidNotice | null {
  const settings = app.config.applicantOidc;
  return settings && { provider: settings.displayName, mailer: app.mailer, publicUrl: app.config.publicUrl };
}

/**
 * Applicants' sign-in by e-ID through an OpenID Connect provider (a BankID broker; OIDC_*), beside the e-mailed
 * link: matched to their account by the identity, the personal number or a verified e-mail (server/auth/oidc/); a
 * sign-in without a verified e-mail asks for an address, whose owner is mailed a link to a page where, signed in, they
 * confirm or decline linking that e-ID to their account (eidLinks.ts). Spending the link alone links nothing.
 */
export default async function applicantEidRoutes(app: Api) {
  const { db, config } = app;
  const tags = ['applicants'];
  const eid = oidcSignIn(app, 'applicant', config.applicantOidc, '/e-legitimation');
  const { limited, sendLink } = loginLinkMail(app);

  app.get(
    '/frontend-users/oidc',
    {
      config: { access: 'anonymous' },
      schema: { tags, summary: 'The e-ID provider the sign-in page offers, or null when none is set up', response: { 200: oidcProvider } },
    },
    async () => ({ data: eid.provider() }),
  );

  app.post(
    '/frontend-users/oidc/start',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Starts an e-ID sign-in: the provider’s URL to go to, and a cookie that ties the sign-in to this browser',
        body: body({ return_to: Type.String({ maxLength: 2000, description: 'A portal path to return to (else /)' }) }, []),
        response: { 200: oidcStart },
      },
    },
    async (request, reply) => eid.start(reply, portalPath(request.body.data.return_to)),
  );

  app.post(
    '/frontend-users/oidc/callback',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'Finishes an e-ID sign-in with the provider’s redirect back: signed in (session cookie set), or asked for an e-mail address when the provider gave no verified one',
        body: callbackBody,
        response: { 200: applicantOidcSignIn },
      },
    },
    async (request, reply) => {
      const { claims, carried } = await eid.finish(request, reply, request.body.data.callback);
      const now = app.clock.now();
      // Past finish, which is a 404 without the settings, the notice is there.
      const outcome = await signInApplicant(db, app.authKeys, eidNotice(app)!, claims, { locale: request.locale, now });
      if (outcome.kind === 'needs_email') {
        reply.setCookie(PENDING_COOKIE, outcome.token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.production,
          maxAge: PENDING_SECONDS,
        });
        return { data: { needs_email: true as const, first_name: outcome.first_name, last_name: outcome.last_name } };
      }
      const eidName = [claims.given_name, claims.family_name].filter(Boolean).join(' ').slice(0, 200) || null;
      const { data } = await startSession(app, 'applicant', reply, outcome.applicantId, eidName);
      return { data: { ...data, return_to: portalPath(carried) } };
    },
  );

  app.post(
    '/frontend-users/oidc/email',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary:
          'Gives the e-mail address of an e-ID sign-in that had none, once: mails the address’s owner (registering the address if new) what e-ID asks to be linked to their account, with a login link to the page where they confirm or decline it; the same answer for any address',
        body: body({ email }),
        response: { 200: message },
      },
    },
    async (request, reply) => {
      const notice = eidNotice(app);
      if (!notice) throw notFound();
      const now = app.clock.now();
      const token = request.cookies[PENDING_COOKIE];
      const pending = token ? await pendingIdentity(db, token, now) : undefined;
      if (!pending) throw new AppError(422, 'errors.oidc.pending_expired');
      const address = request.body.data.email.trim().toLowerCase();
      await limited(address, request.ip);
      const user =
        (await applicantByEmail(db, address)) ??
        (await registerApplicant(db, {
          email: address,
          first_name: pending.first_name,
          last_name: pending.last_name,
          locale: request.locale,
        })) ??
        (await applicantByEmail(db, address));
      if (user?.active) {
        const at = (moment: Date) => formatDateTime(moment.toISOString(), user.locale);
        await sendLink(user, {
          template: 'eid_link_request',
          params: {
            provider: notice.provider,
            name: personName(pending) ?? '–',
            time: at(pending.created_at),
            until: at(pending.expires_at),
          },
          next: EID_LINK_PAGE,
          // Bound to this account once: the same sign-in cannot ask a second address's owner.
          along: (trx) => bindToAccount(trx, pending.id, user.id, now),
        });
      }
      reply.clearCookie(PENDING_COOKIE, { path: '/' });
      return { data: { message: request.t('auth.link_sent') } };
    },
  );
}
