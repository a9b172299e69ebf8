import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, defaultTheme, Resource, type AuthProvider, type DataProvider, type I18nProvider } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider, useParams, useSearchParams } from 'react-router-dom';
import { resourceList } from '../../resources/index';
import { presetsOf } from './applications/presets';
import { resourceIcon } from './resources/icons';
import { lazyResourceScreens } from './resources/lazyResourceScreens';
import { brand } from '../theme';
import { AppLayout } from './layout/AppLayout';
import { ScreenLoading } from './layout/ScreenLoading';
import { LoginPage } from './pages/LoginPage';
import { ForbiddenPage, NotFoundPage } from './pages/StatusScreens';
import { listStore } from './listStore';
import { authProvider, dataProvider } from './providers';
import { RequireAccess } from './RequireAccess';

// Application handling loads when it is opened, so the login and settings screens stay light.
const store = listStore();

const ApplicationList = lazy(() => import('./applications/ApplicationList'));
const StatisticsPage = lazy(() => import('./statistics/StatisticsPage'));
const InvestigationList = lazy(() => import('./applications/InvestigationList'));
const DecidedList = lazy(() => import('./applications/DecidedList'));
const DecisioningList = lazy(() => import('./applications/DecisioningList'));
const ApplicationFormPage = lazy(() => import('./applications/ApplicationFormPage'));
const DeletionLog = lazy(() => import('./applications/DeletionLog'));
const PayoutList = lazy(() => import('./payouts/PayoutList'));
const PaymentBatchList = lazy(() => import('./payouts/PaymentBatchList'));
const PaymentBatchPage = lazy(() => import('./payouts/PaymentBatchPage'));
const PaymentSettingsPage = lazy(() => import('./payouts/PaymentSettingsPage'));
const BookkeepingPage = lazy(() => import('./bookkeeping/BookkeepingPage'));
const MeetingList = lazy(() => import('./meetings/MeetingList'));
const MeetingPage = lazy(() => import('./meetings/MeetingPage'));
// So do the dashboard, settings, FAQ order and password pages, all in one chunk (pages/screens.ts): the login page
// loads only itself, and one chunk rather than one each keeps their shared code from splitting into many small files.
const Dashboard = lazy(() => import('./pages/screens').then((m) => ({ default: m.Dashboard })));
const SettingsPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.SettingsPage })));
const FaqOrderPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.FaqOrderPage })));
const ForgotPasswordPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.ForgotPasswordPage })));
const NotificationsPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.NotificationsPage })));
const DataProtectionPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.DataProtectionPage })));
const DecisionPeriodsPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.DecisionPeriodsPage })));
const ResetPasswordPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.ResetPasswordPage })));
const SecurityPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.SecurityPage })));
const StaffSsoReturnPage = lazy(() => import('./pages/screens').then((m) => ({ default: m.StaffSsoReturnPage })));

const theme = {
  ...defaultTheme,
  ...brand,
  palette: { ...defaultTheme.palette, ...brand.palette },
  components: { ...defaultTheme.components, ...brand.components },
};

/**
 * applications/{status?}: "add" is the add-application form, a status the list shows presets its filter
 * (as ?status, ?unread and ?followups do), and anything else is not found.
 */
function ApplicationsPath() {
  const { status } = useParams();
  const [query] = useSearchParams();
  if (status === 'add') return <ApplicationFormPage />;
  const presets = presetsOf(status, query);
  return presets ? <ApplicationList presets={presets} /> : <NotFoundPage />;
}

/**
 * A screen loaded when opened: the access check first (without `screen`, any signed-in staff), then a spinner while
 * its code arrives.
 */
function LazyScreen({ screen, children }: { screen?: string; children: ReactNode }) {
  return (
    <RequireAccess screen={screen}>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </RequireAccess>
  );
}

/** The dashboard, with a spinner while its code arrives. */
function DashboardScreen() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Dashboard />
    </Suspense>
  );
}

/** The staff app at /admin: react-admin with our providers; one <Resource> per entity of resources/ (issue by issue). */
export function AdminApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  // react-admin would otherwise use a hash router; real paths under /admin match what the server serves. A data router,
  // so that forms left with unsaved changes can ask before the page changes (`warnWhenUnsavedChanges`).
  const [router] = useState(() =>
    createBrowserRouter(
      [{ path: '*', element: <StaffAdmin i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} /> }],
      { basename: '/admin' },
    ),
  );
  return <RouterProvider router={router} />;
}

