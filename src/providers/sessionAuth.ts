import { clearEnums } from './enums';
import type { HttpClient } from './httpClient';
import { isPath, type Session } from './session';

export interface SessionPaths {
  login?: string;
  logout: string;
  me: string;
}

type Listener = () => void;

/**
 * What staff and applicant sign-in have in common: the current user, the logout sequence, the
 * logout event and the 401 rule. The admin's authProvider and the portal's guard are built on it.
 */
export function createSessionAuth<User>(http: HttpClient, session: Session, paths: SessionPaths) {
  let user: User | null = null;
  const listeners = new Set<Listener>();
  const extraCleanups = new Set<Listener>();

  const auth = {
    session,
    get user() {
      return user;
    },

    /**
     * Loads the user. Only a 401 ends the session (the HTTP client's rule, handleUnauthorized): a call that fails
     * otherwise (the server busy a moment, a page left while it ran) is asked again, not taken for a sign-out.
     */
    async loadUser(): Promise<User> {
      const response = await http.get<{ data: User }>(paths.me);
      user = response.data.data;
      return user;
    },

    /** Clears user and stored session, posts logout (failure ignored), clears the enum cache, emits logout. */
    async logout(): Promise<void> {
      const wasLoggedIn = session.read() !== null;
      user = null;
      extraCleanups.forEach((cleanup) => cleanup());
      session.clear();
      if (wasLoggedIn) await http.post(paths.logout).catch(() => undefined);
      clearEnums();
      // Only an ending session is announced, so a listener that logs out again does not loop.
      if (wasLoggedIn) listeners.forEach((listener) => listener());
    },

    /** Runs on logout (e.g. forgetting abilities). */
    onClear(cleanup: Listener) {
      extraCleanups.add(cleanup);
    },

    /** The logout event: the app sends the user to its login screen. Returns the unsubscribe function. */
    onLogout(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The 401 rule: except for the login and logout calls themselves, a 401 ends the session. */
    handleUnauthorized(url: string) {
      if (paths.login && isPath(url, paths.login)) return;
      if (isPath(url, paths.logout)) return;
      void auth.logout();
    },
  };
  return auth;
}

export type SessionAuth<User> = ReturnType<typeof createSessionAuth<User>>;
