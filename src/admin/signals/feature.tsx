import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** Settings → Signals: the thresholds of the signals of duplicates and fraud that applications show. */
export const signalsFeature: AdminFeature = {
  routes: [{ path: '/signal-settings', screen: 'signal-settings', Page: lazy(() => import('./SignalSettingsPage')) }],
  settings: [{ screen: 'signal-settings', label: 'signals.settings_title', Icon: ReportProblemOutlined }],
};
