import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** The user's own notifications and what they are told of; any signed-in staff. */
export const notificationsFeature: AdminFeature = {
  routes: [{ path: '/notifications', Page: lazy(() => import('./NotificationsPage').then((m) => ({ default: m.NotificationsPage }))) }],
};
