import type { AuthProvider } from 'ra-core';
import { isAllowed, mayReach, type Ability, type Entity, type Requirement } from '../../resources/abilities';
import type { expiresIn, JsonOf } from '../../server/routes/schemas';
import type { ability, staffUser } from '../../server/routes/schemas/users';
import type { signInStep } from '../../server/routes/schemas/secondFactor';
import type { HttpClient } from './httpClient';
import type { Session } from './session';
import { createSessionAuth } from './sessionAuth';

/** The signed-in staff user, as GET /users/me answers it. */
type StaffUser = JsonOf<typeof staffUser>;

/** Which requirement guards a react-admin resource or a custom screen, by name; unknown names are denied. */
export type AccessMap = (resource: string) => Requirement | null;
/** The entity a record of a resource or screen belongs to, for abilities granted for one entity. */
export type EntityMap = (resource: string, record: { id?: unknown; period?: { id?: unknown } }) => Entity | null;
const recordItself: EntityMap = (resource, record) => (typeof record.id === 'number' ? { id: record.id, type: resource } : null);

/** The password was right, and the sign-in waits for the second factor ('verify') or its enrolment ('enrol'). */
export class SecondFactorNeeded extends Error {
  constructor(readonly step: 'verify' | 'enrol') {
    super(`second factor: ${step}`);
  }
}

/**
 * The ways a staff sign-in completes: the password (which may call for a second factor), a code from the
 * authenticator app or a recovery code, the organisation's identity provider's answer (its return page's query), or
 * a session another call has already started (completing an enrolment during sign-in).
 */
export type StaffSignIn =
  | { email?: string; username?: string; password: string }
  | { code: string }
  | { recovery_code: string }
  | { sso_callback: string }
  | { expires_in: number };

type LoginAnswer = { data: JsonOf<typeof signInStep> };

/** What only the ability itself allows, never one granted for some entities: making new records. */
const wholeActions = new Set(['create', 'import']);

/**
 * react-admin's authProvider for staff: login by e-mail and password, the session rules of session.ts, abilities
 * (a failed load means nothing is permitted) and canAccess over abilities, with entity-scoped checks for records.
 */
export function createAuthProvider(http: HttpClient, session: Session, accessFor: AccessMap, entityOf: EntityMap = recordItself) {
  const auth = createSessionAuth<StaffUser>(http, session, { login: '/auth/login', logout: '/auth/logout', me: '/users/me' });
  let abilities: Ability[] | null = null;
  auth.onClear(() => {
    abilities = null;
  });

  // Kept once read; a failed read (the server busy a moment) is not kept, so the next question asks again.
  const loadAbilities = async (): Promise<Ability[]> => {
    const response = await http.get<{ data: JsonOf<typeof ability>[] }>('/users/me/abilities');
    abilities = Array.isArray(response.data.data) ? response.data.data : [];
    return abilities;
  };
  const currentAbilities = async () => abilities ?? loadAbilities();

  /** The call that starts the session, by how the sign-in completes; answers the session's lifetime. */
  const signIn = async (params: StaffSignIn): Promise<number> => {
    if ('expires_in' in params) return params.expires_in;
    if ('sso_callback' in params) {
      const response = await http.post<JsonOf<typeof expiresIn>>('/auth/oidc/callback', { data: { callback: params.sso_callback } });
      return response.data.data.expires_in;
    }
    if ('code' in params || 'recovery_code' in params) {
      const response = await http.post<JsonOf<typeof expiresIn>>('/auth/second-factor', { data: params });
      return response.data.data.expires_in;
    }
    const response = await http.post<LoginAnswer>('/auth/login', {
      data: { email: params.email ?? params.username, password: params.password },
    });
    const answer = response.data.data;
    if ('second_factor' in answer) throw new SecondFactorNeeded(answer.second_factor);
    return answer.expires_in;
  };

  const provider: AuthProvider = {
    // Resolves once signed in; a password that calls for a second factor rejects with SecondFactorNeeded.
    async login(params: StaffSignIn) {
      session.start(await signIn(params));
      await auth.loadUser();
      await loadAbilities().catch(() => undefined);
    },
    async logout() {
      await auth.logout();
    },
    // A visit signed out goes to the sign-in page without a word; a session that ran out says so ("sign in to go on").
    async checkAuth() {
      if (session.isLoggedIn()) return;
      if (session.read() !== null) throw new Error('ra.auth.auth_check_error');
      // react-admin's own sign for "no notification": a rejection whose message is false.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw { message: false };
    },
    // 401s are handled once, in the HTTP client (auth.handleUnauthorized); other errors do not end the session.
    async checkError() {},
    // Signed out, nothing is asked of the server: the sign-in page makes no call that can only be refused.
    async getIdentity() {
      if (!session.isLoggedIn()) throw new Error('ra.auth.auth_check_error');
      const user = auth.user ?? (await auth.loadUser());
      return { ...user, fullName: `${user.first_name} ${user.last_name}` };
    },
    // A failure is thrown, so that react-admin's query asks again rather than keeping "no abilities".
    async getPermissions() {
      return session.isLoggedIn() ? currentAbilities() : [];
    },
    // A record is checked with its entity; a list or screen opens to a holder for some entities (the server shows
    // them theirs only); creating needs the ability itself.
    async canAccess({
      action,
      resource,
      record,
    }: {
      action: string;
      resource: string;
      record?: { id?: unknown; period?: { id?: unknown } };
    }) {
      const requirement = accessFor(resource);
      if (!requirement) return false;
      // What cannot be read is not permitted, this time; signed out, nothing is.
      const abilities = session.isLoggedIn() ? await currentAbilities().catch((): Ability[] => []) : [];
      if (record) return isAllowed(abilities, requirement, entityOf(resource, record));
      return wholeActions.has(action) ? isAllowed(abilities, requirement) : mayReach(abilities, requirement);
    },
  };
  return { provider, auth };
}
