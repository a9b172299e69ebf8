import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, defaultTheme, Resource, type AuthProvider, type DataProvider, type I18nProvider } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { resourceList } from '../../resources/index';
import { resourceIcon } from './resources/icons';
import { lazyResourceScreens } from './resources/lazyResourceScreens';
import { brand } from '../theme';
import { features } from './features';
import type { FeatureRoute } from './feature';
import { AppLayout } from './layout/AppLayout';
import { ScreenLoading } from './layout/ScreenLoading';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/StatusScreens';
import { listStore } from './listStore';
import { authProvider, dataProvider } from './providers';
import { RequireAccess } from './RequireAccess';

const store = listStore();

// The dashboard loads when first shown, in the chunk of the pages' screens (pages/screens.ts).
const Dashboard = lazy(() => import('./pages/screens').then((m) => ({ default: m.Dashboard })));

const theme = {
  ...defaultTheme,
  ...brand,
  palette: { ...defaultTheme.palette, ...brand.palette },
  components: { ...defaultTheme.components, ...brand.components },
};

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

/** Every feature's screens (features.ts), each registered once in its folder. */
const routes = features.flatMap((feature) => feature.routes);

/** A screen before signing in, outside the layout: a spinner while its code arrives. */
const bareRoute = ({ path, Page }: FeatureRoute) => (
  <Route
    key={path}
    path={path}
    element={
      <Suspense fallback={<ScreenLoading />}>
        <Page />
      </Suspense>
    }
  />
);

/** A screen in the layout, behind its access check. */
const screenRoute = ({ path, screen, Page }: FeatureRoute) => (
  <Route
    key={path}
    path={path}
    element={
      <LazyScreen screen={screen}>
        <Page />
      </LazyScreen>
    }
  />
);

/** The dashboard, with a spinner while its code arrives. */
function DashboardScreen() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Dashboard />
    </Suspense>
  );
}

/** The staff app at /admin: react-admin with our providers; one <Resource> per entity of resources/, the features' screens. */
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
      <CustomRoutes noLayout>{routes.filter((route) => route.bare).map(bareRoute)}</CustomRoutes>
      <CustomRoutes>{routes.filter((route) => !route.bare).map(screenRoute)}</CustomRoutes>
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
