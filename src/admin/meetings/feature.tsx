import GroupsIcon from '@mui/icons-material/Groups';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** Board meetings: the list and a meeting's page; a board member's only screen beside the dashboard. */
export const meetingsFeature: AdminFeature = {
  routes: [
    { path: '/meetings', screen: 'meetings', Page: lazy(() => import('./MeetingList')) },
    { path: '/meetings/:id', screen: 'meetings', Page: lazy(() => import('./MeetingPage')) },
  ],
  menu: [{ to: '/meetings', label: 'app.menu.meetings', screen: 'meetings', icon: <GroupsIcon />, place: 50 }],
};
