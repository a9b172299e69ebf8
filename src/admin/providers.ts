import { endpointFor, entityOf, requirementFor } from '../../resources/index';
import { createAuthProvider } from '../providers/authProvider';
import { createDataProvider } from '../providers/dataProvider';
import { createHttpClient } from '../providers/httpClient';
import { createSession } from '../providers/session';

/** The staff app's providers, wired once: one session, one HTTP client, auth and data over them. */
export const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
export const http = createHttpClient({ session, onUnauthorized: (url) => staff.auth.handleUnauthorized(url) });
const staff = createAuthProvider(http, session, requirementFor, entityOf);
export const auth = staff.auth;
export const authProvider = staff.provider;
export const dataProvider = createDataProvider(http, endpointFor);
/** Where the staff form's files go (the shared file field uploads with progress through this client). */
export const staffFiles = { http, base: (uuid: string) => `/applications/${uuid}/files` };
