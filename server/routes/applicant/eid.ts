import { Type } from 'typebox';
import { applicantByEmail, registerApplicant } from '../../auth/loginLinks.js';
import { pendingIdentity, signInApplicant } from '../../auth/oidc/applicantIdentity.js';
import { AppError, notFound } from '../../errors.js';
import { callbackBody, oidcSignIn } from '../oidcSignIn.js';
import { body, email, message, type Api } from '../schemas.js';
import { applicantOidcSignIn, oidcProvider, oidcStart } from '../schemas/signIn.js';
import { startSession } from '../sessionRoutes.js';
import { loginLinkMail } from './loginLinkMail.js';

/** The cookie of an e-ID sign-in that waits for an e-mail address; as long-lived as the wait. */
const PENDING_COOKIE = 'oidc_pending';
const PENDING_SECONDS = 30 * 60;

/** A place in the portal to return to: a path of this site, never another's (`//host`), else the start page. */
const portalPath = (path: string | undefined) =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';

/**
 * Applicants' sign-in by e-ID through an OpenID Connect provider (a BankID broker; OIDC_*), beside the e-mailed
 * link: matched to their account by the identity, the personal number or a verified e-mail (server/auth/oidc/); a
 * sign-in without a verified e-mail asks for an address and mails a login link, whose use links the e-ID.
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
      const outcome = await signInApplicant(db, app.authKeys, claims, { locale: request.locale, now });
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
      const { data } = await startSession(app, 'applicant', reply, outcome.applicantId);
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
          'Gives the e-mail address of an e-ID sign-in that had none: mails a login link (registering the address if new), whose use links the e-ID; the same answer for any address',
        body: body({ email }),
        response: { 200: message },
      },
    },
    async (request, reply) => {
      if (!config.applicantOidc) throw notFound();
      const token = request.cookies[PENDING_COOKIE];
      const pending = token ? await pendingIdentity(db, token, app.clock.now()) : undefined;
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
      if (user?.active) await sendLink(user, pending.id);
      reply.clearCookie(PENDING_COOKIE, { path: '/' });
      return { data: { message: request.t('auth.link_sent') } };
    },
  );
}
