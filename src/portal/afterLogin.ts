/** Where an applicant sent to /register wanted to go, kept across the e-mailed link (same browser tab or not). */
const KEY = 'after_login';

/**
 * The path when it is one inside the portal, else null: it starts with a single '/' (never '//' or '/\', which
 * browsers read as another host, nor a scheme), so a link can never send the applicant to an address elsewhere.
 */
export function portalPath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !/^\/[/\\]/.test(path) ? path : null;
}

export function rememberDestination(path: string | null) {
  const inside = portalPath(path);
  if (inside) localStorage.setItem(KEY, inside);
}

/** The remembered destination, left in place: for a sign-in that leaves the portal and comes back (the e-ID's). */
export function rememberedDestination(): string | null {
  return portalPath(localStorage.getItem(KEY));
}

export function takeDestination(): string {
  const path = rememberedDestination() ?? '/';
  localStorage.removeItem(KEY);
  return path;
}
