import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/**
 * An organisation's people: the requests for access to an organisation nobody is left in. The people themselves are a
 * section of the organisation's page (overrides/index.ts places `OrganisationPeopleSection` there).
 */
export const organisationPeopleFeature: AdminFeature = {
  routes: [
    { path: '/organisation-access-requests', screen: 'organisation-access-requests', Page: lazy(() => import('./AccessRequestsPage')) },
  ],
  menu: [
    {
      to: '/organisation-access-requests',
      label: 'app.menu.access_requests',
      screen: 'organisation-access-requests',
      icon: <HowToRegIcon />,
      place: 85,
    },
  ],
};
