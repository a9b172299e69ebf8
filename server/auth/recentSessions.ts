/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_MEMORY_MS = 1_000;
/** At most this many sessions are remembered; beyond, the oldest are forgotten. */
const MOST_REMEMBERED = 2_000;

/**
 * The sessions one server has looked up in the last second, by token, with whose they are: the half-dozen reads
 * of one page, or a list paged through, ask the database once instead of each time. The server forgets them all after
 * any change it makes (every request but GET and HEAD, server/plugins/access.ts), so a logout, a disabled account or a
 * changed ability holds at once on the server that made it and within a second on the others. A session is never
 * trusted past its own expiry.
 */
export class RecentSessions<T> {
  private readonly entries = new Map<string, { found: T; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** What the session was found to be within the last second; undefined when not remembered (or no longer). */
  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.found;
    this.entries.delete(token);
    return undefined;
  }

  remember(token: string, found: T, expiresAt: Date): void {
    if (this.entries.size >= MOST_REMEMBERED) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { found, until: Math.min(this.now() + SESSION_MEMORY_MS, expiresAt.getTime()) });
  }

  forgetAll(): void {
    this.entries.clear();
  }
}
