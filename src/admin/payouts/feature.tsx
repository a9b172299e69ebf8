import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

/** Payouts: the payouts list, the payment batches and a batch's page, and the payment settings. */
export const payoutsFeature: AdminFeature = {
  routes: [
    { path: '/payouts', screen: 'payouts', Page: lazy(() => import('./PayoutList')) },
    { path: '/payment-batches', screen: 'payment-batches', Page: lazy(() => import('./PaymentBatchList')) },
    { path: '/payment-batches/:id', screen: 'payment-batches', Page: lazy(() => import('./PaymentBatchPage')) },
    { path: '/payment-settings', screen: 'payment-settings', Page: lazy(() => import('./PaymentSettingsPage')) },
  ],
  menu: [{ to: '/payouts', label: 'app.menu.payouts', screen: 'payouts', icon: <PaymentsIcon />, place: 70 }],
  settings: [{ screen: 'payment-settings', label: 'app.payment_settings.title', Icon: AccountBalanceIcon }],
};
