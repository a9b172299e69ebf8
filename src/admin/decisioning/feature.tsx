import ChecklistIcon from '@mui/icons-material/Checklist';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** Deciding: the periods the user may decide on, open or closed, each leading on to its applications. */
export const decisioningFeature: AdminFeature = {
  routes: [
    {
      path: '/decisioning',
      screen: 'decisioning',
      Page: lazy(() => import('./DecisionPeriodsPage').then((m) => ({ default: m.DecisionPeriodsPage }))),
    },
  ],
  menu: [{ to: '/decisioning', label: 'app.menu.decisioning', screen: 'decisioning', icon: <ChecklistIcon />, place: 30 }],
};
