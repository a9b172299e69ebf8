import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { relyingParty, type OidcAudience, type OidcClaims } from '../auth/oidc/relyingParty.js';
import type { OidcSettings } from '../config.js';
import { notFound } from '../errors.js';
import { body, type Api } from './schemas.js';

/** The browser's cookie that ties a sign-in at the provider to the browser that started it: one per audience. */
const flowCookie: Record<OidcAudience, string> = { applicant: 'applicant_oidc_flow', staff: 'staff_oidc_flow' };
const FLOW_SECONDS = 10 * 60;

/** The provider's redirect back, as the page it lands on read it: `location.search`. */
export const callbackBody = body({
  callback: Type.String({
    pattern: '^\\?',
    maxLength: 4096,
    description: 'The query of the provider’s redirect back to the page (location.search: ?code=…&state=…&iss=…, or ?error=…)',
  }),
});

/**
 * What the sign-in routes of one audience share: its relying party (null without settings: the routes are then 404),
 * and the flow's cookie, set by the start and read by the callback. The cookie is HttpOnly and SameSite=Lax: the
 * provider sends the browser back by a top-level navigation, whose page then posts the callback from the same site.
 */
export function oidcSignIn(app: Api, audience: OidcAudience, settings: OidcSettings | null, redirectPath: string) {
  const rp = settings && relyingParty(settings, { db: app.db, clock: app.clock, log: app.log });
  const redirectUri = `${app.config.publicUrl}${redirectPath}`;
  const cookie = flowCookie[audience];
  const configured = () => {
    if (!rp) throw notFound();
    return rp;
  };

  return {
    /** The provider's name for the sign-in button, or null. */
    provider: () => (rp ? { name: rp.displayName } : null),

    /** Starts a sign-in; `carried` is kept with the flow in its cookie (a place to return to) and comes back from finish. */
    async start(reply: FastifyReply, carried = ''): Promise<{ data: { url: string } }> {
      const { url, state } = await configured().start(audience, redirectUri);
      const value = carried ? `${state}.${Buffer.from(carried).toString('base64url')}` : state;
      reply.setCookie(cookie, value, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.production, maxAge: FLOW_SECONDS });
      return { data: { url } };
    },

    /** Finishes the sign-in the browser's cookie holds with the provider's redirect back; the cookie goes once it succeeds. */
    async finish(request: FastifyRequest, reply: FastifyReply, callback: string): Promise<{ claims: OidcClaims; carried: string }> {
      const party = configured();
      const [state, carried] = (request.cookies[cookie] ?? '').split('.');
      const claims = await party.finish(audience, state || undefined, new URL(`${redirectUri}${callback}`));
      reply.clearCookie(cookie, { path: '/' });
      return { claims, carried: carried ? Buffer.from(carried, 'base64url').toString() : '' };
    },
  };
}
