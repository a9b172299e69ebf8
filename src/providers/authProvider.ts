import type { AuthProvider } from 'ra-core';
import { isAllowed, mayReach, type Ability, type Entity, type Requirement } from '../../resources/abilities';
import type { expiresIn, JsonOf } from '../../server/routes/schemas';
import type { ability, staffUser } from '../../server/routes/schemas/users';
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

  const provider: AuthProvider = {
    async login({ email, username, password }: { email?: string; username?: string; password: string }) {
      const response = await http.post<JsonOf<typeof expiresIn>>('/auth/login', { data: { email: email ?? username, password } });
      session.start(response.data.data.expires_in);
      await auth.loadUser();
      await loadAbilities().catch(() => undefined);
    },
    async logout() {
      await auth.logout();
    },
    async checkAuth() {
      if (!session.isLoggedIn()) throw new Error('ra.auth.auth_check_error');
    },
    // 401s are handled once, in the HTTP client (auth.handleUnauthorized); other errors do not end the session.
    async checkError() {},
    async getIdentity() {
      const user = auth.user ?? (await auth.loadUser());
      return { ...user, fullName: `${user.first_name} ${user.last_name}` };
    },
    // A failure is thrown, so that react-admin's query asks again rather than keeping "no abilities".
    async getPermissions() {
      return currentAbilities();
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
      // What cannot be read is not permitted, this time.
      const abilities = await currentAbilities().catch((): Ability[] => []);
      if (record) return isAllowed(abilities, requirement, entityOf(resource, record));
      return wholeActions.has(action) ? isAllowed(abilities, requirement) : mayReach(abilities, requirement);
    },
  };
  return { provider, auth };
}
