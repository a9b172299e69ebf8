/**
 * The pages' screens the admin loads when first shown, in one chunk (pages/feature.tsx): the dashboard after signing
 * in, the settings page and the FAQs' order, and those the login page links to.
 */
export { Dashboard } from './Dashboard';
export { FaqOrderPage } from './FaqOrderPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SettingsPage } from './SettingsPage';
export { StaffSsoReturnPage } from './StaffSsoReturnPage';
