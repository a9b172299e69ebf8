import type { JsonOf } from '../../server/routes/schemas';
import type { applicantProfile } from '../../server/routes/schemas/users';
import { createHttpClient } from '../providers/httpClient';
import { createSession } from '../providers/session';
import { createSessionAuth } from '../providers/sessionAuth';

/** The signed-in applicant, as GET /frontend-users/me answers it. */
type Applicant = JsonOf<typeof applicantProfile>;

/** The portal's providers: the applicant session, its HTTP client (any 401 ends it) and the session auth. */
export const session = createSession({ storageKey: 'applicant_session', refreshPath: '/frontend-users/refresh' });
export const http = createHttpClient({ session, onUnauthorized: (url) => auth.handleUnauthorized(url) });
export const auth = createSessionAuth<Applicant>(http, session, { logout: '/frontend-users/logout', me: '/frontend-users/me' });
