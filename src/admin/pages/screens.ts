/** The screens the admin loads when first shown, in one chunk: after signing in, and those the login page links to. */
export { Dashboard } from './Dashboard';
export { FaqOrderPage } from './FaqOrderPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SettingsPage } from './SettingsPage';
export { NotificationsPage } from '../notifications/NotificationsPage';
export { DataProtectionPage } from '../dataProtection/DataProtectionPage';
export { DecisionPeriodsPage } from '../decisioning/DecisionPeriodsPage';
export { SecurityPage } from '../security/SecurityPage';
export { StaffSsoReturnPage } from './StaffSsoReturnPage';
