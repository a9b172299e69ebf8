import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { interactionPolicy, type Adapter, type AdapterPayload, type ClientMetadata } from 'oidc-provider';

/** What a person types at the test provider's sign-in page. */
export interface TestPerson {
  personalNumber?: string;
  givenName?: string;
  familyName?: string;
  email?: string;
  emailVerified?: boolean;
  /** The subject the provider names them by; by default derived from the personal number, else from the e-mail. */
  subject?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** Stands in for an e-ID broker or an organisation's sign-in: derived so that one person keeps one subject. */
const subjectOf = (person: TestPerson) =>
  person.subject ||
  (person.personalNumber
    ? `pnr-${createHash('sha256').update(person.personalNumber.replace(/\D/g, '')).digest('hex').slice(0, 24)}`
    : person.email
      ? `mail-${person.email.trim().toLowerCase()}`
      : '');

/**
 * The provider's state (interactions, codes, tokens, grants) in a Map of this server's own, so that several servers in
 * one process never share or evict each other's (the package's own memory adapter is one store of 1,000 for all).
 */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const byGrant = new Map<string, string[]>();
  const live = (key: string | undefined) => {
    const entry = key === undefined ? undefined : store.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return class implements Adapter {
    constructor(readonly model: string) {}
    key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (payload.uid) store.set(`uid:${payload.uid}`, { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (payload.grantId) byGrant.set(payload.grantId, [...(byGrant.get(payload.grantId) ?? []), this.key(id)]);
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      return live(`uid:${uid}`);
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of byGrant.get(grantId) ?? []) store.delete(key);
      byGrant.delete(grantId);
    }
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(uid: string, clientId: string) {
  const action = `/interaction/${escapeHtml(uid)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test e-ID</title></head>
<body>
<main>
<h1>Test e-ID</h1>
<p>Signing in to ${escapeHtml(clientId)}</p>
<form method="post" action="${action}">
<p><label for="personal_number">Personal number</label> <input id="personal_number" name="personal_number" autocomplete="off"></p>
<p><label for="given_name">Given name</label> <input id="given_name" name="given_name"></p>
<p><label for="family_name">Family name</label> <input id="family_name" name="family_name"></p>
<p><label for="email">E-mail</label> <input id="email" name="email" type="email"></p>
<p><input id="email_verified" name="email_verified" type="checkbox" value="true" checked> <label for="email_verified">E-mail verified</label></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="${action}/abort"><p><button type="submit">Cancel</button></p></form>
</main>
</body></html>`;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * A real OpenID Connect provider (`oidc-provider`) in this process on a free port of the loopback, for the sign-ins'
 * tests and journeys: the given clients (client_secret_basic, PKCE with S256 required), the scopes openid, email,
 * profile and personal_number, and a sign-in page of its own where a person types who they are (or cancels). Every
 * authorization asks for the sign-in again, as an e-ID does. The claims go to the userinfo endpoint, the ID token
 * naming only the subject, as providers that follow the specification do. On `port` if given, else a free one.
 */
export async function startOidcServer({ clients, port: wanted = 0 }: { clients: TestClient[]; port?: number }) {
  const accounts = new Map<string, Record<string, unknown>>();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  const issuer = `http://localhost:${port}`;

  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('every_time', 'The person signs in for every authorization', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: clients.map((client): ClientMetadata => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    pkce: { required: () => true, methods: ['S256'] },
    scopes: ['openid', 'email', 'profile', 'personal_number'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      personal_number: ['personal_number'],
    },
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    features: { devInteractions: { enabled: false } },
    adapter: memoryAdapter(),
    // An ID token lives an hour, as most providers' do; the rest as long as a sign-in needs.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 3600, Interaction: 600, Session: 600 },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' }] as never },
  });

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string, abort: boolean) {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('not this interaction');
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(uid, String(details.params.client_id)));
      return;
    }
    if (abort) {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const form = await formOf(request);
    const typed = (name: string) => form.get(name)?.trim() || undefined;
    const person: TestPerson = {
      personalNumber: typed('personal_number'),
      givenName: typed('given_name'),
      familyName: typed('family_name'),
      email: typed('email'),
      emailVerified: form.get('email_verified') === 'true',
      subject: typed('subject'),
    };
    const sub = subjectOf(person);
    if (!sub) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Type a personal number or an e-mail address.');
      return;
    }
    accounts.set(sub, {
      ...(person.personalNumber ? { personal_number: person.personalNumber } : {}),
      ...(person.givenName ? { given_name: person.givenName } : {}),
      ...(person.familyName ? { family_name: person.familyName } : {}),
      ...(person.email ? { email: person.email, email_verified: person.emailVerified } : {}),
    });
    // Consent as part of the sign-in: the grant holds whatever the client asked for.
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const callback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/abort)?$/.exec(request.url ?? '');
    if (!match) {
      void callback(request, response);
      return;
    }
    interaction(request, response, match[1], !!match[2]).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(error instanceof Error ? error.message : 'error');
    });
  });

  /**
   * Follows the browser's way from the authorization URL through the provider's redirects, with a cookie jar of its
   * own, submitting the sign-in page with `answer`; answers the search string of the redirect back to the client.
   */
  async function drive(authorizationUrl: string, answer: (uid: string) => { path: string; form: URLSearchParams }): Promise<string> {
    const jar = new Map<string, string>();
    const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookies(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair, ...attributes] = cookie.split(';');
        const [name, value] = [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()];
        const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now());
        if (expired || !value) jar.delete(name);
        else jar.set(name, value);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== new URL(issuer).origin) return next.search;
      const interactionUid = /^\/interaction\/([\w-]+)$/.exec(next.pathname)?.[1];
      if (interactionUid) {
        // The page as a browser shows it first, then its form submitted.
        const shown = await fetch(next, { headers: { cookie: cookies() } });
        const html = await shown.text();
        if (shown.status !== 200 || !html.includes('Test e-ID')) throw new Error(`the sign-in page answered ${shown.status}: ${html}`);
        const submitted = answer(interactionUid);
        url = new URL(submitted.path, next);
        form = submitted.form;
      } else {
        url = next;
        form = undefined;
      }
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    /** Signs `person` in at the provider from the client's authorization URL; the search string of the redirect back. */
    signInAtProvider: (authorizationUrl: string, person: TestPerson) =>
      drive(authorizationUrl, (uid) => ({
        path: `/interaction/${uid}`,
        form: new URLSearchParams({
          personal_number: person.personalNumber ?? '',
          given_name: person.givenName ?? '',
          family_name: person.familyName ?? '',
          email: person.email ?? '',
          ...(person.emailVerified === false ? {} : { email_verified: 'true' }),
          ...(person.subject ? { subject: person.subject } : {}),
        }),
      })),
    /** Presses Cancel on the provider's sign-in page; the search string of the redirect back (an access_denied). */
    cancelAtProvider: (authorizationUrl: string) =>
      drive(authorizationUrl, (uid) => ({ path: `/interaction/${uid}/abort`, form: new URLSearchParams() })),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type OidcServer = Awaited<ReturnType<typeof startOidcServer>>;
