import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** The bookkeeping: the SIE file of the days chosen, and the exports so far. */
export const bookkeepingFeature: AdminFeature = {
  routes: [{ path: '/bookkeeping', screen: 'bookkeeping', Page: lazy(() => import('./BookkeepingPage')) }],
  menu: [{ to: '/bookkeeping', label: 'app.menu.bookkeeping', screen: 'bookkeeping', icon: <AccountBalanceIcon />, place: 80 }],
};
