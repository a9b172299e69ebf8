import * as client from 'openid-client';
import type { Clock } from '../../clock.js';
import type { OidcSettings } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { hashToken } from '../../tokens.js';

/** Whose sign-in a flow is: an applicant's e-ID or staff's single sign-on (each its own provider and redirect). */
export type OidcAudience = 'applicant' | 'staff';

/** The verified claims of a sign-in, as the app matches people by them. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | null;
  email_verified: boolean | null;
  given_name: string | null;
  family_name: string | null;
  /** From the claim OIDC_PERSONAL_NUMBER_CLAIM names, when it is set: never stored, logged or answered in clear. */
  personal_number: string | null;
}

/** A flow (from start to the provider's redirect back) lasts as long as a person may take to sign in at the provider. */
const FLOW_MINUTES = 10;

/** The message keys of a failed sign-in, each translated for the person signing in. */
export type OidcFailure = 'state' | 'replay' | 'nonce' | 'expired' | 'issuer' | 'cancelled' | 'failed' | 'unavailable';

const failure = (kind: OidcFailure) => new AppError(kind === 'unavailable' ? 503 : 422, `errors.oidc.${kind}`);

/**
 * What a library error of a sign-in means to the person signing in. openid-client (through oauth4webapi) names each
 * check by a code, and a comparison by the claim it compared; the provider's own refusals come as OAuth error codes.
 */
export function oidcFailureOf(error: unknown): OidcFailure {
  const { code } = (error ?? {}) as { code?: unknown };
  const claim = comparedClaim(error);
  if (error instanceof client.AuthorizationResponseError)
    return error.error === 'temporarily_unavailable' ? 'unavailable' : error.error === 'server_error' ? 'failed' : 'cancelled';
  // invalid_grant: the code is unknown, already used, expired or not this verifier's (PKCE).
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? 'replay' : 'failed';
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'expired';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') return claim === 'nonce' ? 'nonce' : claim === 'iss' ? 'issuer' : 'failed';
  if (code === 'OAUTH_TIMEOUT' || (error instanceof TypeError && error.message === 'fetch failed')) return 'unavailable';
  return 'failed';
}

/** The claim a failed comparison names: on the library's innermost cause, under the error openid-client throws. */
function comparedClaim(error: unknown): unknown {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { claim } = cause as { claim?: unknown };
    if (claim !== undefined) return claim;
  }
  return undefined;
}

/** The class and code of an error: what the log may say of a failed sign-in (never a token, a claim or a parameter). */
const described = (error: unknown) => ({
  error_class: error instanceof Error ? error.name : typeof error,
  error_code: (error as { code?: unknown } | null)?.code ?? null,
  oauth_error: (error as { error?: unknown } | null)?.error ?? null,
});

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

interface Logger {
  warn(details: object, message: string): void;
}

/**
 * The app as a relying party of one OpenID Connect provider: the authorization code flow with PKCE (S256), state and
 * nonce, the client authenticated by its secret (HTTP Basic). The provider's metadata is discovered once, on the first
 * sign-in, and kept; a failed discovery is retried by the next. Each flow is a row of `oidc_flows`, its state stored
 * only as a hash, spent once; its verifier and nonce never leave the server.
 */