/** The admin's screens and routes inside whatever router holds them, with the providers given (tests give their own). */
export function StaffAdmin({
  i18nProvider,
  dataProvider,
  authProvider,
}: {
  i18nProvider: I18nProvider;
  dataProvider: DataProvider;
  authProvider: AuthProvider;
}) {
  return (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      dashboard={DashboardScreen}
      layout={AppLayout}
      catchAll={NotFoundPage}
      accessDenied={() => <Navigate to="/403" replace />}
      theme={theme}
      store={store}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route
          path="/forgot-password"
          element={
            <Suspense fallback={<ScreenLoading />}>
              <ForgotPasswordPage />
            </Suspense>
          }
        />
        <Route
          path="/reset-password/:token"
          element={
            <Suspense fallback={<ScreenLoading />}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
        {/* Where the organisation's identity provider sends staff back after signing in there. */}
        <Route
          path="/login/oidc"
          element={
            <Suspense fallback={<ScreenLoading />}>
              <StaffSsoReturnPage />
            </Suspense>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route
          path="/settings"
          element={
            <LazyScreen screen="settings">
              <SettingsPage />
            </LazyScreen>
          }
        />
        <Route
          path="/applications/:status?"
          element={
            <LazyScreen screen="applications">
              <ApplicationsPath />
            </LazyScreen>
          }
        />
        {/* The log of deleted applications, beside the list: a path without parameters wins over /applications/:status. */}
        <Route
          path="/applications/deletions"
          element={
            <LazyScreen screen="application-deletions">
              <DeletionLog />
            </LazyScreen>
          }
        />
        {/* new and :uuid share the form; a path of its own so it never clashes with the list's /applications/:status. */}
        {['/application-form/new', '/application-form/:uuid'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <LazyScreen screen="applications">
                <ApplicationFormPage />
              </LazyScreen>
            }
          />
        ))}
        <Route
          path="/decision"
          element={
            <LazyScreen screen="decision">
              <DecidedList />
            </LazyScreen>
          }
        />
        <Route
          path="/decisioning"
          element={
            <LazyScreen screen="decisioning">
              <DecisionPeriodsPage />
            </LazyScreen>
          }
        />
        <Route
          path="/decisioning/:periodUuid/:periodName"
          element={
            <LazyScreen screen="decisioning">
              <DecisioningList />
            </LazyScreen>
          }
        />
        <Route
          path="/investigations"
          element={
            <LazyScreen screen="investigations">
              <InvestigationList />
            </LazyScreen>
          }
        />
        <Route
          path="/statistics"
          element={
            <LazyScreen screen="statistics">
              <StatisticsPage />
            </LazyScreen>
          }
        />
        <Route
          path="/data-protection"
          element={
            <LazyScreen screen="data-protection">
              <DataProtectionPage />
            </LazyScreen>
          }
        />
        <Route
          path="/payouts"
          element={
            <LazyScreen screen="payouts">
              <PayoutList />
            </LazyScreen>
          }
        />
        <Route
          path="/payment-batches"
          element={
            <LazyScreen screen="payment-batches">
              <PaymentBatchList />
            </LazyScreen>
          }
        />
        <Route
          path="/payment-batches/:id"
          element={
            <LazyScreen screen="payment-batches">
              <PaymentBatchPage />
            </LazyScreen>
          }
        />
        <Route
          path="/payment-settings"
          element={
            <LazyScreen screen="payment-settings">
              <PaymentSettingsPage />
            </LazyScreen>
          }
        />
        <Route
          path="/bookkeeping"
          element={
            <LazyScreen screen="bookkeeping">
              <BookkeepingPage />
            </LazyScreen>
          }
        />
        <Route
          path="/meetings"
          element={
            <LazyScreen screen="meetings">
              <MeetingList />
            </LazyScreen>
          }
        />
        <Route
          path="/meetings/:id"
          element={
            <LazyScreen screen="meetings">
              <MeetingPage />
            </LazyScreen>
          }
        />
        <Route
          path="/faqs/order"
          element={
            <LazyScreen screen="faqs">
              <FaqOrderPage />
            </LazyScreen>
          }
        />
        <Route
          path="/notifications"
          element={
            <LazyScreen>
              <NotificationsPage />
            </LazyScreen>
          }
        />
        <Route
          path="/security"
          element={
            <LazyScreen>
              <SecurityPage />
            </LazyScreen>
          }
        />
        <Route
          path="/403"
          element={
            <RequireAccess>
              <ForbiddenPage />
            </RequireAccess>
          }
        />
      </CustomRoutes>
      {resourceList.map((resource) => (
        <Resource
          key={resource.name}
          name={resource.name}
          icon={resourceIcon(resource.name)}
          recordRepresentation={resource.labelField}
          {...lazyResourceScreens(resource)}
        />
      ))}
    </Admin>
  );
}
