import { createHttpClient } from '../providers/httpClient';
import { createSession } from '../providers/session';
import { createSessionAuth } from '../providers/sessionAuth';

export interface ApplicantProfile {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  locale: string;
}

/** The portal's providers: the applicant session, its HTTP client (any 401 ends it) and the session auth. */
export const session = createSession({ storageKey: 'applicant_session', refreshPath: '/frontend-users/refresh' });
export const http = createHttpClient({ session, onUnauthorized: (url) => auth.handleUnauthorized(url) });
export const auth = createSessionAuth<ApplicantProfile>(http, session, { logout: '/frontend-users/logout', me: '/frontend-users/me' });
