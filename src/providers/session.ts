/**
 * The session rules shared by the staff and applicant apps: a session is refreshed once half its lifetime has passed,
 * one refresh at a time. The session itself is an HttpOnly cookie; the browser keeps only the expiry and lifetime, to
 * know whether it is logged in and when to refresh.
 */
export interface StoredSession {
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Seconds. */
  lifetime: number;
}

export interface SessionOptions {
  /** localStorage key, one per kind of user. */
  storageKey: string;
  /** The API path that extends the session (called with no body, answers { data: { expires_in } }). */
  refreshPath: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const REFRESH_POLL_MS = 200;

export type Session = ReturnType<typeof createSession>;

export function createSession({ storageKey, refreshPath, now = Date.now, sleep = defaultSleep }: SessionOptions) {
  let refreshing = false;

  const read = (): StoredSession | null => {
    try {
      // Whatever is stored is checked field by field before it is taken for a session.
      const value = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<StoredSession> | null;
      return typeof value?.expiresAt === 'number' && typeof value.lifetime === 'number' ? (value as StoredSession) : null;
    } catch {
      return null;
    }
  };

  const session = {
    refreshPath,

    /** Stores lifetime and expiry from a login or refresh answer. */
    start(expiresIn: number) {
      localStorage.setItem(storageKey, JSON.stringify({ expiresAt: now() + expiresIn * 1000, lifetime: expiresIn }));
    },

    clear() {
      localStorage.removeItem(storageKey);
    },

    read,

    /** Logged in while the stored expiry is in the future. */
    isLoggedIn(): boolean {
      const stored = read();
      return !!stored && stored.expiresAt > now();
    },

    /** More than half of the lifetime has passed (and the session has not yet expired). */
    needsRefresh(): boolean {
      const stored = read();
      if (!stored || stored.expiresAt <= now()) return false;
      const remaining = stored.expiresAt - now();
      return remaining < (stored.lifetime * 1000) / 2;
    },

    get refreshing() {
      return refreshing;
    },

    /**
     * Called before every API call. Waits in 200 ms steps while a refresh runs, then refreshes if due; only one
     * refresh runs at a time. A failed refresh resets the flag and rejects the call that started it.
     */
    async beforeRequest(url: string, refresh: () => Promise<number>): Promise<void> {
      if (isPath(url, refreshPath)) return;
      while (refreshing) await sleep(REFRESH_POLL_MS);
      if (!session.needsRefresh()) return;
      refreshing = true;
      try {
        session.start(await refresh());
      } finally {
        refreshing = false;
      }
    },
  };
  return session;
}

/** Whether a request URL ('/auth/login', 'auth/login?x', '/api/v1/auth/login') is the given API path. */
export function isPath(url: string, path: string): boolean {
  const bare = url.split('?')[0].replace(/^\/+/, '');
  const target = path.replace(/^\/+/, '');
  return bare === target || bare.endsWith(`/${target}`);
}

function defaultSleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
