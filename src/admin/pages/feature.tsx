import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import type { AdminFeature } from '../feature';

// These pages load in one chunk (screens.ts): the login page loads only itself, and one chunk rather than one each
// keeps their shared code from splitting into many small files.
const fromScreens = (name: 'SettingsPage' | 'FaqOrderPage' | 'ForgotPasswordPage' | 'ResetPasswordPage' | 'StaffSsoReturnPage') =>
  lazy(() => import('./screens').then((m) => ({ default: m[name] })));

/** The settings page, the FAQs' order, the pages of signing in, and the refusal's page. */
export const pagesFeature: AdminFeature = {
  routes: [
    { path: '/forgot-password', Page: fromScreens('ForgotPasswordPage'), bare: true },
    { path: '/reset-password/:token', Page: fromScreens('ResetPasswordPage'), bare: true },
    // Where the organisation's identity provider sends staff back after signing in there.
    { path: '/login/oidc', Page: fromScreens('StaffSsoReturnPage'), bare: true },
    { path: '/settings', screen: 'settings', Page: fromScreens('SettingsPage') },
    { path: '/faqs/order', screen: 'faqs', Page: fromScreens('FaqOrderPage') },
    { path: '/403', Page: lazy(() => import('./StatusScreens').then((m) => ({ default: m.ForbiddenPage }))) },
  ],
  menu: [{ to: '/settings', label: 'app.menu.settings', screen: 'settings', icon: <SettingsIcon />, place: 90 }],
};
