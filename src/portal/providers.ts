import type { ApplicantProfile } from '../../resources/users';
import { createHttpClient } from '../providers/httpClient';
import { createSession } from '../providers/session';
import { createSessionAuth } from '../providers/sessionAuth';

/** The portal's providers: the applicant session, its HTTP client (any 401 ends it) and the session auth. */
export const session = createSession({ storageKey: 'applicant_session', refreshPath: '/frontend-users/refresh' });
export const http = createHttpClient({ session, onUnauthorized: (url) => auth.handleUnauthorized(url) });
export const auth = createSessionAuth<ApplicantProfile>(http, session, { logout: '/frontend-users/logout', me: '/frontend-users/me' });
