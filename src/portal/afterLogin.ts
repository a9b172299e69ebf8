/** Where an applicant sent to /register wanted to go, kept across the e-mailed link (same browser tab or not). */
const KEY = 'after_login';

export function rememberDestination(path: string | null) {
  // Only paths inside the portal: never an address elsewhere.
  if (path && path.startsWith('/') && !path.startsWith('//')) localStorage.setItem(KEY, path);
}

export function takeDestination(): string {
  const path = localStorage.getItem(KEY) ?? '/';
  localStorage.removeItem(KEY);
  return path;
}
