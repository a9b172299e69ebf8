import FactCheckIcon from '@mui/icons-material/FactCheck';
import GavelIcon from '@mui/icons-material/Gavel';
import InboxIcon from '@mui/icons-material/Inbox';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

const ApplicationFormPage = lazy(() => import('./ApplicationFormPage'));

/** Application handling: the lists, the staff's application form, the decided, the own investigations, the deletion log. */
export const applicationsFeature: AdminFeature = {
  routes: [
    { path: '/applications/:status?', screen: 'applications', Page: lazy(() => import('./ApplicationsPath')) },
    // The log of deleted applications, beside the list: a path without parameters wins over /applications/:status.
    { path: '/applications/deletions', screen: 'application-deletions', Page: lazy(() => import('./DeletionLog')) },
    // new and :uuid share the form; a path of its own so it never clashes with the list's /applications/:status.
    { path: '/application-form/new', screen: 'applications', Page: ApplicationFormPage },
    { path: '/application-form/:uuid', screen: 'applications', Page: ApplicationFormPage },
    { path: '/decision', screen: 'decision', Page: lazy(() => import('./DecidedList')) },
    { path: '/decisioning/:periodUuid/:periodName', screen: 'decisioning', Page: lazy(() => import('./DecisioningList')) },
    { path: '/investigations', screen: 'investigations', Page: lazy(() => import('./InvestigationList')) },
  ],
  menu: [
    { to: '/applications', label: 'app.menu.applications', screen: 'applications', icon: <InboxIcon />, place: 10 },
    { to: '/decision', label: 'app.menu.decision', screen: 'decision', icon: <GavelIcon />, place: 20 },
    { to: '/investigations', label: 'app.menu.investigations', screen: 'investigations', icon: <FactCheckIcon />, place: 40 },
  ],
};
