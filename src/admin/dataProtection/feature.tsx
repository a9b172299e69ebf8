import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** Settings → Data protection: the retention rules, what a run would do, the runs, the privacy notice. */
export const dataProtectionFeature: AdminFeature = {
  routes: [
    {
      path: '/data-protection',
      screen: 'data-protection',
      Page: lazy(() => import('./DataProtectionPage').then((m) => ({ default: m.DataProtectionPage }))),
    },
  ],
  settings: [{ screen: 'data-protection', label: 'app.data_protection.title', Icon: PrivacyTipIcon }],
};