export function relyingParty(settings: OidcSettings, { db, clock, log }: { db: Db; clock: Clock; log: Logger }) {
  const insecure = new URL(settings.issuer).protocol === 'http:';
  const authentication = client.ClientSecretBasic(settings.clientSecret);
  let discovered: Promise<client.Configuration> | null = null;
  let jwks: client.ExportedJWKSCache | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, undefined, authentication, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = null;
        log.warn(described(error), 'OpenID Connect discovery failed');
        throw failure('unavailable');
      });
    return discovered;
  }

  /**
   * The discovered configuration with the app's clock (which a test moves) as the time the tokens are checked at: the
   * client's metadata is frozen, so a configuration of its own per sign-in, sharing the provider's keys.
   */
  async function checkingConfiguration() {
    const skew = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const checking = new client.Configuration(
      (await configuration()).serverMetadata(),
      settings.clientId,
      { [client.clockSkew]: skew },
      authentication,
    );
    if (insecure) client.allowInsecureRequests(checking);
    if (jwks) client.setJwksCache(checking, jwks);
    return checking;
  }

  /** Spends the flow whose state the browser's cookie holds; a flow unknown, of another audience, spent or expired fails. */
  async function spendFlow(audience: OidcAudience, state: string) {
    const now = clock.now();
    const flow = await db
      .updateTable('oidc_flows')
      .set({ used_at: now })
      .where('state_hash', '=', hashToken(state))
      .where('audience', '=', audience)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['code_verifier', 'nonce'])
      .executeTakeFirst();
    if (flow) return flow;
    const known = await db
      .selectFrom('oidc_flows')
      .select(['used_at', 'expires_at'])
      .where('state_hash', '=', hashToken(state))
      .where('audience', '=', audience)
      .executeTakeFirst();
    throw failure(!known ? 'state' : known.used_at ? 'replay' : 'expired');
  }

  return {
    displayName: settings.displayName,

    /** Starts a sign-in: answers the provider's authorization URL and the state the browser keeps in its cookie. */
    async start(audience: OidcAudience, redirectUri: string): Promise<{ url: string; state: string }> {
      const config = await configuration();
      const [state, nonce, verifier] = [client.randomState(), client.randomNonce(), client.randomPKCECodeVerifier()];
      await db
        .insertInto('oidc_flows')
        .values({
          state_hash: hashToken(state),
          audience,
          code_verifier: verifier,
          nonce,
          expires_at: new Date(clock.now().getTime() + FLOW_MINUTES * 60_000),
        })
        .execute();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },

    /**
     * Finishes a sign-in from the provider's redirect back (`callbackUrl`, the redirect URI with its query) and the state
     * of the browser's cookie: spends the flow, exchanges the code and checks the ID token, then answers the verified
     * claims (from the userinfo endpoint where the ID token lacks them). Every failure is a translated AppError.
     */
    async finish(audience: OidcAudience, cookieState: string | undefined, callbackUrl: URL): Promise<OidcClaims> {
      const parameters = callbackUrl.searchParams;
      // The checks the library makes too, first here, so that each is told apart by what failed rather than by wording.
      if (!cookieState || parameters.get('state') !== cookieState) throw failure('state');
      const flow = await spendFlow(audience, cookieState);
      const config = await checkingConfiguration();
      const metadata = config.serverMetadata();
      const iss = parameters.get('iss');
      if (iss !== null ? iss !== metadata.issuer : metadata.authorization_response_iss_parameter_supported === true)
        throw failure('issuer');
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.code_verifier,
          expectedState: cookieState,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        jwks = client.getJwksCache(config);
        const idToken = tokens.claims()!;
        const wanted = ['email', 'given_name', 'family_name', ...(settings.personalNumberClaim ? [settings.personalNumberClaim] : [])];
        const userinfo =
          wanted.some((claim) => idToken[claim] === undefined) && tokens.access_token
            ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
            : {};
        const claims: Record<string, unknown> = { ...userinfo, ...idToken };
        const email = text(claims.email);
        return {
          issuer: idToken.iss,
          subject: idToken.sub,
          email: email && email.toLowerCase(),
          email_verified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
          given_name: text(claims.given_name),
          family_name: text(claims.family_name),
          personal_number: settings.personalNumberClaim ? text(claims[settings.personalNumberClaim]) : null,
        };
      } catch (error) {
        const kind = oidcFailureOf(error);
        log.warn({ ...described(error), audience, failure: kind }, 'OpenID Connect sign-in failed');
        throw failure(kind);
      }
    },
  };
}

export type RelyingParty = ReturnType<typeof relyingParty>;
