import { staffForIdentity } from '../../auth/oidc/staffIdentity.js';
import { AppError } from '../../errors.js';
import { callbackBody, oidcSignIn } from '../oidcSignIn.js';
import { expiresIn, type Api } from '../schemas.js';
import { oidcProvider, oidcStart } from '../schemas/signIn.js';
import { startSession } from '../sessionRoutes.js';

/**
 * Staff's single sign-on through the organisation's OpenID Connect provider (STAFF_OIDC_*): an active staff user
 * found by the identity linked before, or by the address the provider gives, which links it. The organisation's
 * provider asks for its own second factor, so the app asks for none.
 */
export default async function singleSignOnRoutes(app: Api) {
  const tags = ['auth'];
  const sso = oidcSignIn(app, 'staff', app.config.staffOidc, '/admin/login/oidc');

  app.get(
    '/auth/oidc',
    {
      config: { access: 'anonymous' },
      schema: { tags, summary: 'The single sign-on the login page offers, or null when none is set up', response: { 200: oidcProvider } },
    },
    async () => ({ data: sso.provider() }),
  );

  app.post(
    '/auth/oidc/start',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Starts a single sign-on: the provider’s URL to go to, and a cookie that ties the sign-in to this browser',
        response: { 200: oidcStart },
      },
    },
    async (_request, reply) => sso.start(reply),
  );

  app.post(
    '/auth/oidc/callback',
    {
      config: { access: 'anonymous' },
      schema: {
        tags,
        summary: 'Finishes a single sign-on with the provider’s redirect back; sets the session cookie of an active staff user',
        body: callbackBody,
        response: { 200: expiresIn },
      },
    },
    async (request, reply) => {
      const { claims } = await sso.finish(request, reply, request.body.data.callback);
      const userId = await staffForIdentity(app.db, claims, app.clock.now());
      if (userId === null) throw new AppError(403, 'errors.oidc.no_staff_account');
      return startSession(app, 'staff', reply, userId);
    },
  );
}
