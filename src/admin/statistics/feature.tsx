import InsightsIcon from '@mui/icons-material/Insights';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** The statistics of a period's applications and grants. */
export const statisticsFeature: AdminFeature = {
  routes: [{ path: '/statistics', screen: 'statistics', Page: lazy(() => import('./StatisticsPage')) }],
  menu: [{ to: '/statistics', label: 'app.menu.statistics', screen: 'statistics', icon: <InsightsIcon />, place: 60 }],
};
