import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** The user's own sign-in: the second factor, e-ID, the account's history; any signed-in staff. */
export const securityFeature: AdminFeature = {
  routes: [{ path: '/security', Page: lazy(() => import('./SecurityPage').then((m) => ({ default: m.SecurityPage }))) }],
};
